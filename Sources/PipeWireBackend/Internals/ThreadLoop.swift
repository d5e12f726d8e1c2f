import SoundServer

/// A `pw_thread_loop`: the thread that owns every libpipewire object of one connection.
///
/// libpipewire is not thread-safe. Its callbacks run on the loop's thread with the loop's lock
/// held; any other thread touches a context, core or proxy only inside ``withLock(_:)``. The lock
/// is recursive, so event handlers (already under it) may call methods that take it again.
final class ThreadLoop: @unchecked Sendable {
    // @unchecked: the pointer is set once in init and only passed to libpipewire's own
    // thread-safe lock, unlock, in-thread and stop calls, and freed in deinit.
    let pointer: OpaquePointer
    /// The loop's thread test, registered while the loop lives (``ServerLoopThreads``).
    private let registration: ServerLoopThreads.Registration

    init(name: String) throws(PipeWireError) {
        let pointer = try LibPipeWire.threadLoopNew(name: name)
        self.pointer = pointer
        let address = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(pointer)))
        registration = ServerLoopThreads.register {
            // The test outlives no loop: deinit unregisters it before destroying the loop.
            guard let loop = OpaquePointer(bitPattern: address) else { return false }
            return LibPipeWire.threadLoopInThread(loop)
        }
    }

    func start() throws(PipeWireError) { try LibPipeWire.threadLoopStart(pointer) }

    /// Runs `body` with the loop locked: the only way Swift code off the loop thread touches
    /// libpipewire objects.
    func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        LibPipeWire.threadLoopLock(pointer)
        defer { LibPipeWire.threadLoopUnlock(pointer) }
        return try ServerLoopThreads.whileLocked(body)
    }

    /// Whether the caller runs on the loop's own thread (inside a callback).
    var isCurrentThread: Bool { LibPipeWire.threadLoopInThread(pointer) }

    /// Stops the thread; must not be called from it. The lock stays usable, so calls after a
    /// connection closed still find a valid loop (and the connection's closed state).
    func stop() { LibPipeWire.threadLoopStop(pointer) }

    /// Frees the loop once nothing can reach it any more; its objects were destroyed by then
    /// (``ConnectionState/tearDown()``), and the last owner never runs on the loop's own thread.
    deinit {
        ServerLoopThreads.unregister(registration)
        LibPipeWire.threadLoopStop(pointer)
        LibPipeWire.threadLoopDestroy(pointer)
    }
}
