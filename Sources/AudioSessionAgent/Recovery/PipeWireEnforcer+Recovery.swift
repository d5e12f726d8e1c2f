import Logging
import PipeWireBackend
import SoundServer

extension PipeWireEnforcer {
    /// Undoes what a previous agent left in the journal for every stream no current decision
    /// holds: called once the grace period for sessions to re-register has passed. A live node
    /// gets its volume factor, playing state and link choice back; for a node that has gone there
    /// is nothing to undo but its entries. Loop lock held.
    func recoverJournal() {
        endRecordedEchoCancellers()
        restorePending(everything: false)
    }

    /// Undoes every change at once (the agent is stopping): ramps stop, ducked nodes get their own
    /// factor back, paused ones a Start (unless their client has corked them meanwhile), moved ones lose their `target.object`, and the journal's
    /// leftovers from a previous agent are undone too. Returns the streams whose entries may be
    /// cleared once the server has taken the commands (``PipeWireConnection/sync()``). Loop lock held.
    func undoAll() -> [StreamSerial] {
        isShuttingDown = true
        ticker?.cancel()
        repauser?.cancel()
        var undone: [StreamSerial] = []
        for (serial, state) in enforced.sorted(by: { $0.key < $1.key }) {
            if let duck = state.duck {
                actuator.setLevel(.nodeFactor(duck.base), of: state.ref)
                repairRestoreEntry(state, factor: duck.base)
            }
            if state.isPaused {
                startUnlessCorked(state.ref)
                pauser?.release(state.last)
            }
            if let wasMuted = state.silencedWasMuted {
                actuator.setMuted(wasMuted, of: state.ref)
                repairRestoreEntry(state, muted: wasMuted)
                pauser?.release(state.last)
            }
            if let original = state.movedFrom { actuator.clearTarget(of: state.ref, backTo: original) { _ in } }
            undone.append(serial)
        }
        enforced = [:]
        settle()
        settler?.cancel()
        // After the moves off them: the metadata changes are queued before the processes end.
        endAllEchoCancellers()
        endRecordedEchoCancellers()
        return undone + restorePending(everything: true)
    }

    /// The server went away with the nodes it paused: their players' MPRIS pauses are let go of
    /// without a resume (the app decides, after MediaServicesReset, whether to play again).
    func letGoOfPlayers() {
        for state in enforced.values where state.isSilenced {
            pauser?.release(state.last)
        }
    }

    /// Stops acting without undoing anything (a simulated crash): ramps stop, state is dropped.
    func abandon() {
        isShuttingDown = true
        ticker?.cancel()
        repauser?.cancel()
        settler?.cancel()
        enforced = [:]
        // As the parent-death signal would end them; the journal keeps them for the next agent.
        endAllEchoCancellers(keepingJournal: true)
    }

    /// A node that ended while a previous agent ducked it (the agent was killed): WirePlumber saved
    /// the ducked factor under the node's key, so the user's factor is written back there.
    private func repairEnded(_ restores: [PendingRestore]) {
        let (key, factor, muted) = Self.owedValues(journalled: restores)
        if let key, let muted {
            logger.info("repairing the saved mute of a stream that ended muted", metadata: ["restore.key": "\(key.rawValue)"])
            repairRestoreEntry(key, muted: muted)
        }
        guard let key, let factor else { return }
        logger.info("repairing the saved volume of a stream that ended ducked", metadata: ["restore.key": "\(key.rawValue)"])
        write(factor, into: key)
        unsettled[key] = factor
        settler?.arm(after: Self.settleDelay)
    }

    /// Restores the journal's entries no enforced node has taken over, and clears them.
    @discardableResult
    private func restorePending(everything: Bool) -> [StreamSerial] {
        var restored: [StreamSerial] = []
        for (serial, restores) in pendingRestoresByStream {
            // A node the engine has ducked, paused or moved again since keeps its entries: its
            // current state took the user's values from them.
            if !everything, enforced[serial] != nil { continue }
            if let (ref, stream) = table.stream(withSerial: serial) {
                var state = PipeWireEnforcedNode(ref: ref, last: stream)
                for restore in restores {
                    switch restore {
                    case .volume(_, .nodeFactor(let factor), _):
                        actuator.setLevel(.nodeFactor(factor), of: ref)
                        state.duck = nil
                        repairRestoreEntry(state, factor: factor)
                    case .volume(_, .streamVolume(let base), let appliedLevel):
                        restoreChannelVolumes(base, appliedLevel: appliedLevel, ref, stream)
                    case .silence(_, .pause):
                        startUnlessCorked(ref)
                    case .silence(_, .mute(let wasMuted)):
                        actuator.setMuted(wasMuted, of: ref)
                        repairRestoreEntry(state, muted: wasMuted)
                    case .device(_, let original):
                        actuator.clearTarget(of: ref, backTo: original) { _ in }
                    case .module, .restoreEntry, .cardProfile, .process, .clockSetting:
                        // Not a node's: modules, cards and processes are journalled on their own.
                        break
                    }
                }
                logger.info("undid a previous agent's changes", metadata: ["stream.id": "\(ref.id)"])
            } else {
                repairEnded(restores)
            }
            restored.append(serial)
            if !everything { clearJournal(stream: serial) }
        }
        return restored
    }
}

extension PipeWireEnforcer {
    /// A duck of the stream's own volume, journalled by a pulse-protocol agent: the node's
    /// `channelVolumes` go back to the user's `base` if they still show the ducked level or one on
    /// the ramp to or from it (any other volume is the user's).
    fileprivate func restoreChannelVolumes(
        _ base: StreamVolume, appliedLevel: Double?, _ ref: ServerStreamRef, _ stream: SoundStream
    ) {
        guard let appliedLevel, StreamVolume(stream.volume).liesOnRamp(from: base, toAmplitude: appliedLevel) else { return }
        actuator.setLevel(.streamVolume(base), of: ref)
    }

}
