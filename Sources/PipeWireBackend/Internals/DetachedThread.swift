internal import Glibc

/// Runs a closure once on a new, detached POSIX thread.
///
/// Only for the one job no other thread can do: tearing down a connection whose last reference
/// went away on its own loop thread, which cannot stop and join itself.
enum DetachedThread {
    private final class Job {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Starts `body` on a new thread; runs it on the calling thread if no thread can be created.
    static func run(_ body: @escaping @Sendable () -> Void) {
        let job = Unmanaged.passRetained(Job(body))
        var thread = pthread_t()
        let result = pthread_create(
            &thread, nil,
            { argument in
                guard let argument else { return nil }
                Unmanaged<Job>.fromOpaque(argument).takeRetainedValue().body()
                return nil
            }, job.toOpaque())
        guard result == 0 else {
            job.takeRetainedValue().body()
            return
        }
        pthread_detach(thread)
    }
}
