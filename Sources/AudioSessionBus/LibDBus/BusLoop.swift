internal import CDBus
internal import Glibc
internal import Synchronization

/// The thread that owns one libdbus connection: every libdbus call on the connection happens on
/// it, so watches and timeouts can never be freed under the poll, and replies are dispatched in
/// the order they arrive.
///
/// Other threads hand work over with ``perform(_:)``, which wakes the thread through a pipe.
/// The thread polls the connection's watches (libdbus's watch and timeout integration), handles
/// expired timeouts (which finish method calls with `NoReply`), dispatches received messages to
/// the message handler, and stops on ``stop()`` or when the bus disconnects.
final class BusLoop: @unchecked Sendable {
    /// A job on the loop thread; it receives the connection, or nil when the connection is closed.
    typealias Job = @Sendable (OpaquePointer?) -> Void
    /// Sees every incoming message (except replies to our own calls); returns whether it handled it.
    typealias MessageHandler = @Sendable (IncomingMessage, BusLoop) -> Bool

    private struct Shared {
        var jobs: [Job] = []
        var stopping = false
        var closed = false
        var threadClaimed = false
    }

    private let shared = Mutex(Shared())
    /// The pipe that wakes the loop thread: it polls the read end, others write to the write end.
    private let wakeDescriptor: Int32
    private let wakeWriteDescriptor: Int32
    private var thread = pthread_t()

    // Loop-thread state (set up before the thread starts, then touched only by it).
    private let connection: OpaquePointer
    private var handler: MessageHandler?
    private var onClose: (@Sendable () -> Void)?
    /// Set while the loop closes the connection (pending calls then end with `Disconnected`).
    private(set) var isShuttingDown = false
    /// Calls sent and not yet answered; whatever is left at shutdown fails with `Disconnected`.
    var outstandingReplies: [ObjectIdentifier: PendingReply] = [:]
    var watches: [OpaquePointer] = []
    var timeouts: [(timeout: OpaquePointer, deadline: ContinuousClock.Instant)] = []

