import AudioPolicy
import AudioSessionModel
import Logging
import SoundServer
import Synchronization
import Testing

@testable import AudioSessionAgent

/// A laptop's headphone jack through the agent's real translator and coordinator, with the
/// server's side played by graph events: one ALSA sink with a speaker and a headphones port, the
/// active port and the ports' availability changing as PulseAudio 16 reports them (its mixer
/// paths make the speaker port unavailable while headphones are plugged, and unknown after).
/// No private server can show this: a null sink has no ports.
@Suite("A laptop's headphone jack through the translator")
struct HeadphoneJackTranslationTests {
    /// A loop timer that never fires: sessions do not change while the jack is tested.
    final class IdleTimer: LoopTimer {
        func arm(after delay: Duration) {}
        func cancel() {}
    }

    static let instance = ServerInstance(rawValue: "pulse:laptop:1")
    static let sinkName = "alsa_output.pci-0000_00_1f.3.analog-stereo"

    /// The laptop's sink with the properties module-alsa-card gives a PCI card (udev calls every
    /// card on the PCI bus `internal`).
    static func laptop(
        active: String, headphones: DevicePort.Availability, speaker: DevicePort.Availability,
        headphonesTypeName: String = "headphones"
    ) -> SoundDevice {
        SoundDevice(
            kind: .sink, index: 0, name: sinkName, description: "Built-in Audio Analog Stereo",
            properties: [
                "device.api": "alsa", "device.bus": "pci", "device.class": "sound", "device.form_factor": "internal",
                "device.icon_name": "audio-card-pci", "alsa.card": "0",
            ],
            ports: [
                DevicePort(
                    name: "analog-output-speaker", description: "Speakers", typeName: "speaker", availability: speaker,
                    priority: 10_000),
                DevicePort(
                    name: "analog-output-headphones", description: "Headphones", typeName: headphonesTypeName,
                    availability: headphones, priority: 9_900),
            ],
            activePortName: active, channelMap: ChannelMap([.frontLeft, .frontRight]), monitorSourceIndex: 0, cardIndex: 0)
    }

    static let onSpeaker = laptop(active: "analog-output-speaker", headphones: .unavailable, speaker: .unknown)
    static let onHeadphones = laptop(active: "analog-output-headphones", headphones: .available, speaker: .unavailable)
    static let monitor = SoundDevice(
        kind: .source, index: 0, name: sinkName + ".monitor", description: "Monitor of Built-in Audio Analog Stereo",
        properties: ["device.class": "monitor"], monitorOfSinkIndex: 0)

    /// The translator and coordinator as the agent wires them, a library session playing on the
    /// laptop's speaker and a browser playing music there without the library.
    final class Rig {
        let recorder = PolicyCoordinatorTests.RecordingSink()
        let coordinator: PolicyCoordinator
        let translator: GraphTranslator
        var graph: Graph
        let session: SessionID
        let song: StreamID
        let browser: StreamID

        init() throws {
            let policy = Policy(
                roles: [.music: RoleBehavior(category: .playback), .none: RoleBehavior(category: .playback, options: [.mixWithOthers])])
            coordinator = PolicyCoordinator(engine: PolicyEngine(policy: policy), sinks: [recorder])
            let caller = BusCaller(uniqueName: ":1.7", processID: 7)
            let (registered, _) = try coordinator.transact { registry in
                let session = try registry.register(SessionProperties(applicationID: "org.example.Player"), from: caller)
                let configure = try registry.configure(
                    session.id, by: caller.uniqueName, category: "playback", mode: "default", options: [])
                return (session, [session.registrationEvent, configure, try registry.activate(session.id, by: caller.uniqueName)])
            }
            session = registered.id
            translator = GraphTranslator(
                table: ServerStreamTable(instance: HeadphoneJackTranslationTests.instance),
                modules: nil, resolver: StreamSessionResolver(processes: LinuxProcessTable()), logger: Logger(label: "jack-test"))
            onTheServerLoop { [translator, coordinator] in translator.attach(to: coordinator) { _ in IdleTimer() } }

            let songStream = SoundStream(
                kind: .playback, index: 5, name: "song", clientIndex: 3, deviceIndex: 0,
                properties: [
                    "media.role": "music", StreamSessionResolver<LinuxProcessTable>.tokenProperty: registered.token.rawValue,
                    ClientBindings.nonceProperty: registered.clientNonce,
                ])
            let browserStream = SoundStream(
                kind: .playback, index: 6, name: "Playback", clientIndex: 4, deviceIndex: 0,
                properties: ["media.role": "music", "application.name": "Browser"])
            song = ServerStreamRef(songStream, instance: HeadphoneJackTranslationTests.instance).id
            browser = ServerStreamRef(browserStream, instance: HeadphoneJackTranslationTests.instance).id
            graph = Graph(
                server: ServerInfo(
                    name: "pulseaudio", version: "16.1", defaultSinkName: HeadphoneJackTranslationTests.sinkName,
                    instance: HeadphoneJackTranslationTests.instance),
                sinks: [0: HeadphoneJackTranslationTests.onSpeaker], sources: [0: HeadphoneJackTranslationTests.monitor],
                sinkInputs: [5: songStream, 6: browserStream],
                clients: [3: SoundClient(index: 3, name: "Player"), 4: SoundClient(index: 4, name: "Browser")])
            onTheServerLoop { [translator, graph] in translator.begin(with: graph) }
        }

        /// The server reports the sink changed; what the engine was told and decided since.
        func sinkChanges(to device: SoundDevice) -> [(PolicyEvent, [PolicyDecision])] {
            let before = recorder.received.withLock { $0.count }
            let old = graph.sinks[0]
            graph.sinks[0] = device
            if let old { onTheServerLoop { [translator, graph] in _ = translator.handle(.deviceChanged(old: old, new: device), graph: graph) } }
            return recorder.received.withLock { Array($0[before...]) }
        }

