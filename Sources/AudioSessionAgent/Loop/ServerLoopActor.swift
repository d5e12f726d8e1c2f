/// The isolation of everything the agent keeps about the seated sound server: the translator,
/// the stream table, the enforcer, the card follower and switcher, the module steward, the
/// canceller processes. Its executor (``ServerLoopExecutor``) is the server's loop, so the
/// compiler checks that this state is touched only from code isolated to it, and the loop's lock
/// is what makes the isolation true at run time.
///
/// The agent seats one server at a time, so one global actor stands for "the seated server's
/// loop"; an agent that loses its server is torn down on that server's loop before the next is
/// seated.
///
/// ```swift
/// // A C callback of the loop thread enters the isolation:
/// connection.submit(command) { result in
///     ServerLoopActor.assumeIsolated { enforcer.commandAnswered(result) }
/// }
/// ```
@globalActor
actor ServerLoopActor {
    static let shared = ServerLoopActor()

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        ServerLoopExecutor.shared.asUnownedSerialExecutor()
    }

    /// Runs `operation` as isolated to the server loop, from synchronous code that a loop's
    /// thread runs or that holds a loop's lock (C callbacks, loop timers, the coordinator's
    /// locked section). Stops the agent when the calling thread is inside no loop.
    static func assumeIsolated<Result, Failure: Error>(
        _ operation: @ServerLoopActor () throws(Failure) -> Result, file: StaticString = #fileID, line: UInt = #line
    ) throws(Failure) -> Result {
        typealias Isolated = @ServerLoopActor () throws(Failure) -> Result
        typealias Plain = () throws(Failure) -> Result
        shared.preconditionIsolated("not inside a sound server loop", file: file, line: line)
        return try withoutActuallyEscaping(operation) { (isolated: @escaping Isolated) throws(Failure) -> Result in
            // The check above established the isolation the closure's type asks for.
            try unsafeBitCast(isolated, to: Plain.self)()
        }
    }
}
