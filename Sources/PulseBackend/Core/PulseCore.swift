internal import CPulse
import SoundServer
import Synchronization

/// The one place that owns libpulse's objects: the threaded main loop and the context.
///
/// Every libpulse call in the module is made through this type's ``withLoopLocked(_:)`` (which
/// hands out the context only while the loop lock is held) and ``LoopAccess/start(_:_:_:)``,
/// which maps failures to ``PulseError``. Mutable state is touched only under the loop lock:
/// on the loop thread (callbacks) or inside `withLoopLocked`, which is why the class may be
/// `@unchecked Sendable`.
final class PulseCore: @unchecked Sendable {
    /// Why the context stopped, as told to termination listeners.
    enum Ending: Sendable {
        /// The client disconnected on purpose.
        case closed
        /// The server died or dropped the connection.
        case lost(PulseError)
    }

    let loop: OpaquePointer
    private var context: OpaquePointer?
    private var isReady = false
    private var ending: Ending?
    private var connectWaiter: ((Result<Void, PulseError>) -> Void)?
    private var pending: [ObjectIdentifier: PendingOperation] = [:]
    private var subscriptionListeners: [UInt64: (PulseSubscriptionEvent) -> Void] = [:]
    private var terminationListeners: [UInt64: (Ending) -> Void] = [:]
    private var restoreListeners: [UInt64: () -> Void] = [:]
    private var cardListeners: [UInt64: (PulseCardChange) -> Void] = [:]
    private var nextListener: UInt64 = 0
    /// Whether the loop thread runs; atomic because it is read before the lock is taken. Boxed so
    /// that the loop's thread test (``ServerLoopThreads``) can read it without holding the core:
    /// a test that held the core could release its last reference, and so run its deinit, inside
    /// the registry's lock.
    private let running = LoopRunning()
    /// The loop's thread test, registered while the core lives (``ServerLoopThreads``).
    private var loopThreadRegistration: ServerLoopThreads.Registration?

