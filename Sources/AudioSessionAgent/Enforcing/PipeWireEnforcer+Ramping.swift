import PipeWireBackend
import SoundServer

extension PipeWireEnforcer {
    /// One turn of the ramp ticker (loop thread): each ramping node gets the level due now. A
    /// settled duck writes the node's own factor into WirePlumber's restore entry; a ramp back to
    /// 1 ends the duck and clears its journal entry. Re-arms while any ramp runs.
    func tick() {
        let now = clock.now
        var anyRamping = false
        for (serial, state) in enforced {
            guard var duck = state.duck, duck.isRamping else { continue }
            if let (level, isLast) = duck.step(at: now) {
                actuator.setLevel(.nodeFactor(duck.base * level), of: state.ref)
                if isLast {
                    repairRestoreEntry(state, factor: duck.base)
                    if level >= 1 {
                        enforced[serial]?.duck = nil
                        clear(.volume(serial))
                        forgetIfIdle(serial)
                        continue
                    }
                }
            }
            enforced[serial]?.duck = duck
            anyRamping = anyRamping || duck.isRamping
        }
        if anyRamping { ticker?.arm(after: Self.stepInterval) }
    }
}