    /// Takes over `connection` (a private, registered connection) and starts its thread.
    init(connection: OpaquePointer, handler: @escaping MessageHandler, onClose: @escaping @Sendable () -> Void) throws(BusError) {
        self.connection = connection
        self.handler = handler
        self.onClose = onClose
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            Self.discard(connection)
            throw BusError(.failed, "cannot create the bus loop's wake-up pipe: \(String(cString: strerror(errno)))")
        }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        wakeDescriptor = ends[0]
        wakeWriteDescriptor = ends[1]
        let userData = Unmanaged.passUnretained(self).toOpaque()
        typealias Callbacks = BusLoopCallbacks
        guard
            dbus_connection_set_watch_functions(
                connection, Callbacks.addWatch, Callbacks.removeWatch, Callbacks.toggleWatch, userData, nil) != 0,
            dbus_connection_set_timeout_functions(
                connection, Callbacks.addTimeout, Callbacks.removeTimeout, Callbacks.toggleTimeout, userData, nil) != 0,
            dbus_connection_add_filter(connection, Callbacks.filterMessage, userData, nil) != 0
        else {
            Self.discard(connection)
            throw BusError(.noMemory, "out of memory setting up the bus loop")
        }
        let retained = Unmanaged.passRetained(self).toOpaque()
        let created = pthread_create(&thread, nil, { argument in
            guard let argument else { return nil }
            Unmanaged<BusLoop>.fromOpaque(argument).takeRetainedValue().run()
            return nil
        }, retained)
        guard created == 0 else {
            Unmanaged<BusLoop>.fromOpaque(retained).release()
            dbus_connection_remove_filter(connection, BusLoopCallbacks.filterMessage, userData)
            Self.discard(connection)
            throw BusError(.failed, "cannot start the bus loop thread: \(String(cString: strerror(created)))")
        }
    }

    /// Closes and releases a connection the loop could not take over.
    private static func discard(_ connection: OpaquePointer) {
        _ = dbus_connection_set_watch_functions(connection, nil, nil, nil, nil, nil)
        _ = dbus_connection_set_timeout_functions(connection, nil, nil, nil, nil, nil)
        dbus_connection_close(connection)
        dbus_connection_unref(connection)
    }

    /// Also runs when `init` throws after the pipe exists.
    deinit { closeWakePipe() }

    private func closeWakePipe() {
        close(wakeDescriptor)
        close(wakeWriteDescriptor)
    }

    /// Whether the loop still serves the connection.
    var isOpen: Bool { shared.withLock { !$0.stopping && !$0.closed } }

    /// Runs `job` on the loop thread, or at once with nil if the connection is already closed.
    func perform(_ job: @escaping Job) {
        let accepted = shared.withLock { shared -> Bool in
            guard !shared.closed else { return false }
            shared.jobs.append(job)
            return true
        }
        if accepted { wake() } else { job(nil) }
    }

    /// Sends `message` without waiting for anything.
    func send(_ message: Message) { send([message]) }

    /// Sends `messages` in order, with one wake-up of the loop thread for all of them. The
    /// corresponding libdbus call is `dbus_connection_send`.
    func send(_ messages: [Message]) {
        guard !messages.isEmpty else { return }
        perform { connection in
            guard let connection else { return }
            // A false return means out of memory; a fire-and-forget message is then lost, as it
            // would be on a dropped connection.
            for message in messages { _ = dbus_connection_send(connection, message.pointer, nil) }
        }
    }

    /// Closes the connection and waits for the loop thread to end, unless called on that thread
    /// (from a handler), in which case the thread ends after the current message.
    func stop() {
        let join = shared.withLock { shared -> Bool in
            shared.stopping = true
            guard !shared.threadClaimed else { return false }
            shared.threadClaimed = true
            return true
        }
        wake()
        guard join else { return }
        if pthread_equal(pthread_self(), thread) != 0 {
            pthread_detach(thread)
        } else {
            pthread_join(thread, nil)
        }
    }

    private func wake() {
        // A full pipe already guarantees a wake-up: the write may fail harmlessly.
        var one: UInt8 = 1
        _ = write(wakeWriteDescriptor, &one, 1)
    }

    // MARK: The loop thread

    private func run() {
        while true {
            let (jobs, stopping) = shared.withLock { shared in
                defer { shared.jobs.removeAll() }
                return (shared.jobs, shared.stopping)
            }
            for job in jobs { job(connection) }
            dispatchAll()
            if stopping { break }
            let pending = shared.withLock { !$0.jobs.isEmpty || $0.stopping }
            pollOnce(timeoutMilliseconds: pending ? 0 : nextTimeoutMilliseconds())
            handleExpiredTimeouts()
        }
        shutDown()
    }

    private func dispatchAll() {
        while dbus_connection_dispatch(connection) == DBUS_DISPATCH_DATA_REMAINS {}
    }

    private func pollOnce(timeoutMilliseconds: Int32) {
        let active = watches.filter { dbus_watch_get_enabled($0) != 0 }
        var descriptors = [pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)]
        for watch in active {
            let flags = dbus_watch_get_flags(watch)
            var events: Int16 = 0
            if flags & DBUS_WATCH_READABLE.rawValue != 0 { events |= Int16(POLLIN) }
            if flags & DBUS_WATCH_WRITABLE.rawValue != 0 { events |= Int16(POLLOUT) }
            descriptors.append(pollfd(fd: dbus_watch_get_unix_fd(watch), events: events, revents: 0))
        }
        let ready = poll(&descriptors, nfds_t(descriptors.count), timeoutMilliseconds)
        guard ready > 0 else { return }
        if descriptors[0].revents != 0 {
            var drained = [UInt8](repeating: 0, count: 256)
            while read(wakeDescriptor, &drained, drained.count) > 0 {}
        }
        for (watch, descriptor) in zip(active, descriptors.dropFirst()) where descriptor.revents != 0 {
            // Handling one watch can remove another (a disconnect): only handle live ones.
            guard watches.contains(watch) else { continue }
            var flags: UInt32 = 0
            if descriptor.revents & Int16(POLLIN) != 0 { flags |= DBUS_WATCH_READABLE.rawValue }
            if descriptor.revents & Int16(POLLOUT) != 0 { flags |= DBUS_WATCH_WRITABLE.rawValue }
            if descriptor.revents & Int16(POLLERR) != 0 { flags |= DBUS_WATCH_ERROR.rawValue }
            if descriptor.revents & Int16(POLLHUP) != 0 { flags |= DBUS_WATCH_HANGUP.rawValue }
            _ = dbus_watch_handle(watch, flags)
        }
    }

    private func nextTimeoutMilliseconds() -> Int32 {
        let now = ContinuousClock.now
        let enabled = timeouts.filter { dbus_timeout_get_enabled($0.timeout) != 0 }
        guard let earliest = enabled.map(\.deadline).min() else { return -1 }
        guard earliest > now else { return 0 }
        let (seconds, attoseconds) = (earliest - now).components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }

    private func handleExpiredTimeouts() {
        let now = ContinuousClock.now
        let expired = timeouts.filter { $0.deadline <= now && dbus_timeout_get_enabled($0.timeout) != 0 }.map(\.timeout)
        for timeout in expired {
            guard let index = timeouts.firstIndex(where: { $0.timeout == timeout }) else { continue }
            timeouts[index].deadline = Self.deadline(of: timeout)
            _ = dbus_timeout_handle(timeout)
        }
    }

    static func deadline(of timeout: OpaquePointer) -> ContinuousClock.Instant {
        ContinuousClock.now.advanced(by: .milliseconds(dbus_timeout_get_interval(timeout)))
    }

    func received(_ message: OpaquePointer) -> Bool {
        let incoming = IncomingMessage(Message(retaining: message))
        if incoming.kind == .signal, incoming.interface == "org.freedesktop.DBus.Local", incoming.member == "Disconnected" {
            shared.withLock { $0.stopping = true }
        }
        return handler?(incoming, self) ?? false
    }

    /// Closes the connection on its own thread: pending calls finish with errors during the last
    /// dispatch, later jobs see nil, and the handler and its objects are released.
    private func shutDown() {
        isShuttingDown = true
        dbus_connection_close(connection)
        dispatchAll()
        let jobs = shared.withLock { shared in
            shared.closed = true
            defer { shared.jobs.removeAll() }
            return shared.jobs
        }
        for job in jobs { job(nil) }
        // libdbus does not complete every pending call when the connection closes; none may hang.
        let unanswered = outstandingReplies.values
        for reply in unanswered {
            reply.cancelPendingCall()
            reply.finish(.failure(BusError(.disconnected, "the connection was closed before the reply arrived")))
        }
        let userData = Unmanaged.passUnretained(self).toOpaque()
        dbus_connection_remove_filter(connection, BusLoopCallbacks.filterMessage, userData)
        _ = dbus_connection_set_watch_functions(connection, nil, nil, nil, nil, nil)
        _ = dbus_connection_set_timeout_functions(connection, nil, nil, nil, nil, nil)
        dbus_connection_unref(connection)
        handler = nil
        let closed = onClose
        onClose = nil
        closed?()
    }
}
