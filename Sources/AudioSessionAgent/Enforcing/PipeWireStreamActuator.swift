import AudioSessionContract
import Logging
import PipeWireBackend
import SoundServer

/// The enforcement core's commands on native PipeWire, through the metadata WirePlumber
/// follows: a stream's `target.object`, the configured defaults, and WirePlumber's restore keys
/// (``WirePlumberRestoreKey``). PipeWire answers no metadata change, so completions run at once
/// with whether the change could be sent.
///
/// ```swift
/// let actuator = PipeWireStreamActuator(connection: pipewire, logger: logger)
/// actuator.setTarget("alsa_output.usb-headset", of: ref) { _ in }
/// ```
@ServerLoopActor
final class PipeWireStreamActuator: StreamActuator {
    let connection: PipeWireConnection
    let logger: Logger

    nonisolated init(connection: PipeWireConnection, logger: Logger) {
        self.connection = connection
        self.logger = logger
    }

    /// WirePlumber chooses devices beside the agent, and honours `target.object`.
    var deviceChoiceModule: String? { nil }

    var reachesNodes: Bool { true }

    var answersCommands: Bool { false }

    func restoreEntryName(of stream: SoundStream) -> String? { WirePlumberRestoreKey(stream.properties)?.rawValue }

    /// WirePlumber links a stream to its `target.object` once the device is there.
    func canTarget(_ name: String, kind: SoundDevice.Kind) -> Bool { true }

    /// A factor goes into the node's Props `volume`, over the user's channel volumes; a stream
    /// volume (a pulse-protocol agent's journal) into its `channelVolumes`.
    /// A duck scales the node's Props factor, which no user control sets.
    func readLevel(of ref: ServerStreamRef, then done: @escaping @ServerLoopActor @Sendable (LevelReading) -> Void) {
        done(.agentsOwn)
    }

    func setLevel(_ level: LevelBase, of ref: ServerStreamRef, then done: @escaping Completion) {
        let props = switch level {
        case .nodeFactor(let factor): PipeWireNodeProps(volume: Float(factor))
        case .streamVolume(let volume): PipeWireNodeProps(channelVolumes: ChannelVolumes(volume).map { Float($0.linearFactor) })
        }
        done(attempt("setting Props volume", ref) { try connection.setProps(props, onNode: ref.index) })
    }

    func setMuted(_ muted: Bool, of ref: ServerStreamRef, then done: @escaping Completion) {
        done(attempt("setting Props mute", ref) { try connection.setProps(PipeWireNodeProps(mute: muted), onNode: ref.index) })
    }

    /// The node's Pause or Start command (a paused node keeps reporting running).
    func setPlaying(_ playing: Bool, of ref: ServerStreamRef, then done: @escaping Completion) {
        done(attempt("a node command", ref) { try connection.send(playing ? .start : .pause, toNode: ref.index) })
    }

    func setTarget(_ device: String, of ref: ServerStreamRef, then done: @escaping Completion) {
        done(attempt("setting target.object", ref) { try connection.setMetadataProperty("target.object", of: ref.index, type: nil, value: device) })
    }

    /// Removes the stream's `target.object`: WirePlumber links it by its own rules again.
    func clearTarget(of ref: ServerStreamRef, backTo original: String, then done: @escaping Completion) {
        done(attempt("removing target.object", ref) { try connection.removeMetadataProperty("target.object", of: ref.index) })
    }

    func setDefault(_ device: String, kind: SoundDevice.Kind) {
        let key = kind == .sink ? "default.configured.audio.sink" : "default.configured.audio.source"
        // A device name is whatever its creator chose: a quote, backslash or control character
        // in it would end or break the JSON string.
        let quoted = device.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\"", "\\": "\\" + String(scalar)
            case _ where scalar.value < 0x20: "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: String(scalar)
            }
        }.joined()
        do {
            try connection.setMetadataProperty(key, of: 0, type: "Spa:String:JSON", value: "{ \"name\": \"\(quoted)\" }")
        } catch {
            logger.warning("setting the default device failed", metadata: ["device.name": "\(UntrustedText.excerpt(device))", "pipewire.error": "\(error)"])
        }
    }

    /// Runs one call of the connection's; `false`, logged as `what` failing, when it throws.
    private func attempt(_ what: String, _ ref: ServerStreamRef, _ call: () throws -> Void) -> Bool {
        do {
            try call()
            return true
        } catch {
            logger.warning("\(what) failed", metadata: ["stream.id": "\(ref.id)", "pipewire.error": "\(error)"])
            return false
        }
    }
}