    /// Creates the loop and an unconnected context carrying `properties` as client properties.
    init(properties: [String: String]) throws(PulseError) {
        guard let loop = pa_threaded_mainloop_new() else {
            throw PulseError(code: .internalError, operation: "pa_threaded_mainloop_new", message: "out of memory")
        }
        self.loop = loop
        guard let proplist = pa_proplist_new() else {
            pa_threaded_mainloop_free(loop)
            throw PulseError(code: .internalError, operation: "pa_proplist_new", message: "out of memory")
        }
        defer { pa_proplist_free(proplist) }
        for (key, value) in properties { pa_proplist_sets(proplist, key, value) }
        let name = properties["application.name"] ?? "AudioSession"
        guard let context = pa_context_new_with_proplist(pa_threaded_mainloop_get_api(loop), name, proplist) else {
            pa_threaded_mainloop_free(loop)
            throw PulseError(code: .internalError, operation: "pa_context_new_with_proplist", message: "out of memory")
        }
        self.context = context
        let me = Unmanaged.passUnretained(self).toOpaque()
        pa_context_set_state_callback(context, PulseCallbacks.contextState, me)
        pa_context_set_subscribe_callback(context, PulseCallbacks.subscription, me)
        pa_ext_stream_restore_set_subscribe_cb(context, PulseCallbacks.streamRestoreChanged, me)
        let address = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(loop)))
        loopThreadRegistration = ServerLoopThreads.register { [running] in
            // The loop outlives its registration: deinit unregisters before freeing it.
            guard running.flag.load(ordering: .acquiring), let loop = OpaquePointer(bitPattern: address) else { return false }
            return pa_threaded_mainloop_in_thread(loop) != 0
        }
    }

    deinit {
        if let loopThreadRegistration { ServerLoopThreads.unregister(loopThreadRegistration) }
        close()
        // Freeing joins the loop thread, which the loop thread itself cannot do: when the last
        // reference went away inside a callback, the stopped-less loop is left to the process.
        if !running.flag.load(ordering: .acquiring) { pa_threaded_mainloop_free(loop) }
    }

    // MARK: Connecting and closing

    /// Connects without autospawn to `server` (or libpulse's default: `PULSE_SERVER`, client.conf)
    /// and returns once the context is ready.
    func connect(server: String?) async throws(PulseError) {
        let result: Result<Void, PulseError> = await withCheckedContinuation { continuation in
            guard let context else {
                continuation.resume(returning: .failure(Self.closedError("pa_context_connect")))
                return
            }
            // The loop is not running yet, so nothing races these calls; it starts only once the
            // waiter is in place, and the state callback resumes it on the loop thread.
            connectWaiter = { continuation.resume(returning: $0) }
            if pa_context_connect(context, server, PA_CONTEXT_NOAUTOSPAWN, nil) < 0 {
                // A failure inside the call may already have reached the state callback, which
                // then consumed the waiter: resume only once.
                if connectWaiter != nil {
                    connectWaiter = nil
                    continuation.resume(returning: .failure(Self.error(of: context, in: "pa_context_connect")))
                }
                return
            }
            if pa_threaded_mainloop_start(loop) < 0 {
                connectWaiter = nil
                continuation.resume(returning: .failure(
                    PulseError(code: .internalError, operation: "pa_threaded_mainloop_start", message: "cannot start the loop thread")))
                return
            }
            running.flag.store(true, ordering: .releasing)
        }
        do throws(PulseError) {
            try result.get()
        } catch {
            close()
            throw error
        }
    }

    /// Disconnects, fails every pending operation (their completions run on the calling thread,
    /// with the lock held), stops the loop thread. Safe to call more than once. From the loop
    /// thread itself it only disconnects: the thread cannot join itself, so a later call from
    /// another thread, or the core's release off the loop thread, stops it.
    func close() {
        let onLoopThread = isOnLoopThread
        withLoopLocked { _ in
            guard let context else { return }
            if ending == nil { ending = .closed }
            pa_context_set_state_callback(context, nil, nil)
            pa_context_set_subscribe_callback(context, nil, nil)
            pa_ext_stream_restore_set_subscribe_cb(context, nil, nil)
            pa_context_disconnect(context)
            failEverything(.closed)
            pa_context_unref(context)
            self.context = nil
        }
        // Only one caller may stop (and so join) the thread.
        if !onLoopThread && running.flag.compareExchange(expected: true, desired: false, ordering: .acquiringAndReleasing).exchanged {
            pa_threaded_mainloop_stop(loop)
        }
    }

    /// Whether the context is connected and ready for calls.
    var isConnected: Bool { withLoopLocked { _ in context != nil && isReady && ending == nil } }

    // MARK: The loop lock

    /// What code holding the loop lock may use: the context and the operation starter.
    struct LoopAccess {
        fileprivate let core: PulseCore
        /// The context, or `nil` once it is closed or lost.
        var context: OpaquePointer? { core.context }

        /// Starts one libpulse operation: the single path by which the module calls libpulse for
        /// server requests. `call` receives the context and the userdata to hand to the C
        /// callback; a `nil` operation becomes a ``PulseError`` from `pa_context_errno` and is
        /// delivered through `pending`'s completion, never thrown past the C boundary.
        func start(_ name: StaticString, _ pending: PendingOperation, _ call: (OpaquePointer, UnsafeMutableRawPointer) -> OpaquePointer?) {
            core.start(name, pending, call)
        }

        /// Registers a listener for subscription events; returns its token.
        func addSubscriptionListener(_ listener: @escaping (PulseSubscriptionEvent) -> Void) -> UInt64 {
            core.nextListener += 1
            core.subscriptionListeners[core.nextListener] = listener
            return core.nextListener
        }

        /// Registers a listener for the end of the connection; it is called at once when it has ended.
        func addTerminationListener(_ listener: @escaping (Ending) -> Void) -> UInt64 {
            core.nextListener += 1
            if let ending = core.ending { listener(ending) } else { core.terminationListeners[core.nextListener] = listener }
            return core.nextListener
        }

        /// Registers a listener for stream-restore database changes.
        func addStreamRestoreListener(_ listener: @escaping () -> Void) -> UInt64 {
            core.nextListener += 1
            core.restoreListeners[core.nextListener] = listener
            return core.nextListener
        }

        /// Removes a listener registered with one of the `add…Listener` calls.
        /// Registers a listener for card subscription events (the graph does not mirror cards).
        func addCardListener(_ listener: @escaping (PulseCardChange) -> Void) -> UInt64 {
            core.nextListener += 1
            core.cardListeners[core.nextListener] = listener
            return core.nextListener
        }

        func removeListener(_ token: UInt64) {
            core.cardListeners[token] = nil
            core.subscriptionListeners[token] = nil
            core.terminationListeners[token] = nil
            core.restoreListeners[token] = nil
        }
    }

    /// Runs `body` with the loop lock held. On the loop thread (inside a callback) the lock is
    /// already held by the loop, so it runs directly: callbacks may issue further calls. The
    /// lock is recursive (libpulse creates it so), so nesting on one thread is safe too: a
    /// sequence's termination handler may run inside ``close()``.
    func withLoopLocked<Result, Failure: Error>(_ body: (LoopAccess) throws(Failure) -> Result) throws(Failure) -> Result {
        guard !isOnLoopThread else { return try body(LoopAccess(core: self)) }
        pa_threaded_mainloop_lock(loop)
        defer { pa_threaded_mainloop_unlock(loop) }
        return try ServerLoopThreads.whileLocked { () throws(Failure) -> Result in try body(LoopAccess(core: self)) }
    }

    /// Whether the caller runs on the loop's own thread (inside a callback, the lock held by the loop).
    var isOnLoopThread: Bool {
        running.flag.load(ordering: .acquiring) && pa_threaded_mainloop_in_thread(loop) != 0
    }

    // MARK: Operations

    private func start(_ name: StaticString, _ pending: PendingOperation, _ call: (OpaquePointer, UnsafeMutableRawPointer) -> OpaquePointer?) {
        pending.name = "\(name)"
        guard let context, ending == nil else {
            pending.complete(with: .failure(endingError(operation: "\(name)")))
            return
        }
        pending.core = self
        let userdata = Unmanaged.passRetained(pending).toOpaque()
        guard let operation = call(context, userdata) else {
            Unmanaged<PendingOperation>.fromOpaque(userdata).release()
            pending.core = nil
            pending.complete(with: .failure(Self.error(of: context, in: "\(name)")))
            return
        }
        pending.operation = operation
        self.pending[ObjectIdentifier(pending)] = pending
    }

    /// Called by a pending operation when its C callback delivered the final answer: drops the
    /// operation and the retain that the userdata held.
    func finished(_ pending: PendingOperation, userdata: UnsafeMutableRawPointer) {
        self.pending[ObjectIdentifier(pending)] = nil
        if let operation = pending.operation { pa_operation_unref(operation) }
        pending.operation = nil
        Unmanaged<PendingOperation>.fromOpaque(userdata).release()
    }

    /// The error for a failed call on `context`: PulseAudio's code and text.
    static func error(of context: OpaquePointer?, in operation: String) -> PulseError {
        let code = context.map { pa_context_errno($0) } ?? PulseError.Code.connectionTerminated.rawValue
        let message = pa_strerror(code).map { String(cString: $0) } ?? "error \(code)"
        return PulseError(code: PulseError.Code(rawValue: code), operation: operation, message: message)
    }

    private static func closedError(_ operation: String) -> PulseError {
        PulseError(code: .connectionTerminated, operation: operation, message: "the connection was closed")
    }

    private func endingError(operation: String) -> PulseError {
        switch ending {
        case .lost(let error): PulseError(code: error.code, operation: operation, message: error.message)
        case .closed, nil: Self.closedError(operation)
        }
    }

    /// Fails every pending operation and tells termination listeners; libpulse cancels the
    /// operations of a dead context without calling their callbacks, so nothing else would.
    private func failEverything(_ reason: Ending) {
        let operations = pending.values
        pending = [:]
        for operation in operations {
            if let handle = operation.operation {
                pa_operation_cancel(handle)
                pa_operation_unref(handle)
            }
            operation.operation = nil
            operation.core = nil
            operation.complete(with: .failure(endingError(operation: operation.name)))
            Unmanaged.passUnretained(operation).release()
        }
        let listeners = terminationListeners.values
        terminationListeners = [:]
        subscriptionListeners = [:]
        restoreListeners = [:]
        cardListeners = [:]
        for listener in listeners { listener(reason) }
    }

    // MARK: Callback entry points (loop thread, lock held)

    fileprivate func contextStateChanged() {
        guard let context else { return }
        let state = pa_context_get_state(context)
        switch state {
        case PA_CONTEXT_READY:
            isReady = true
            let waiter = connectWaiter
            connectWaiter = nil
            waiter?(.success(()))
        case PA_CONTEXT_FAILED, PA_CONTEXT_TERMINATED:
            let error = Self.error(of: context, in: isReady ? "pa_context" : "pa_context_connect")
            if let waiter = connectWaiter {
                connectWaiter = nil
                ending = .lost(error)
                waiter(.failure(error))
            } else if ending == nil {
                ending = .lost(error)
                failEverything(.lost(error))
            }
        default:
            break
        }
    }

    fileprivate func subscriptionEvent(_ type: pa_subscription_event_type_t, index: UInt32) {
        if let change = PulseCardChange(type, index: index) {
            for listener in cardListeners.values { listener(change) }
            return
        }
        guard let event = PulseSubscriptionEvent(type, index: index) else { return }
        for listener in subscriptionListeners.values { listener(event) }
    }

    fileprivate func streamRestoreChanged() {
        for listener in restoreListeners.values { listener() }
    }
}

/// The C callbacks of the context itself; their userdata is the unretained ``PulseCore``, which
/// outlives the context (it unrefs the context before it goes away).
enum PulseCallbacks {
    static let contextState: pa_context_notify_cb_t = { _, userdata in
        guard let userdata else { return }
        Unmanaged<PulseCore>.fromOpaque(userdata).takeUnretainedValue().contextStateChanged()
    }

    static let subscription: pa_context_subscribe_cb_t = { _, type, index, userdata in
        guard let userdata else { return }
        Unmanaged<PulseCore>.fromOpaque(userdata).takeUnretainedValue().subscriptionEvent(type, index: index)
    }

    static let streamRestoreChanged: pa_ext_stream_restore_subscribe_cb_t = { _, userdata in
        guard let userdata else { return }
        Unmanaged<PulseCore>.fromOpaque(userdata).takeUnretainedValue().streamRestoreChanged()
    }
}

/// Whether a core's loop thread runs, shared with the core's thread test.
private final class LoopRunning: Sendable {
    let flag = Atomic(false)
}
