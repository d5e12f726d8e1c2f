/// Counts outstanding server commands and calls `done` once, when the last one has answered,
/// with whether every one succeeded. Isolated to the server loop (``ServerLoopActor``): started and finished with the loop lock held.
@ServerLoopActor
final class WorkCounter {
    private var outstanding = 1
    private var allSucceeded = true
    private var done: (@ServerLoopActor @Sendable (Bool) -> Void)?

    nonisolated init(done: @escaping @ServerLoopActor @Sendable (_ allSucceeded: Bool) -> Void) { self.done = done }

    /// One more command on its way.
    func begin() { outstanding += 1 }

    /// One command answered.
    func finish(succeeded: Bool) {
        allSucceeded = allSucceeded && succeeded
        outstanding -= 1
        guard outstanding == 0, let done else { return }
        self.done = nil
        done(allSucceeded)
    }

    /// Everything has been sent: from now on the last answer calls `done` (at once if all are in).
    func sealed() { finish(succeeded: true) }
}
