import AudioPolicy
import Logging
import PulseBackend
import SoundServer

// Voice processing: the engine's echo cancellers as module-echo-cancel on the server, and the
// session's streams moved onto its virtual devices (journalled as moves, so recovery moves them
// back to their original devices).
extension PulseEnforcer {
    /// Loads `module-echo-cancel` between the engine's masters, named for this agent.
    func loadEchoCanceller(_ canceller: EchoCanceller) {
        guard let sinkMaster = StreamTranslation.device(named: canceller.playbackMaster)?.name,
            let sourceMaster = StreamTranslation.device(named: canceller.captureMaster)?.name
        else { return }
        let module = EchoCancellerModule(canceller: canceller, instance: cancellerInstance)
        echoCancellers[canceller.id] = LoadedEchoCanceller(module: module)
        let argument = module.argument(sinkMaster: sinkMaster, sourceMaster: sourceMaster)
        logger.info(
            "loading an echo canceller", metadata: ["echo-cancel.id": "\(canceller.id)", "module.argument": "\(argument)"])
        let logger = logger
        connection.submit(.loadModule(name: EchoCancellerModule.moduleName, argument: argument)) { [weak self] result in
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
    func moveToEchoCanceller(_ id: StreamID, _ cancellerID: EchoCancellerID) {
        guard let loaded = echoCancellers[cancellerID] else { return }
        guard loaded.index != nil else {
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
        var state = enforced[ref.serial] ?? EnforcedStream(ref: ref, last: stream)
        var original = state.movedFrom ?? current
        if case .device(_, let journalled)? = journal.pendingRestore(for: .device(ref.serial)) { original = journalled }
        if EchoCancellerModule.isCancellerDevice(named: original) {
            // Already on a canceller: its own, or another call's where WirePlumber put it (it
            // restores a role's last target, and a call's stream was moved onto a canceller).
            // Then the stream's own device is the one behind that canceller.
            guard original != target, let behind = deviceBehindCanceller(named: original, kind: ref.kind) else { return }
            original = behind
        }
        guard record(.move(ref.serial, originalDevice: original), for: state) else { return }
        state.movedFrom = original
        enforced[ref.serial] = state
        let command: PulseCommand = ref.kind == .playback
            ? .moveSinkInputByName(index: ref.index, sinkName: target)
            : .moveSourceOutputByName(index: ref.index, sourceName: target)
        let logger = logger
        connection.submit(command) { [weak self] result in
            if case .failure(let error) = result {
                logger.warning("cannot move a stream onto its echo canceller", metadata: ["stream.id": "\(id)", "pulse.error": "\(error)"])
                return
            }
            self?.repairRestoreEntry(ref.serial)
        }
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
        guard let cancellerID = cancellerMovesAwaitingLink[ref.serial], currentDeviceName(of: stream) != nil else { return }
        moveToEchoCanceller(ref.id, cancellerID)
    }

    /// Unloads the canceller (its streams were moved off first: commands apply in order).
    func unloadEchoCanceller(_ id: EchoCancellerID) {
        guard let loaded = echoCancellers[id] else { return }
        guard let index = loaded.index else {
            echoCancellers[id]?.unloadWhenLoaded = true
            return
        }
        echoCancellers[id] = nil
        logger.info("unloading an echo canceller", metadata: ["echo-cancel.id": "\(id)"])
        let logger = logger
        connection.submit(.unloadModule(index: index)) { result in
            if case .failure(let error) = result {
                logger.warning("cannot unload an echo canceller", metadata: ["echo-cancel.id": "\(id)", "pulse.error": "\(error)"])
            }
        }
    }

    /// Unloads every canceller this agent loaded (it is stopping); `counter` counts the answers.
    func unloadAllEchoCancellers(counter: WorkCounter) {
        for (id, loaded) in echoCancellers {
            guard let index = loaded.index else { continue }
            echoCancellers[id] = nil
            counter.begin()
            connection.submit(.unloadModule(index: index)) { result in counter.finish(succeeded: result.isSuccess) }
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
            connection.submit(.unloadModule(index: module.index)) { result in counter.finish(succeeded: result.isSuccess) }
        }
    }

    /// The canceller the engine's id names, for status.
    func echoCancellerModule(_ id: EchoCancellerID) -> EchoCancellerModule? { echoCancellers[id]?.module }
}
