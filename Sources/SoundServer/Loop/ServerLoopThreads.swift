import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Whether the calling thread is inside a sound server's loop: on a loop's own thread (its
/// callbacks run there with the loop's lock held) or holding a loop's lock from another thread.
///
/// The backends report both: each loop registers a test for its own thread while it lives, and
/// each "with the loop locked" helper counts the calls it is inside of on the calling thread.
/// What is confined to a loop can then check its confinement at run time; the agent's
/// `ServerLoopActor` is isolated to exactly this.
///
/// ```swift
/// let registration = ServerLoopThreads.register { loop.isCurrentThread }
/// defer { ServerLoopThreads.unregister(registration) }
/// ServerLoopThreads.whileLocked { precondition(ServerLoopThreads.isInsideALoop) }
/// ```
public enum ServerLoopThreads {
    /// A registered loop's test, for ``unregister(_:)``.
    public struct Registration: Hashable, Sendable {
        let id: UInt64
    }

    private struct Loops: ~Copyable {
        var tests: [UInt64: @Sendable () -> Bool] = [:]
        var nextID: UInt64 = 0
    }

    private static let loops = Mutex(Loops())

    /// How many "with the loop locked" calls the current thread is inside of, as a thread-specific
    /// value (a plain count cast to a pointer; never dereferenced).
    private static let lockDepthKey: pthread_key_t = {
        var key = pthread_key_t()
        let result = pthread_key_create(&key, nil)
        precondition(result == 0, "pthread_key_create failed (\(result)): no thread-specific keys left")
        return key
    }()

    /// Registers `isCurrentThread`, which says whether the caller runs on one loop's thread.
    /// The test must be cheap and take no lock: it may run inside any loop's callbacks.
    public static func register(_ isCurrentThread: @escaping @Sendable () -> Bool) -> Registration {
        loops.withLock { loops in
            loops.nextID += 1
            loops.tests[loops.nextID] = isCurrentThread
            return Registration(id: loops.nextID)
        }
    }

    /// Forgets a loop whose thread has stopped or is about to.
    public static func unregister(_ registration: Registration) {
        _ = loops.withLock { $0.tests.removeValue(forKey: registration.id) }
    }

    /// Runs `body` counted as inside a loop: call it with the loop's lock held.
    public static func whileLocked<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        let depth = lockDepth
        setLockDepth(depth + 1)
        defer { setLockDepth(depth) }
        return try body()
    }

    /// Whether the calling thread is on a registered loop's thread or inside ``whileLocked(_:)``.
    public static var isInsideALoop: Bool {
        if lockDepth > 0 { return true }
        return loops.withLock { loops in loops.tests.values.contains { $0() } }
    }

    private static var lockDepth: Int {
        Int(bitPattern: pthread_getspecific(lockDepthKey))
    }

    private static func setLockDepth(_ depth: Int) {
        pthread_setspecific(lockDepthKey, UnsafeRawPointer(bitPattern: depth))
    }
}
