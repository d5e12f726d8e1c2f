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
// in a `pipewire -c FILE` process the agent starts (the DSP never runs in the agent), and the
// session's streams are moved onto its virtual sink and source by `target.object`, journalled as
// moves. The process is journalled by PID and start time before anything relies on it, ends
// with the agent (parent-death signal, ``HelperProcess``), and a next agent ends one a killed
// agent left. PipeWire 0.3.65 ships only WebRTC: a policy asking for speex runs WebRTC, logged.
extension PipeWireEnforcer {
    /// Tells this agent's canceller nodes from a previous agent's.
    static let cancellerInstance = String(getpid())
    /// How often a starting canceller's nodes are looked for.
    static let cancellerPollInterval = Duration.milliseconds(50)
    /// How long a canceller's nodes may take to appear before it is given up.
    static let cancellerStartTimeout = Duration.seconds(20)

    /// Writes the canceller's configuration and has the loop thread start its process.
    func loadEchoCanceller(_ canceller: EchoCanceller) {
        guard !isShuttingDown, let playback = StreamTranslation.device(named: canceller.playbackMaster)?.name,
            let capture = StreamTranslation.device(named: canceller.captureMaster)?.name
        else { return }
        let configuration = NativeEchoCancellerConfiguration(
            module: EchoCancellerModule(canceller: canceller, instance: Self.cancellerInstance),
            playbackMaster: playback, captureMaster: capture)
        if configuration.substitutesWebRTC {
            logger.warning(
                "PipeWire ships only the WebRTC echo canceller: running it instead of \(canceller.settings.kind.rawValue)",
                metadata: ["echo-cancel.id": "\(canceller.id)"])
        }
        let path = journal.path + ".echo-cancel-\(Self.cancellerInstance)-\(canceller.id).conf"
        if case .failure(let error) = Self.write(configuration.text, toFile: path) {
            logger.error(
                "cannot write an echo canceller's configuration: the call's audio stays unprocessed",
                metadata: ["echo-cancel.id": "\(canceller.id)", "file.error": "\(error.reason)"])
            return
        }
        echoCancellers[canceller.id] = NativeEchoCanceller(
            configuration: configuration, configurationPath: path, requested: clock.now)
        logger.info("starting an echo canceller", metadata: ["echo-cancel.id": "\(canceller.id)", "echo-cancel.file": "\(path)"])
        cancellerTimerArmed(after: .zero)
    }

    /// Moves the stream onto the canceller's sink or source (once its nodes exist), journalled with
    /// its own device.
    func moveToEchoCanceller(_ id: StreamID, _ cancellerID: EchoCancellerID) {
        guard let canceller = echoCancellers[cancellerID] else { return }
        guard canceller.isReady else {
            echoCancellers[cancellerID]?.waitingMoves.append(id)
            return
        }
        guard let stream = table.stream(id), let ref = table.ref(of: stream.id) else { return }
        let target = canceller.node(for: ref.kind)
        var state = nodes[ref.serial] ?? PipeWireEnforcedNode(ref: ref, last: stream)
        // A stream not linked yet is journalled as on the master: undoing a move only removes
        // its target.object on this protocol.
        var original = state.movedFrom ?? table.graph.device(of: stream)?.name ?? canceller.master(for: ref.kind)
        if case .device(_, let journalled)? = journal.pendingRestore(for: .device(ref.serial)) { original = journalled }
        if EchoCancellerModule.isCancellerDevice(named: original) {
            guard original != target else { return }
            // On another canceller (the route changed): the stream's own device is behind it.
            original = echoCancellers.values.first { $0.node(for: ref.kind) == original }?.master(for: ref.kind)
                ?? canceller.master(for: ref.kind)
        }
        guard record(.move(ref.serial, originalDevice: original), id: id) else { return }
        state.movedFrom = original
        nodes[ref.serial] = state
        logger.debug("moving a stream onto its echo canceller", metadata: ["stream.id": "\(id)", "echo-cancel.node": "\(target)"])
        do {
            try connection.setMetadataProperty("target.object", of: ref.index, type: nil, value: target)
        } catch {
            logger.warning("setting target.object failed", metadata: ["stream.id": "\(id)", "pipewire.error": "\(error)"])
        }
    }

    /// Ends the canceller's process (its streams' moves off it came first: decisions apply in
    /// order) and, once it has gone, its journal entry.
    func unloadEchoCanceller(_ id: EchoCancellerID) {
        guard let canceller = echoCancellers.removeValue(forKey: id) else { return }
        removeConfiguration(of: canceller)
        for process in canceller.retiring { end(process, id: nil) }
        let successor = echoCancellers.first { !$0.value.isReady && !$0.value.waitingMoves.isEmpty }?.key
        guard let process = canceller.process else { return }
        if let successor {
            // Its streams' moves to the successor wait for the successor's nodes: it keeps them until then.
            echoCancellers[successor]?.retiring.append(process)
            logger.debug("an echo canceller ends once its successor is ready", metadata: ["echo-cancel.id": "\(id)"])
            return
        }
        end(process, id: id)
    }

    private func end(_ process: HelperProcess, id: EchoCancellerID?) {
        logger.info("ending an echo canceller", metadata: ["echo-cancel.id": "\(id.map { "\($0)" } ?? "retired")", "process.id": "\(process.pid)"])
        let journal = journal
        let logger = logger
        process.terminate {
            do { try journal.clear(.process(pid: process.pid, startTime: process.startTime)) } catch {
                logger.error("the journal cannot be written", metadata: ["journal.error": "\(error)"])
            }
        }
    }

