import Logging
import PulseBackend
import SoundServer

extension PulseEnforcer {
    /// The server modules the policy unloaded are loaded again (``PulseModuleSteward/restoreAll(counter:)``).
    func finishProtocolWork(counter: WorkCounter) {
        modules.restoreAll(counter: counter)
    }

    /// The server saves the stream's restored values a moment later; until then a loss of the
    /// server hands them over (``RecentRepairs``).
    func repairRestoreStore(ofRestored ref: ServerStreamRef, _ stream: SoundStream, journalled restores: [PendingRestore]) {
        let journalled = OwedStreamValues.journalled(restores)
        if let entry = journalled.entry { rememberRepair(entry, journalled.values) }
    }

    /// module-stream-restore's entry gets the journalled user values; a stream without an entry
    /// name has nothing saved to repair.
    func repairRestoreStore(
        ofEnded serial: StreamSerial, journalled restores: [PendingRestore], then done: @escaping @ServerLoopActor @Sendable (Bool) -> Void
    ) {
        let journalled = OwedStreamValues.journalled(restores)
        guard let entry = journalled.entry, let repair = PulseRestoreRepair(entry: entry, owed: journalled.values) else { return done(true) }
        writeRepair(repair, then: done)
    }

    /// The server saves an undone stream's values in its restore entry by itself.
    func undid(_ state: EnforcedStream) {}
}
