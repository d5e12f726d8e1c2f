import SoundServer

// A stream's appearance, each change event and its end, in one order for both protocols: the
// core's record and canceller bookkeeping, then the protocol's inheritance hook, then what the
// server shows compared with what the agent wants of the stream.
extension EnforcementCore where Self: StreamDecisionEnforcer {
    /// A new stream, once the engine's first decisions are carried out: the record follows the
    /// server, and the protocol settles what the stream inherited.
    func streamAppeared(_ ref: ServerStreamRef, _ stream: SoundStream) {
        enforced[ref.serial]?.last = stream
        settleInheritance(ref, stream)
    }

    /// A stream changed on the server: its echo canceller's bookkeeping follows, the protocol
    /// checks what it watches of the stream (``checkProtocolWatches(_:showing:)``), and the core compares the rest with what the
    /// agent holds (``reconcile(_:showing:)``).
    func streamChanged(_ ref: ServerStreamRef, _ stream: SoundStream) {
        cancellers.streamChanged(ref, stream)
        checkProtocolWatches(ref, showing: stream)
        reconcile(ref, showing: stream)
    }

    /// A stream ended: its echo canceller's bookkeeping, its watch for owed values and the
    /// protocol's watches of it go, and a
    /// held one's restore entry is repaired (``heldStreamEnded(_:last:)``).
    func streamVanished(_ ref: ServerStreamRef, last: SoundStream) {
        cancellers.streamVanished(ref)
        owedWatches[ref.serial] = nil
        forgetInheritance(of: ref)
        heldStreamEnded(ref, last: last)
    }
}

extension EnforcementCore {
    /// A stream changed on the server: the agent's record of it follows, a duck that waited for a
    /// device starts, a level the agent did not write ends its duck, a silence's mute (a Pause's
    /// too) and an unsilence are checked against what the server shows, and a paused node that
    /// was relinked (and plays again) is paused again. Nothing happens to a stream the agent does
    /// not hold.
    func reconcile(_ ref: ServerStreamRef, showing stream: SoundStream) {
        guard let state = enforced[ref.serial] else { return }
        enforced[ref.serial]?.last = stream
        if let held = state.heldDuck, stream.deviceIndex != nil {
            enforced[ref.serial]?.heldDuck = nil
            duck(ref.id, to: held.level, rampMilliseconds: held.rampMilliseconds)
            return
        }
        checkForUserLevel(ref.serial, stream)
        watchSilenceMute(ref, stream)
        watchPauseMute(ref, stream)
        settleUnsilence(ref, showing: stream)
        if state.isPaused, stream.deviceIndex != nil, state.last.deviceIndex != stream.deviceIndex {
            pauseAgainAfterRelink(ref)
        }
    }

    /// A ducked stream that is not ramping shows a level the agent did not write: the user changed
    /// it, which ends the duck for the stream. From then on the stream starts over from the user's
    /// level: a later duck lowers it from there, and an unduck has nothing to restore. A ramping
    /// stream notices it at its next step.
    private func checkForUserLevel(_ serial: StreamSerial, _ stream: SoundStream) {
        // A stream between devices (pipewire-pulse relinking it) shows no level of the user's.
        guard var state = enforced[serial], var duck = state.duck, !duck.isRamping, !state.isStepInFlight,
            !duck.userTookOver, duck.level < 1, stream.deviceIndex != nil, let shown = userLevel(shownBy: stream),
            let entry = duck.userChanged(shown)
        else { return }
        state.duck = duck
        enforced[serial] = state
        userTookOver(state, entry: entry)
    }

    /// A stream ended: if the agent held it (ducked, silenced or moved), the next stream of its
    /// restore entry is owed the user's values and what the server saved of it is repaired; its
    /// journal entries go once the server took the repair (else the next agent's recovery tries
    /// again).
    func heldStreamEnded(_ ref: ServerStreamRef, last: SoundStream) {
        guard var state = enforced.removeValue(forKey: ref.serial) else { return }
        state.last = last
        oweNextStream(of: state)
        repairRestoreStore(ofVanished: state) { [weak self] repaired in
            if repaired { self?.clearJournal(stream: ref.serial) }
        }
    }
}
