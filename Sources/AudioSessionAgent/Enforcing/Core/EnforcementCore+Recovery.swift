import AudioPolicy
import Logging
import SoundServer

/// Recovery and undo-all, written once for both protocols: what the journal holds of a stream is
/// given back with the same commands whichever agent wrote it, as far as the server's protocol
/// reaches (``StreamActuator/reachesNodes``), and an entry leaves the journal only once the
/// server took its undo (``EnforcementCore/undoTaken(_:)``).
extension EnforcementCore {
    /// Restores the journal's pending entries about streams, but for what `kept` holds: after the
    /// grace period for sessions to re-register, a previous agent's that no enforced stream has
    /// taken over (`kept` is ``EnforcementCore/enforced``); when the agent stops, whatever the
    /// undo of its own streams (`kept`, as ``undoEnforced(counter:)`` returned them) did not cover.
    ///
    /// A live stream gets back its level (a stream volume only while it still shows the agent's
    /// duck or a level on the ramp to or from it: read-compare-write), its mute and playing state
    /// and its device; for a stream that has ended, the server's restore store is repaired.
    /// Every command is counted by `counter`.
    func restorePending(keeping kept: [StreamSerial: EnforcedStream], counter: WorkCounter) {
        for (serial, restores) in pendingRestoresByStream {
            if let (ref, stream) = table.stream(withSerial: serial) {
                restoreLive(ref, stream, restores, keeping: kept[serial], counter: counter)
            } else if kept[serial] == nil {
                counter.begin()
                repairRestoreStore(ofEnded: serial, journalled: restores) { [weak self] repaired in
                    if repaired { self?.undoTaken(RestoreKey.all(of: serial)) }
                    counter.finish(succeeded: repaired)
                }
            }
        }
    }

    /// Undoes what the agent did to every stream it enforces (it is stopping): its duck's level,
    /// its mute and Pause, its move. A stream's entries go once every undo of it was taken: after a
    /// lost connection they stay for the next agent. Every command is counted by `counter`.
    /// Returns the states undone, for ``restorePending(keeping:counter:)`` to leave alone.
    @discardableResult
    func undoEnforced(counter: WorkCounter) -> [StreamSerial: EnforcedStream] {
        let undone = enforced
        for (serial, state) in undone.sorted(by: { $0.key < $1.key }) {
            let streamDone = WorkCounter { [weak self] succeeded in if succeeded { self?.undoTaken(RestoreKey.all(of: serial)) } }
            if let level = state.owedLevel {
                counted(counter, streamDone) { actuator.setLevel(level, of: state.ref, then: $0) }
            }
            if state.isPaused {
                if state.pauseMute != nil { counted(counter, streamDone) { actuator.setMuted(false, of: state.ref, then: $0) } }
                startUnlessCorked(state.ref)
            }
            if let wasMuted = state.silencedWasMuted {
                counted(counter, streamDone) { actuator.setMuted(wasMuted, of: state.ref, then: $0) }
            }
            if let original = state.movedFrom {
                counted(counter, streamDone) { actuator.clearTarget(of: state.ref, backTo: original, then: $0) }
            }
            undid(state)
            streamDone.sealed()
        }
        enforced = [:]
        return undone
    }

    /// Gives a live stream back what the journal holds of it, but for what `kept` (this agent's
    /// state of it) holds: a stream the engine ducks, silences or moves again keeps those entries,
    /// and one just undone is not undone twice.
    private func restoreLive(
        _ ref: ServerStreamRef, _ stream: SoundStream, _ restores: [PendingRestore], keeping kept: EnforcedStream?, counter: WorkCounter
    ) {
        if kept == nil { repairRestoreStore(ofRestored: ref, stream, journalled: restores) }
        var restoring = false
        for restore in restores {
            let key = restore.key
            let taken: @ServerLoopActor @Sendable () -> Void = { [weak self] in self?.undoTaken([key]) }
            switch restore {
            case .volume(_, .streamVolume(let base), let appliedLevel) where kept?.isDucked != true:
                // Only a stream that still shows a level of the agent's is set back: its duck's, or
                // one on the ramp to or from it (an agent killed mid-ramp left the music at 74 % in
                // the 30-minute soak on pipewire-pulse). Any other volume is the user's.
                guard let appliedLevel, StreamVolume(stream.volume).liesOnRamp(from: base, toAmplitude: appliedLevel) else {
                    undoTaken([key])
                    continue
                }
                restoring = true
                counted(counter, then: taken) { actuator.setLevel(.streamVolume(base), of: ref, then: $0) }
            case .volume(_, .nodeFactor(let factor), _) where kept?.isDucked != true:
                guard reachesNodes(ref, key) else { continue }
                restoring = true
                counted(counter, then: taken) { actuator.setLevel(.nodeFactor(factor), of: ref, then: $0) }
            case .silence(_, .pause) where kept?.isSilenced != true:
                guard reachesNodes(ref, key) else { continue }
                restoring = true
                startUnlessCorked(ref)
                undoTaken([key])
            case .silence(_, .pauseAndMute) where kept?.isSilenced != true:
                guard reachesNodes(ref, key) else { continue }
                restoring = true
                counted(counter, then: taken) { actuator.setMuted(false, of: ref, then: $0) }
                startUnlessCorked(ref)
            case .silence(_, .mute(let wasMuted)) where kept?.isSilenced != true:
                restoring = true
                counted(counter, then: taken) { actuator.setMuted(wasMuted, of: ref, then: $0) }
            case .device(_, let original) where kept?.movedFrom == nil:
                // A device that has gone leaves the stream where it is.
                restoring = true
                counted(counter, then: taken) { actuator.clearTarget(of: ref, backTo: original, then: $0) }
            case .restoreEntry where kept == nil:
                undoTaken([key])  // a live stream's restores put the server's values right
            case .volume, .silence, .device, .restoreEntry, .module, .cardProfile, .process, .clockSetting:
                break
            }
        }
        if restoring { logger.info("restoring a stream's journalled state", metadata: ["stream.id": "\(ref.id)"]) }
    }

    /// Whether the actuator can undo a node's factor or Pause; if not, the entry is dropped with a
    /// warning (a native agent's, read by a pulse-protocol agent: nothing here can reach it).
    private func reachesNodes(_ ref: ServerStreamRef, _ key: RestoreKey) -> Bool {
        guard !actuator.reachesNodes else { return true }
        logger.warning(
            "not undoing a native PipeWire agent's change: the pulse protocol cannot reach a node's Props factor or Pause",
            metadata: ["stream.id": "\(ref.id)", "journal.key": "\(key)"])
        undoTaken([key])
        return false
    }

    /// Sends one command counted by `counters`; `then` runs after the server took it.
    private func counted(
        _ counters: WorkCounter..., then: @escaping @ServerLoopActor @Sendable () -> Void = {},
        _ command: (@escaping @ServerLoopActor @Sendable (Bool) -> Void) -> Void
    ) {
        for counter in counters { counter.begin() }
        command { taken in
            if taken { then() }
            for counter in counters { counter.finish(succeeded: taken) }
        }
    }
}
