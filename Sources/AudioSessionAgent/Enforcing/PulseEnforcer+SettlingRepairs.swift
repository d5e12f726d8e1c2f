import Logging
import PulseBackend
import SoundServer

/// A stream that ends soon after the agent muted or ducked it can have its repair overtaken:
/// through pipewire-pulse, WirePlumber saves a node's Props when it hears of their change, which
/// may be after both the agent's repair at the change and its repair at the stream's end have
/// reached WirePlumber's route-settings. The entry then keeps the agent's mute for the app's next
/// stream (seen with a role-less paplay silenced by a call and killed at once; WirePlumber 0.4.13).
/// So a vanished stream's repair is written once more when WirePlumber has had time to save, and
/// its journal entries go only then. On PulseAudio, where module-stream-restore saves at once, the
/// second write changes nothing.
extension PulseEnforcer {
    /// How long after a vanished stream's repair it is written again: WirePlumber saves a node's
    /// Props within milliseconds when idle, and within a second on a loaded machine.
    static let repairSettleDelay = Duration.seconds(2)

    /// Writes `repair` again after ``repairSettleDelay``; `done` says whether the server took it
    /// (at once, taken, when the agent is stopping).
    func writeAgainAfterSettling(
        _ repair: PulseRestoreRepair, of serial: StreamSerial, then done: @escaping @ServerLoopActor @Sendable (Bool) -> Void
    ) {
        guard !isShuttingDown else { return done(true) }
        repairsToSettle[serial] = (repair, done)
        if repairSettler == nil {
            repairSettler = PulseLoopTimer.onLoop(of: connection) { [weak self] in self?.writeSettledRepairs() }
        }
        repairSettler?.arm(after: Self.repairSettleDelay)
    }

    /// The settler's turn: every waiting repair is written again.
    func writeSettledRepairs() {
        let due = repairsToSettle
        repairsToSettle = [:]
        for (repair, done) in due.values { writeRepair(repair, then: done) }
    }
}
