/// Counts outstanding server commands and calls `done` once, when the last one has answered,
/// with whether every one succeeded. Loop-confined: started and finished with the pulse loop lock held.
final class WorkCounter: @unchecked Sendable {
    private var outstanding = 1
    private var allSucceeded = true
    private var done: (@Sendable (Bool) -> Void)?

    init(done: @escaping @Sendable (_ allSucceeded: Bool) -> Void) { self.done = done }

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
