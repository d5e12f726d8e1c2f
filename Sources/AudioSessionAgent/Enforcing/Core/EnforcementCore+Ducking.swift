import AudioPolicy
import Logging
import SoundServer

// Ducks, written once: a ramp per stream (``StreamDuck``), said in the protocol's level
// (a stream's volume, or a node's factor) by the actuator.
extension EnforcementCore {
    /// How often ramps step: 50 times a second, the slowest rate not heard as a staircase.
    static var rampStepInterval: Duration { .milliseconds(1000 / RampPlanner.minimumStepsPerSecond) }

    /// Ramps the stream to `level` of its user's level (1 restores it); a first duck is journalled
    /// with the user's level before anything is written.
    func duck(_ id: StreamID, to level: Double, rampMilliseconds: Int) {
        guard let stream = table.stream(id), let ref = table.ref(of: stream.id) else { return }
        var state = enforced[ref.serial] ?? EnforcedStream(ref: ref, last: stream)
        if state.duck == nil {
            guard let duck = startDuck(of: &state, stream, level: level, rampMilliseconds: rampMilliseconds) else {
                // Nothing to ramp, or a duck that waits: keep what waits, drop what no longer does.
                if enforced[ref.serial] != nil || !state.isIdle { enforced[ref.serial] = state }
                forgetIfIdle(ref.serial)
                return
            }
            state.duck = duck
        }
        guard var duck = state.duck else { return }
        if let entry = duck.retarget(level: level, rampMilliseconds: rampMilliseconds, now: .now) {
            guard record(entry, of: ref, stream) else { return }
        }
        state.duck = duck
        enforced[ref.serial] = state
        // Already at `level`: settled as a ramp that ended there would be.
        guard duck.isRamping else { return rampEnded(ref.serial) }
        logger.debug("ramping", metadata: ["stream.id": "\(id)", "duck.level": "\(level)", "duck.ramp-ms": "\(rampMilliseconds)"])
        ticker?.arm(after: .zero)
    }

    /// One turn of the ramp ticker: each ramping stream whose previous step has been answered is
    /// read (where the user shares its level) and stepped. Re-arms while any ramp runs.
    ///
    /// A stream's next read waits for its previous write's answer, so a read never overtakes the
    /// agent's own write and mistakes it for the user's.
    func tick() {
        var anyRamping = false
        for (serial, state) in enforced where state.duck?.isRamping == true {
            anyRamping = true
            guard !state.isStepInFlight else { continue }
            enforced[serial]?.isStepInFlight = true
            actuator.readLevel(of: state.ref) { [weak self] reading in self?.step(serial, after: reading) }
        }
        if anyRamping { ticker?.arm(after: Self.rampStepInterval) }
    }

    private func step(_ serial: StreamSerial, after reading: LevelReading) {
        guard var state = enforced[serial], var duck = state.duck else { return }
        state.isStepInFlight = false
        let shown: LevelBase?
        switch reading {
        case .agentsOwn:
            shown = nil
        case .shown(let level, let stream):
            state.last = stream
            shown = level
        case .unlinked(let stream):
            state.last = stream
            enforced[serial] = state
            return
        case .unreadable:
            // Gone (its vanishing is handled by the translator) or unreadable: stop this ramp.
            duck.stopRamp()
            state.duck = duck
            enforced[serial] = state
            return
        }
        let baseBefore = duck.base
        let step = duck.step(shown: shown, at: .now)
        state.duck = duck
        switch step {
        case .wait:
            enforced[serial] = state
        case .write(let level, let isLast):
            state.isStepInFlight = true
            enforced[serial] = state
            actuator.setLevel(level, of: state.ref) { [weak self] _ in
                self?.enforced[serial]?.isStepInFlight = false
                if isLast { self?.rampEnded(serial) }
            }
        case .userChanged(let entry):
            enforced[serial] = state
            logger.debug(
                "a ramp step read a level the agent did not write",
                metadata: ["stream.id": "\(state.ref.id)", "level.read": "\(duck.base)", "level.base": "\(baseBefore)"])
            userTookOver(state, entry: entry)
        }
    }

    /// The ramp's last step is written (or none was needed): a duck back at the user's level ends
    /// (its journal entry goes), one that stays ducked has settled. A ramp retargeted meanwhile goes on.
    private func rampEnded(_ serial: StreamSerial) {
        guard let state = enforced[serial], let duck = state.duck, !duck.isRamping else { return }
        let restored = duck.isAtBase
        levelSettled(state, restored: restored)
        guard restored else { return }
        enforced[serial]?.duck = nil
        clear(.volume(serial))
        forgetIfIdle(serial)
    }

    /// The user set the level of a ducked stream: journalled as the stream's new level. The
    /// engine may still hold the stream ducked, but it is left alone until the next duck.
    func userTookOver(_ state: EnforcedStream, entry: JournalEntry) {
        logger.info("the user changed a ducked stream's volume: the duck ends for it", metadata: ["stream.id": "\(state.ref.id)"])
        do { try journal.record(entry) } catch {
            logger.error("the journal cannot be written", metadata: ["journal.error": "\(error)"])
        }
        levelSettled(state, restored: false)
    }
}
