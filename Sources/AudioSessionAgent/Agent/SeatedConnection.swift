/// A server connection whose main-loop lock a ``ServerSeat`` hands out as the coordinator's outer
/// lock while the connection is seated.
protocol SeatedConnection: AnyObject, Sendable {
    /// Runs `body` holding the connection's loop lock (recursive; directly on its loop thread).
    func withSeatLocked<Result>(_ body: () -> Result) -> Result
    /// A disarmed timer on the connection's loop thread that runs `action` when it fires.
    func makeSeatTimer(_ action: @escaping @Sendable () -> Void) -> any LoopTimer
}
