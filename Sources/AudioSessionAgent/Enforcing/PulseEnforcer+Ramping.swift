import Logging
import PulseBackend
import SoundServer

extension PulseEnforcer {
    /// One turn of the ramp ticker (loop thread): each ramping stream whose previous step has been
    /// answered reads its volume, and the answer decides the next write. Re-arms while any ramp runs.
    ///
    /// A stream's next read waits for its previous write's answer, so a read never overtakes the
    /// agent's own write and mistakes it for the user's.
    func tick() {
        var anyRamping = false
        for (serial, state) in enforced where state.isRamping {
            anyRamping = true
            guard !state.isStepInFlight else { continue }
            enforced[serial]?.isStepInFlight = true
            let ref = state.ref
            connection.readStream(ref.kind, index: ref.index) { [weak self] result in
                ServerLoopActor.assumeIsolated { self?.stepRead(serial, result) }
            }
        }
        if anyRamping { ticker?.arm(after: Self.stepInterval) }
    }

    private func stepRead(_ serial: StreamSerial, _ result: Result<SoundStream?, PulseError>) {
        guard var state = enforced[serial] else { return }
        state.isStepInFlight = false
        guard case .success(let read?) = result, var duck = state.duck else {
            // Gone (its vanishing is handled by the translator) or unreadable: stop this ramp.
            state.isRamping = false
            enforced[serial] = state
            return
        }
        state.last = read
        guard read.deviceIndex != nil else {
            // Between devices (pipewire-pulse relinking it): its volume is not the user's, so it
            // is neither compared nor written; the next tick reads it again.
            enforced[serial] = state
            return
        }
        let baseBefore = duck.base
        let step = duck.step(read: StreamVolume(read.volume))
        state.duck = duck
        if case .userChanged = step {
            logger.debug(
                "a ramp step read a volume the agent did not write",
                metadata: ["stream.id": "\(state.ref.id)", "volume.read": "\(read.volume)", "volume.base": "\(baseBefore.channels)"])
        }
        switch step {
        case .write(let volume, _):
            state.isStepInFlight = true
            enforced[serial] = state
            actuator.setLevel(.streamVolume(volume), of: state.ref) { [weak self] _ in self?.enforced[serial]?.isStepInFlight = false }
        case .userChanged(let entry):
            state.isRamping = false
            enforced[serial] = state
            userTookOver(state, entry: entry)
        case .finished(let restored):
            state.isRamping = false
            if restored {
                state.duck = nil
                enforced[serial] = state
                clear(.volume(serial))
                forgetIfIdle(serial)
            } else {
                enforced[serial] = state
                repairRestoreEntry(serial)
            }
        }
    }

    /// The user set the volume of a ducked stream: journal it as the stream's new level. The engine
    /// may still hold the stream ducked, but the enforcer leaves it alone until the next duck.
    func userTookOver(_ state: EnforcedStream, entry: JournalEntry) {
        logger.info("the user changed a ducked stream's volume: the duck ends for it", metadata: ["stream.id": "\(state.ref.id)"])
        do { try journal.record(entry) } catch {
            logger.error("the journal cannot be written", metadata: ["journal.error": "\(error)"])
        }
        repairRestoreEntry(state.ref.serial)
    }

    /// A ducked stream that is not ramping changed on the server: if its volume is not what the
    /// agent wrote, the user changed it, which ends the duck for the stream.
    func checkForUserVolume(_ serial: StreamSerial, _ stream: SoundStream) {
        // A stream between devices (pipewire-pulse relinking it) shows no level of the user's.
        guard var state = enforced[serial], let duck = state.duck, !state.isRamping, !state.isStepInFlight,
            !duck.userTookOver, duck.level < 1, stream.deviceIndex != nil
        else { return }
        let read = StreamVolume(stream.volume)
        guard !read.matches(duck.base.scaled(byAmplitude: duck.level)) else { return }
        // The stream now starts over from the user's volume: a later duck lowers it from there,
        // and an unduck has nothing to restore.
        state.duck = DuckedStream(serial: serial, read: read)
        enforced[serial] = state
        userTookOver(state, entry: .userVolume(serial, base: .streamVolume(read)))
    }
}
