import AudioPolicy
import Logging
import PipeWireBackend
import SoundServer

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// Voice processing on the native protocol: each engine canceller is libpipewire-module-echo-cancel
// in a `pipewire -c FILE` process the agent starts (``EchoCancellerProcesses``: the DSP never runs
// in the agent), and the session's streams are moved onto its virtual sink and source by
// `target.object`, journalled as moves. PipeWire 0.3.65 ships only WebRTC: a policy asking for
// speex runs WebRTC, logged.
extension PipeWireEnforcer: EchoCancellerProcessOwner {
    /// Tells this agent's canceller nodes from a previous agent's.
    static let cancellerInstance = String(getpid())

    /// Has the canceller's process started, between the engine's masters.
    func loadEchoCanceller(_ canceller: EchoCanceller) {
        guard !isShuttingDown, let playback = StreamTranslation.device(named: canceller.playbackMaster)?.name,
            let capture = StreamTranslation.device(named: canceller.captureMaster)?.name
        else { return }
        cancellerProcesses.start(
            NativeEchoCancellerConfiguration(
                module: EchoCancellerModule(canceller: canceller, instance: Self.cancellerInstance),
                playbackMaster: playback, captureMaster: capture))
    }

    /// Moves the stream onto the canceller's sink or source (once its nodes exist), journalled with
    /// its own device.
    func moveToEchoCanceller(_ id: StreamID, _ cancellerID: EchoCancellerID) {
        guard let canceller = cancellerProcesses.canceller(cancellerID) else { return }
        guard canceller.isReady else {
            cancellerProcesses.waitToMove(id, onto: cancellerID)
            return
        }
        guard let stream = table.stream(id), let ref = table.ref(of: stream.id) else { return }
        let target = canceller.node(for: ref.kind)
        // A stream not linked yet is journalled as on the master: undoing a move only removes
        // its target.object on this protocol.
        let master = canceller.master(for: ref.kind)
        logger.debug("moving a stream onto its echo canceller", metadata: ["stream.id": "\(id)", "echo-cancel.node": "\(target)"])
        send(ref, stream, to: target, from: table.graph.device(of: stream)?.name ?? master) { [weak self] canceller in
            // On another canceller (the route changed): the stream's own device is behind it.
            self?.cancellerProcesses.cancellers.values.first { $0.node(for: ref.kind) == canceller }?.master(for: ref.kind) ?? master
        }
    }

    /// Ends the canceller's process (its streams' moves off it came first: decisions apply in
    /// order) and, once it has gone, its journal entry.
    func unloadEchoCanceller(_ id: EchoCancellerID) {
        cancellerProcesses.end(id)
    }

    /// Ends every canceller at once and waits for the processes (the agent is stopping; every
    /// stream's target.object went first). With `keepingJournal` (a simulated crash) the journal
    /// keeps them, as the parent-death signal would leave it.
    func endAllEchoCancellers(keepingJournal: Bool = false) {
        cancellerProcesses.endAll(keepingJournal: keepingJournal)
    }

    /// Ends canceller processes a previous agent recorded, if they still run (PID and start time
    /// match), and forgets them. Their streams' moves are journalled on their own.
    func endRecordedEchoCancellers() {
        cancellerProcesses.endRecorded()
    }

    /// The canceller the engine's id names, for status.
    func nativeEchoCanceller(_ id: EchoCancellerID) -> NativeEchoCanceller? { cancellerProcesses.canceller(id) }

    // MARK: EchoCancellerProcessOwner

    func echoCancellerDevicesExist(_ configuration: NativeEchoCancellerConfiguration) -> Bool {
        let names = Set(connection.globals.values.compactMap { $0.type == .node ? $0.name : nil })
        return names.contains(configuration.module.sinkName) && names.contains(configuration.module.sourceName)
    }

    func echoCancellerReady(_ id: EchoCancellerID, waiting: [StreamID]) {
        for stream in waiting { moveToEchoCanceller(stream, id) }
    }

    func echoCancellerGaveUp(_ id: EchoCancellerID) {}
}