        /// A stream's cork state changed on the server (its player paused or played).
        func streamCorks(_ index: UInt32, _ isCorked: Bool) -> [PolicyDecision] {
            let before = recorder.received.withLock { $0.count }
            guard let old = graph.sinkInputs[index] else { return [] }
            var new = old
            new.isCorked = isCorked
            graph.sinkInputs[index] = new
            onTheServerLoop { [translator, graph] in _ = translator.handle(.streamChanged(old: old, new: new), graph: graph) }
            return recorder.received.withLock { $0[before...].flatMap(\.1) }
        }
    }

    @Test("the sink is headphones while the headphone port is active, a speaker otherwise, though the card is internal")
    func classification() throws {
        let headphones = try #require(StreamTranslation.info(for: Self.onHeadphones))
        #expect(headphones.port.type == .headphones)
        #expect(headphones.port.uid == Self.sinkName + "#analog-output-headphones")
        #expect(headphones.isAvailable)
        #expect(headphones.portAvailability == [headphones.port.uid: true, Self.sinkName + "#analog-output-speaker": false])
        let speaker = try #require(StreamTranslation.info(for: Self.onSpeaker))
        #expect(speaker.port.type == .builtInSpeaker)
        #expect(speaker.port.uid == Self.sinkName + "#analog-output-speaker")
        #expect(speaker.isAvailable, "an unknown availability is no unplug")
        #expect(speaker.portAvailability == [headphones.port.uid: false])
        // pipewire-pulse and older servers may give no port type: the port's name decides.
        let untyped = Self.laptop(
            active: "analog-output-headphones", headphones: .available, speaker: .unavailable, headphonesTypeName: "unknown")
        #expect(StreamTranslation.info(for: untyped)?.port.type == .headphones)
        #expect(speaker.id == headphones.id, "one device throughout")
    }

    @Test("plug: the engine sees the sink change port; the session hears new-device-available; nothing is silenced")
    func plug() throws {
        let rig = try Rig()
        let told = rig.sinkChanges(to: Self.onHeadphones)
        #expect(told.map(\.0) == [.deviceAdded(try #require(StreamTranslation.info(for: Self.onHeadphones)))])
        let decisions = told.flatMap(\.1)
        let changes = decisions.compactMap { decision -> (SessionID, RouteChangeReason, RouteDescription, RouteDescription)? in
            if case .routeChanged(let id, let reason, let previous, let current, _) = decision { (id, reason, previous, current) } else { nil }
        }
        #expect(changes.map(\.0) == [rig.session])
        #expect(changes.map(\.1) == [.newDeviceAvailable])
        #expect(changes.first?.2.outputs.map(\.type) == [.builtInSpeaker])
        #expect(changes.first?.3.outputs.map(\.type) == [.headphones])
        #expect(!decisions.contains { if case .silence = $0 { true } else { false } }, "\(decisions)")
    }

    @Test("unplug: old-device-unavailable, the browser silenced (unplugged) on the speaker until its player pauses")
    func unplug() throws {
        let rig = try Rig()
        _ = rig.sinkChanges(to: Self.onHeadphones)
        let told = rig.sinkChanges(to: Self.onSpeaker)
        #expect(told.map(\.0) == [.deviceAdded(try #require(StreamTranslation.info(for: Self.onSpeaker)))])
        let decisions = told.flatMap(\.1)
        let changes = decisions.compactMap { decision -> (SessionID, RouteChangeReason, RouteDescription, RouteDescription)? in
            if case .routeChanged(let id, let reason, let previous, let current, _) = decision { (id, reason, previous, current) } else { nil }
        }
        #expect(changes.map(\.0) == [rig.session])
        #expect(changes.map(\.1) == [.oldDeviceUnavailable])
        #expect(changes.first?.2.outputs.map(\.uid) == [Self.sinkName + "#analog-output-headphones"])
        #expect(changes.first?.3.outputs.map(\.uid) == [Self.sinkName + "#analog-output-speaker"])
        let silenced = decisions.compactMap { if case .silence(let id, let cause, _) = $0 { (id, cause) } else { nil } }
        #expect(silenced.map(\.0) == [rig.browser], "the library's player pauses itself")
        #expect(silenced.map(\.1) == [.unplugged])

        // The browser's player pauses (over MPRIS, or its user): once the stop has lasted, it is
        // released, not to be resumed.
        let stopped = rig.streamCorks(6, true)
        #expect(!stopped.contains { if case .unsilence = $0 { true } else { false } }, "a stop must last: \(stopped)")
        let paused = rig.coordinator.handleOnLoop(.timePassed(milliseconds: PolicyEngine.pauseSettleMilliseconds))
        #expect(paused.contains { if case .unsilence(rig.browser, false, _) = $0 { true } else { false } }, "\(paused)")
    }

    @Test("changes that are no port change reach the engine as nothing, or as nothing to act on")
    func control() throws {
        let rig = try Rig()
        // A volume change on the sink: nothing the engine sees.
        var louder = Self.onSpeaker
        louder.volume = ChannelVolumes([Volume(percent: 60), Volume(percent: 60)])
        #expect(rig.sinkChanges(to: louder).isEmpty)
        // The speaker port's availability becomes known while it stays active: told, decides nothing.
        let known = Self.laptop(active: "analog-output-speaker", headphones: .unavailable, speaker: .available)
        let told = rig.sinkChanges(to: known)
        #expect(told.count == 1)
        #expect(told.flatMap(\.1).isEmpty, "\(told)")
    }
}
