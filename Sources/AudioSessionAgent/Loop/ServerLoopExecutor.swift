import SoundServer

/// The executor of ``ServerLoopActor``: the seated sound server's loop.
///
/// Code isolated to it runs where a server loop's lock is held: on the loop's own thread (events,
/// command answers, timers) or on a thread inside the backend's "with the loop locked" call (a bus
/// method entering the coordinator). Those callers are synchronous, so they enter the isolation
/// with ``ServerLoopActor/assumeIsolated(_:file:line:)``, which asks ``checkIsolated()`` whether
/// the thread really is inside a loop (``ServerLoopThreads``) and stops the agent when it is not.
///
/// Nothing awaits onto the loop: the agent's loop-confined code is synchronous, as the C loops
/// that call it are. A job enqueued here is a programming error and stops the agent with a
/// message saying so.
final class ServerLoopExecutor: SerialExecutor {
    static let shared = ServerLoopExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        fatalError("an async job was sent to the server loop's executor: loop-confined agent code must stay synchronous")
    }

    func checkIsolated() {
        precondition(ServerLoopThreads.isInsideALoop, "server loop state touched outside every sound server loop")
    }

    func isIsolatingCurrentContext() -> Bool? {
        ServerLoopThreads.isInsideALoop
    }
}