    /// Ends every canceller at once and waits for the processes (the agent is stopping; every
    /// stream's target.object went first). With `keepingJournal` (a simulated crash) the journal
    /// keeps them, as the parent-death signal would leave it.
    func endAllEchoCancellers(keepingJournal: Bool = false) {
        cancellerTimer?.cancel()
        for (id, canceller) in echoCancellers.sorted(by: { $0.key < $1.key }) {
            removeConfiguration(of: canceller)
            for process in canceller.retiring + (canceller.process.map { [$0] } ?? []) {
                logger.info("ending an echo canceller", metadata: ["echo-cancel.id": "\(id)", "process.id": "\(process.pid)"])
                process.terminateAndWait()
                if !keepingJournal { clear(.process(pid: process.pid, startTime: process.startTime)) }
            }
        }
        echoCancellers = [:]
    }

    /// Ends canceller processes a previous agent recorded, if they still run (PID and start time
    /// match), and forgets them. Their streams' moves are journalled on their own.
    func endRecordedEchoCancellers() {
        for case .process(let pid, let startTime, let command) in journal.pendingRestores {
            if echoCancellers.values.contains(where: { $0.process?.pid == pid && $0.process?.startTime == startTime }) { continue }
            if HelperProcess.endRecorded(pid: pid, startTime: startTime) {
                logger.info("ended an echo canceller a previous agent left", metadata: ["process.id": "\(pid)", "process.command": "\(command)"])
            }
            clear(.process(pid: pid, startTime: startTime))
        }
    }

    /// The canceller the engine's id names, for status.
    func nativeEchoCanceller(_ id: EchoCancellerID) -> NativeEchoCanceller? { echoCancellers[id] }

    // MARK: Starting, on the loop thread

    private func cancellerTimerArmed(after delay: Duration) {
        if cancellerTimer == nil {
            cancellerTimer = PipeWireLoopTimer(on: connection) { [weak self] in self?.serviceEchoCancellers() }
        }
        cancellerTimer?.arm(after: delay)
    }

    /// The timer's turn (loop thread, loop locked): starts cancellers not started yet, and moves
    /// the waiting streams of those whose nodes have appeared; polls again while any is starting.
    private func serviceEchoCancellers() {
        guard !isShuttingDown else { return }
        var starting = false
        for id in echoCancellers.keys.sorted() {
            guard var canceller = echoCancellers[id], !canceller.isReady else { continue }
            if canceller.process == nil {
                guard let process = startProcess(for: canceller, id: id) else {
                    removeConfiguration(of: canceller)
                    echoCancellers[id] = nil
                    for process in canceller.retiring { end(process, id: nil) }
                    continue
                }
                canceller.process = process
                echoCancellers[id] = canceller
            }
            if nodesExist(of: canceller) {
                canceller.isReady = true
                let waiting = canceller.waitingMoves
                canceller.waitingMoves = []
                let retiring = canceller.retiring
                canceller.retiring = []
                echoCancellers[id] = canceller
                // The process has read its configuration.
                removeConfiguration(of: canceller)
                logger.info("an echo canceller is ready", metadata: ["echo-cancel.id": "\(id)"])
                for stream in waiting { moveToEchoCanceller(stream, id) }
                for process in retiring { end(process, id: nil) }
            } else if clock.now - canceller.requested > Self.cancellerStartTimeout {
                logger.error(
                    "an echo canceller's nodes never appeared: the call's audio stays unprocessed",
                    metadata: ["echo-cancel.id": "\(id)"])
                unloadEchoCanceller(id)
            } else {
                starting = true
            }
        }
        if starting { cancellerTimerArmed(after: Self.cancellerPollInterval) }
    }

    /// Starts and journals the process; `nil` (logged) when it cannot be started or journalled.
    private func startProcess(for canceller: NativeEchoCanceller, id: EchoCancellerID) -> HelperProcess? {
        // It finds the server as the agent did: the agent's environment, with its remote.
        var environment = ProcessSyscalls.currentEnvironment()
        if let cancellerRemote { environment["PIPEWIRE_REMOTE"] = cancellerRemote }
        switch HelperProcess.start(["pipewire", "-c", canceller.configurationPath], environment: environment) {
        case .failure(let error):
            logger.error(
                "cannot start pipewire for an echo canceller: the call's audio stays unprocessed",
                metadata: ["echo-cancel.id": "\(id)", "process.error": "\(error.reason)"])
            return nil
        case .success(let process):
            do { try journal.record(process.journalEntry) } catch {
                logger.error(
                    "not running an echo canceller: the journal cannot be written", metadata: ["journal.error": "\(error)"])
                process.terminateAndWait()
                return nil
            }
            logger.info("started pipewire for an echo canceller", metadata: ["echo-cancel.id": "\(id)", "process.id": "\(process.pid)"])
            return process
        }
    }

    private func nodesExist(of canceller: NativeEchoCanceller) -> Bool {
        let names = Set(connection.globals.values.compactMap { $0.type == .node ? $0.name : nil })
        return names.contains(canceller.configuration.module.sinkName) && names.contains(canceller.configuration.module.sourceName)
    }

    private static func write(_ text: String, toFile path: String) -> Result<Void, SystemErrno> {
        FileSyscalls.open(path, O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600).flatMap { descriptor in
            defer { FileSyscalls.close(descriptor) }
            return FileSyscalls.writeAll(descriptor, Array(text.utf8))
        }
    }

    private func removeConfiguration(of canceller: NativeEchoCanceller) {
        _ = FileSyscalls.removeFile(canceller.configurationPath)
    }
}
