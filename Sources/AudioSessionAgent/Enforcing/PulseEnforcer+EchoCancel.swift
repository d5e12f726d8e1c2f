import AudioPolicy
import Logging
import PulseBackend
import SoundServer

// Voice processing: the engine's echo cancellers as module-echo-cancel on PulseAudio, or on
// pipewire-pulse as libpipewire-module-echo-cancel in `pipewire` processes of the agent's
// (``EchoCancellerProcesses``, as the native backend runs them: module-echo-cancel inside
// pipewire-pulse 0.3.65 can take the server down when it is unloaded), and the session's streams
// moved onto its virtual devices by name (journalled as moves, so recovery moves them back to
// their original devices).
extension PulseEnforcer: EchoCancellerProcessOwner {
    /// Loads `module-echo-cancel` between the engine's masters, named for this agent, or on
    /// pipewire-pulse starts a canceller process with the same device names.
    func loadEchoCanceller(_ canceller: EchoCanceller) {
        guard let sinkMaster = StreamTranslation.device(named: canceller.playbackMaster)?.name,
            let sourceMaster = StreamTranslation.device(named: canceller.captureMaster)?.name
        else { return }
        let module = EchoCancellerModule(canceller: canceller, instance: cancellerInstance)
        if let cancellerProcesses {
            guard !isShuttingDown else { return }
            echoCancellers[canceller.id] = LoadedEchoCanceller(module: module, runsInProcess: true)
            cancellerProcesses.start(
                NativeEchoCancellerConfiguration(module: module, playbackMaster: sinkMaster, captureMaster: sourceMaster))
            return
        }
        echoCancellers[canceller.id] = LoadedEchoCanceller(module: module)
        let argument = module.argument(sinkMaster: sinkMaster, sourceMaster: sourceMaster)
        logger.info(
            "loading an echo canceller", metadata: ["echo-cancel.id": "\(canceller.id)", "module.argument": "\(argument)"])
        let logger = logger
        connection.submitOnLoop(.loadModule(name: EchoCancellerModule.moduleName, argument: argument)) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let index?):
                echoCancellerLoaded(canceller.id, index: index)
            case .success(nil):
                echoCancellers[canceller.id] = nil
            case .failure(let error):
                logger.error(
                    "cannot load an echo canceller: the call's audio stays unprocessed",
                    metadata: ["echo-cancel.id": "\(canceller.id)", "pulse.error": "\(error)"])
                echoCancellers[canceller.id] = nil
            }
        }
    }

    private func echoCancellerLoaded(_ id: EchoCancellerID, index: UInt32) {
        guard var loaded = echoCancellers[id] else { return }
        loaded.index = index
        let waiting = loaded.waitingMoves
        loaded.waitingMoves = []
        echoCancellers[id] = loaded
        if loaded.unloadWhenLoaded || isShuttingDown {
            unloadEchoCanceller(id)
            return
        }
        for stream in waiting { moveToEchoCanceller(stream, id) }
    }

    /// Moves the stream onto the canceller's sink or source, journalled with its original device.
    /// A canceller's devices exist by the time the move is sent: PulseAudio's module creates
    /// them before it answers the load, and a canceller process's are waited for as its devices'
    /// appearance (``EchoCancellerProcesses/devicesAppeared()``).
    func moveToEchoCanceller(_ id: StreamID, _ cancellerID: EchoCancellerID) {
        guard let loaded = echoCancellers[cancellerID] else { return }
        if loaded.runsInProcess, let cancellerProcesses, !cancellerProcesses.isReady(cancellerID) {
            cancellerProcesses.waitToMove(id, onto: cancellerID)
            return
        }
        guard loaded.index != nil || loaded.runsInProcess else {
            echoCancellers[cancellerID]?.waitingMoves.append(id)
            return
        }
        guard let stream = table.stream(id), let ref = table.ref(of: stream.id) else { return }
        guard let current = currentDeviceName(of: stream) else {
            // pipewire-pulse shows a new stream before it links it: move it once it has a device.
            cancellerMovesAwaitingLink[ref.serial] = cancellerID
            return
        }
        cancellerMovesAwaitingLink[ref.serial] = nil
        let target = ref.kind == .playback ? loaded.module.sinkName : loaded.module.sourceName
        send(ref, stream, to: target, from: current) { [weak self] in self?.deviceBehindCanceller(named: $0, kind: ref.kind) }
    }

    /// The server name of the device behind one of this agent's cancellers' sinks or sources.
    private func deviceBehindCanceller(named name: String, kind: SoundStream.Kind) -> String? {
        for loaded in echoCancellers.values where loaded.module.sinkName == name || loaded.module.sourceName == name {
            let master = kind == .playback ? loaded.module.canceller.playbackMaster : loaded.module.canceller.captureMaster
            return StreamTranslation.device(named: master)?.name
        }
        return nil
    }

    /// A stream the enforcer waited on to link has a device now: it goes onto its canceller.
    func linkedStreamChanged(_ ref: ServerStreamRef, _ stream: SoundStream) {
        unloadVacatedEchoCancellers()
        guard let cancellerID = cancellerMovesAwaitingLink[ref.serial], currentDeviceName(of: stream) != nil else { return }
        moveToEchoCanceller(ref.id, cancellerID)
    }

    /// Unloads the canceller once no stream goes through it any more, or after
    /// ``vacancyGrace`` at the latest.
    ///
    /// A route change loads the new canceller, moves the streams and unloads the old one; the
    /// moves wait for the new canceller's load, so unloading at once would take the old
    /// canceller's devices away while its streams are still on them and the server moves them
    /// itself at the same moment as the agent. pipewire-pulse 0.3.65 has gone away on such a
    /// succession (issue 9). Waiting costs nothing journal-wise: the streams' moves are journalled
    /// as they are sent, and a stopping agent unloads every canceller it still holds.
    func unloadEchoCanceller(_ id: EchoCancellerID) {
        guard let loaded = echoCancellers[id] else { return }
        guard loaded.index != nil || loaded.runsInProcess else {
            echoCancellers[id]?.unloadWhenLoaded = true
            return
        }
        guard !isShuttingDown, carriesStreams(loaded.module) else {
            unloadNow(id)
            return
        }
        echoCancellers[id]?.unloadWhenVacated = true
        logger.debug("the echo canceller is unloaded once its streams have left", metadata: ["echo-cancel.id": "\(id)"])
        if cancellerVacancyTimer == nil {
            cancellerVacancyTimer = PulseLoopTimer.onLoop(of: connection) { [weak self] in self?.unloadVacatedEchoCancellers(evenIfCarrying: true) }
        }
        cancellerVacancyTimer?.arm(after: Self.vacancyGrace)
    }

    /// How long a canceller the engine no longer needs waits for its streams to leave: longer
    /// than a move takes on a loaded server, short enough that a stream nobody moves off it (one
    /// a user put there) is not held on a canceller for long.
    static let vacancyGrace = Duration.seconds(3)

    /// Unloads the cancellers waiting for their streams to leave that carry none now (or all of
    /// them, when the grace is over).
    func unloadVacatedEchoCancellers(evenIfCarrying: Bool = false) {
        for (id, loaded) in echoCancellers where loaded.unloadWhenVacated && (evenIfCarrying || !carriesStreams(loaded.module)) {
            unloadNow(id)
        }
    }

    /// Whether any stream plays to or records from the canceller's devices.
    private func carriesStreams(_ module: EchoCancellerModule) -> Bool {
        let graph = table.graph
        return graph.sinkInputs.values.contains { graph.device(of: $0)?.name == module.sinkName }
            || graph.sourceOutputs.values.contains { graph.device(of: $0)?.name == module.sourceName }
    }

    private func unloadNow(_ id: EchoCancellerID) {
        guard let loaded = echoCancellers.removeValue(forKey: id) else { return }
        if loaded.runsInProcess {
            cancellerProcesses?.end(id)
            return
        }
        guard let index = loaded.index else { return }
        logger.info("unloading an echo canceller", metadata: ["echo-cancel.id": "\(id)"])
        let logger = logger
        connection.submitOnLoop(.unloadModule(index: index)) { result in
            if case .failure(let error) = result {
                logger.warning("cannot unload an echo canceller", metadata: ["echo-cancel.id": "\(id)", "pulse.error": "\(error)"])
            }
        }
    }

    /// Unloads every canceller module this agent loaded (it is stopping); `counter` counts the
    /// answers. Canceller processes end in ``endAllCancellerProcesses()``, once the streams' moves
    /// off them are answered.
    func unloadAllEchoCancellers(counter: WorkCounter) {
        for (id, loaded) in echoCancellers where !loaded.runsInProcess {
            guard let index = loaded.index else { continue }
            echoCancellers[id] = nil
            counter.begin()
            connection.submitOnLoop(.unloadModule(index: index)) { result in counter.finish(succeeded: result.isSuccess) }
        }
    }

    /// Unloads cancellers a previous agent left loaded (it was killed): any module-echo-cancel
    /// with an agent's device names that this agent did not load.
    func sweepEchoCancellers(counter: WorkCounter) {
        let mine = Set(echoCancellers.values.compactMap(\.index))
        for module in table.graph.modules.values
        where EchoCancellerModule.isAgentCanceller(moduleName: module.name, argument: module.argument)
            && !mine.contains(module.index)
        {
            logger.info("unloading an echo canceller a previous agent left", metadata: ["module.index": "\(module.index)"])
            counter.begin()
            connection.submitOnLoop(.unloadModule(index: module.index)) { result in counter.finish(succeeded: result.isSuccess) }
        }
    }

    /// Ends every canceller process and waits for them (the agent is stopping: the streams were
    /// moved off them first), then ends those a previous agent recorded.
    func endAllCancellerProcesses() {
        guard let cancellerProcesses else { return }
        echoCancellers = echoCancellers.filter { !$0.value.runsInProcess }
        cancellerProcesses.endAll()
        cancellerProcesses.endRecorded()
    }

    /// The canceller the engine's id names, for status.
    func echoCancellerModule(_ id: EchoCancellerID) -> EchoCancellerModule? { echoCancellers[id]?.module }

    // MARK: EchoCancellerProcessOwner

    func echoCancellerDevicesExist(_ configuration: NativeEchoCancellerConfiguration) -> Bool {
        // Seen through pipewire-pulse: a move by name finds them from now on.
        table.graph.sink(named: configuration.module.sinkName) != nil
            && table.graph.source(named: configuration.module.sourceName) != nil
    }

    func echoCancellerReady(_ id: EchoCancellerID, waiting: [StreamID]) {
        for stream in waiting { moveToEchoCanceller(stream, id) }
    }

    func echoCancellerGaveUp(_ id: EchoCancellerID) {
        echoCancellers[id] = nil
    }
}
