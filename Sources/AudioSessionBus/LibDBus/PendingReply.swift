internal import CDBus
internal import Glibc
internal import Synchronization

/// The reply a method call waits for: a continuation resumed exactly once (by the reply, the
/// timeout's error reply, a closed connection or cancellation) and the libdbus pending call.
///
/// `pendingCall` is touched only on the loop thread; the outcome under the lock from anywhere.
final class PendingReply: @unchecked Sendable {
    private enum Outcome {
        case waiting(CheckedContinuation<BusArguments, any Error>?)
        case cancelled
        case finished
    }

    private let outcome = Mutex<Outcome>(.waiting(nil))
    private let loop: BusLoop
    /// Loop-thread only.
    private var pendingCall: OpaquePointer?

    /// Whether the reply is one file descriptor, taken into this process (``BusFileDescriptor``)
    /// and handed over as its number in an `int32`.
    private let takesDescriptor: Bool

    init(loop: BusLoop, takesDescriptor: Bool = false) {
        self.loop = loop
        self.takesDescriptor = takesDescriptor
    }

    /// Installs the continuation; false when the call was cancelled before it could start (the
    /// continuation is then already resumed).
    func install(_ continuation: CheckedContinuation<BusArguments, any Error>) -> Bool {
        let cancelled = outcome.withLock { state -> Bool in
            if case .cancelled = state { return true }
            state = .waiting(continuation)
            return false
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
        return !cancelled
    }

    /// Resumes the waiter once; later results are dropped. Returns whether this result was delivered.
    @discardableResult
    func finish(_ result: Result<BusArguments, any Error>) -> Bool {
        let continuation = outcome.withLock { state -> CheckedContinuation<BusArguments, any Error>? in
            guard case .waiting(let continuation) = state else { return nil }
            state = .finished
            return continuation
        }
        continuation?.resume(with: result)
        return continuation != nil
    }

    /// Called from the task's cancellation handler, on any thread.
    func cancel() {
        let continuation = outcome.withLock { state -> CheckedContinuation<BusArguments, any Error>? in
            switch state {
            case .waiting(let continuation):
                state = continuation == nil ? .cancelled : .finished
                return continuation
            case .cancelled, .finished:
                return nil
            }
        }
        continuation?.resume(throwing: CancellationError())
    }

    private var isWaiting: Bool {
        outcome.withLock { if case .waiting = $0 { true } else { false } }
    }

    // MARK: Loop thread

    /// Sends `message` and arranges for the reply to finish this call.
    /// The corresponding libdbus calls are `dbus_connection_send_with_reply` and `dbus_pending_call_set_notify`.
    func send(_ message: Message, on connection: OpaquePointer, timeoutMilliseconds: Int32) {
        guard isWaiting else { return }
        var pending: OpaquePointer?
        guard dbus_connection_send_with_reply(connection, message.pointer, &pending, timeoutMilliseconds) != 0 else {
            finish(.failure(BusError(.noMemory, "out of memory sending a method call")))
            return
        }
        guard let pending else {
            finish(.failure(BusError(.disconnected, "the connection to the bus is closed")))
            return
        }
        pendingCall = pending
        loop.outstandingReplies[ObjectIdentifier(self)] = self
        let userData = Unmanaged.passRetained(self).toOpaque()
        // The reply can only complete during dispatch on this same thread, after this job: no race
        // between sending and setting the notification.
        guard dbus_pending_call_set_notify(pending, pendingReplyArrived, userData, releasePendingReply) != 0 else {
            Unmanaged<PendingReply>.fromOpaque(userData).release()
            cancelPendingCall()
            finish(.failure(BusError(.noMemory, "out of memory waiting for a reply")))
            return
        }
    }

    /// Stops waiting for the reply (after cancellation).
    func cancelPendingCall() {
        guard let pending = pendingCall else { return }
        pendingCall = nil
        loop.outstandingReplies[ObjectIdentifier(self)] = nil
        dbus_pending_call_cancel(pending)
        dbus_pending_call_unref(pending)
    }

    fileprivate func replyArrived(_ pending: OpaquePointer) {
        let reply = dbus_pending_call_steal_reply(pending)
        if pendingCall == pending {
            pendingCall = nil
            loop.outstandingReplies[ObjectIdentifier(self)] = nil
            dbus_pending_call_unref(pending)
        }
        guard let reply else {
            finish(.failure(BusError(.noReply, "the call completed without a reply")))
            return
        }
        let incoming = IncomingMessage(Message(adopting: reply))
        if let error = incoming.error, error.name == .noReply, loop.isShuttingDown {
            // libdbus answers calls cut off by close() with its timeout error; say what happened.
            finish(.failure(BusError(.disconnected, "the connection was closed before the reply arrived")))
        } else if let error = incoming.error {
            finish(.failure(error))
        } else if takesDescriptor {
            finishTakingDescriptor(incoming.message)
        } else {
            finish(incoming.arguments.mapError { $0 as any Error })
        }
    }

    /// Finishes with the reply's one descriptor; every descriptor not handed over is closed.
    private func finishTakingDescriptor(_ message: Message) {
        let (descriptors, signature) = MessageReader.descriptors(of: message)
        guard signature == "h", let descriptor = descriptors.first else {
            for descriptor in descriptors { Glibc.close(descriptor) }
            finish(.failure(BusError(.invalidArgs, "expected a reply of one file descriptor (h), found (\(signature))")))
            return
        }
        if !finish(.success([.int32(descriptor)])) { Glibc.close(descriptor) }
    }
}

private let pendingReplyArrived: DBusPendingCallNotifyFunction = { pending, userData in
    guard let pending, let userData else { return }
    Unmanaged<PendingReply>.fromOpaque(userData).takeUnretainedValue().replyArrived(pending)
}

private let releasePendingReply: DBusFreeFunction = { userData in
    guard let userData else { return }
    Unmanaged<PendingReply>.fromOpaque(userData).release()
}
