import AudioSessionBus
import AudioSessionContract
import Synchronization

/// The shared part of a ``RemoteCommandCenter``: the player's state and the broadcast of its
/// commands. The exported object's handlers hold this core, never the center nor its
/// connection, so releasing the center closes the connection and drops the name.
final class MprisPlayerCore: Sendable {
    let identity: String
    let desktopEntry: String?
    let state = Mutex(MprisPlayerState())
    let commands = EventBroadcast<RemoteCommand>()

    init(identity: String, desktopEntry: String?) {
        self.identity = identity
        self.desktopEntry = desktopEntry
    }

    /// The object at `/org/mpris/MediaPlayer2`: the root and player interfaces. Every handler is
    /// synchronous (it runs on the connection's thread): a command is only handed to the
    /// subscribers, never waited for.
    func busObject() -> BusObject {
        BusObject(
            path: MprisNames.objectPath, interfaces: [rootInterface(), playerInterface()],
            introspectionXML: MprisIntrospection.xml(hasDesktopEntry: desktopEntry != nil))
    }

    private func rootInterface() -> BusInterface {
        var properties = [
            BusProperty("CanQuit", type: .boolean) { .boolean(false) },
            BusProperty("CanRaise", type: .boolean) { .boolean(false) },
            BusProperty("HasTrackList", type: .boolean) { .boolean(false) },
            BusProperty("Identity", type: .string) { [identity] in .string(identity) },
            BusProperty("SupportedUriSchemes", type: .array(.string)) { .array(element: .string, []) },
            BusProperty("SupportedMimeTypes", type: .array(.string)) { .array(element: .string, []) },
        ]
        if let desktopEntry { properties.append(BusProperty("DesktopEntry", type: .string) { .string(desktopEntry) }) }
        // Raise and Quit have no effect: CanRaise and CanQuit say so, as MPRIS asks.
        return BusInterface(
            MprisNames.rootInterface, methods: [.sync("Raise") { _ in [] }, .sync("Quit") { _ in [] }], properties: properties)
    }

    private func playerInterface() -> BusInterface {
        let commandMethods = ["Play", "Pause", "PlayPause", "Stop", "Next", "Previous", "Seek", "SetPosition"].map { name in
            BusMethod.sync(name) { [weak self] call in
                try self?.deliver(call)
                return []
            }
        }
        let openURI = BusMethod.sync("OpenUri") { _ in
            throw BusError(.notSupported, "this player opens no URIs (SupportedUriSchemes is empty)")
        }
        var properties = [
            property("PlaybackStatus", .string) { state, _ in .string(state.status.rawValue) },
            property("Metadata", .dictionary(key: .string, value: .variant)) { state, _ in state.metadata },
            property("Position", .int64) { state, now in .int64(state.position(at: now).mprisMicroseconds) },
            BusProperty("Rate", type: .double) { .double(1) },
            BusProperty("MinimumRate", type: .double) { .double(1) },
            BusProperty("MaximumRate", type: .double) { .double(1) },
            BusProperty("Volume", type: .double) { .double(1) },
            BusProperty("CanControl", type: .boolean) { .boolean(true) },
        ]
        for name in MprisPlayerState.capabilityNames {
            properties.append(property(name, .boolean) { state, _ in state.capabilities[name] ?? .boolean(false) })
        }
        return BusInterface(MprisNames.playerInterface, methods: commandMethods + [openURI], properties: properties)
    }

    /// A property read from the state, under its lock, at the time of the read.
    private func property(
        _ name: String, _ type: BusType, _ read: @escaping @Sendable (MprisPlayerState, ContinuousClock.Instant) -> BusValue
    ) -> BusProperty {
        BusProperty(name, type: type) { [weak self] in
            guard let self else { throw BusError(.failed, "the player is closing") }
            let now = ContinuousClock.now
            return state.withLock { read($0, now) }
        }
    }

    /// Hands the command a call asks for to every subscriber.
    ///
    /// - Throws: the state's refusal (a command not enabled, bad arguments), or `Failed` when no
    ///   one in the app listens to the commands: the caller learns that nothing happened.
    private func deliver(_ call: BusMethodCall) throws(BusError) {
        guard let command = try state.withLock({ state throws(BusError) in try state.command(for: call.method, arguments: call.arguments) })
        else { return }
        guard commands.publish(command) > 0 else {
            throw BusError(.failed, "the player takes no commands now: the app does not listen to its remote commands")
        }
    }
}
