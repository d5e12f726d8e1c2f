import AudioSessionContract
import Logging
import PulseBackend
import SoundServer

/// The enforcement core's commands on a PulseAudio-protocol server (PulseAudio or
/// pipewire-pulse): moves by device name, defaults by `set-default-sink` / `set-default-source`,
/// restore entries by module-stream-restore's names (``RestoreEntryName``).
///
/// ```swift
/// let actuator = PulseStreamActuator(connection: pulse, table: table, modules: steward, logger: logger)
/// actuator.setTarget("alsa_output.usb-headset", of: ref) { _ in }
/// ```
@ServerLoopActor
final class PulseStreamActuator: StreamActuator {
    let connection: PulseConnection
    let table: ServerStreamTable
    /// Says whether the policy leaves choosing devices to one of the server's modules.
    let modules: PulseModuleSteward
    let logger: Logger

    nonisolated init(connection: PulseConnection, table: ServerStreamTable, modules: PulseModuleSteward, logger: Logger) {
        self.connection = connection
        self.table = table
        self.modules = modules
        self.logger = logger
    }

    var deviceChoiceModule: String? { modules.deviceChoiceModule }

    var reachesNodes: Bool { false }

    var answersCommands: Bool { true }

    func restoreEntryName(of stream: SoundStream) -> String? { RestoreEntryName.of(stream) }

    func canTarget(_ name: String, kind: SoundDevice.Kind) -> Bool {
        (kind == .sink ? table.graph.sink(named: name) : table.graph.source(named: name)) != nil
    }

    /// The stream's volume is also the user's slider: read back before each ramp step, so that
    /// the user's change is told from the agent's last write.
    func readLevel(of ref: ServerStreamRef, then done: @escaping @ServerLoopActor @Sendable (LevelReading) -> Void) {
        connection.readStream(ref.kind, index: ref.index) { result in
            ServerLoopActor.assumeIsolated {
                guard case .success(let stream?) = result else { return done(.unreadable) }
                guard stream.deviceIndex != nil else { return done(.unlinked(stream)) }
                done(.shown(.streamVolume(StreamVolume(stream.volume)), stream))
            }
        }
    }

    /// A node's factor is PipeWire's own: the pulse protocol sets a stream's volume only.
    func setLevel(_ level: LevelBase, of ref: ServerStreamRef, then done: @escaping Completion) {
        guard case .streamVolume(let volume) = level else {
            logger.warning("the pulse protocol cannot reach a node's Props factor", metadata: ["stream.id": "\(ref.id)"])
            done(false)
            return
        }
        let volumes = ChannelVolumes(volume)
        let command: PulseCommand = ref.kind == .playback
            ? .setSinkInputVolume(index: ref.index, volume: volumes) : .setSourceOutputVolume(index: ref.index, volume: volumes)
        submit(command, ref, then: done)
    }

    func setMuted(_ muted: Bool, of ref: ServerStreamRef, then done: @escaping Completion) {
        let command: PulseCommand = ref.kind == .playback
            ? .setSinkInputMute(index: ref.index, muted: muted) : .setSourceOutputMute(index: ref.index, muted: muted)
        submit(command, ref, then: done)
    }

    /// The pulse protocol pauses (corks) a stream only from its client: the agent mutes instead.
    func setPlaying(_ playing: Bool, of ref: ServerStreamRef, then done: @escaping Completion) {
        logger.warning("the pulse protocol cannot pause or start a client's stream", metadata: ["stream.id": "\(ref.id)"])
        done(false)
    }

    func setTarget(_ device: String, of ref: ServerStreamRef, then done: @escaping Completion) {
        let command: PulseCommand = ref.kind == .playback
            ? .moveSinkInputByName(index: ref.index, sinkName: device) : .moveSourceOutputByName(index: ref.index, sourceName: device)
        submit(command, ref, then: done)
    }

    /// Moves the stream back to `original`; a device that has gone leaves it where it is.
    func clearTarget(of ref: ServerStreamRef, backTo original: String, then done: @escaping Completion) {
        guard canTarget(original, kind: ref.kind == .playback ? .sink : .source) else {
            done(true)
            return
        }
        setTarget(original, of: ref, then: done)
    }

    func setDefault(_ device: String, kind: SoundDevice.Kind) {
        let command: PulseCommand = kind == .sink ? .setDefaultSink(name: device) : .setDefaultSource(name: device)
        let logger = logger
        connection.submitOnLoop(command) { result in
            if case .failure(let error) = result {
                logger.warning("setting the default device failed", metadata: ["device.name": "\(UntrustedText.excerpt(device))", "pulse.error": "\(error)"])
            }
        }
    }

    /// Sends `command` about the stream `ref`; a refusal is logged.
    func submit(_ command: PulseCommand, _ ref: ServerStreamRef, then done: @escaping Completion) {
        let logger = logger
        connection.submitOnLoop(command) { result in
            if case .failure(let error) = result {
                logger.warning("a command failed", metadata: ["stream.id": "\(ref.id)", "pulse.error": "\(error)"])
            }
            done(result.isSuccess)
        }
    }
}
