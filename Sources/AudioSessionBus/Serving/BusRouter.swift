internal import Synchronization

/// Routes what the connection receives: method calls to exported objects, signals to the
/// subscribed sequences. Runs on the loop thread; the tables are shared with API callers.
final class BusRouter: Sendable {
    private struct Subscription {
        let rule: BusMatchRule
        let continuation: AsyncStream<BusSignal>.Continuation
    }

    private struct State {
        var objects: [String: BusObject] = [:]
        var subscriptions: [UInt64: Subscription] = [:]
        var nextSubscription: UInt64 = 0
        /// Wakes the running ``BusConnection/serve()``, if one runs.
        var server: (id: UInt64, wake: AsyncStream<Void>.Continuation)?
        var nextServer: UInt64 = 0
        /// Async calls not yet taken by a serve(); they stay here if serve() stops, for the next one.
        var queue: [AsyncMethodCall] = []
        var closed = false
    }

    /// How many async calls may wait for ``BusConnection/serve()``; later ones are refused.
    static let queueLimit = 1024

    private let state = Mutex(State())

    // MARK: Tables

    func export(_ object: BusObject) throws(BusError) {
        let added = state.withLock { state -> Bool in
            guard !state.closed, state.objects[object.path.rawValue] == nil else { return false }
            state.objects[object.path.rawValue] = object
            return true
        }
        guard added else {
            throw BusError(.failed, "cannot export \(object.path): the path is already exported or the connection is closed")
        }
    }

    func unexport(_ path: BusObjectPath) {
        _ = state.withLock { $0.objects.removeValue(forKey: path.rawValue) }
    }

    /// Adds a subscription; nil when the connection is closed.
    func subscribe(_ rule: BusMatchRule, _ continuation: AsyncStream<BusSignal>.Continuation) -> UInt64? {
        state.withLock { state -> UInt64? in
            guard !state.closed else { return nil }
            state.nextSubscription += 1
            state.subscriptions[state.nextSubscription] = Subscription(rule: rule, continuation: continuation)
            return state.nextSubscription
        }
    }

    func unsubscribe(_ id: UInt64) {
        _ = state.withLock { $0.subscriptions.removeValue(forKey: id) }
    }

    /// Registers the one running serve(): the returned sequence wakes it whenever calls are
    /// queued (at once if some wait already). Nil if another serve() runs or the connection is closed.
    func startServing() -> AsyncStream<Void>? {
        let (stream, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state -> UInt64? in
            guard state.server == nil, !state.closed else { return nil }
            state.nextServer += 1
            state.server = (state.nextServer, wake)
            if !state.queue.isEmpty { wake.yield() }
            return state.nextServer
        }
        guard let id else { return nil }
        wake.onTermination = { [weak self] _ in
            self?.state.withLock { state in
                if state.server?.id == id { state.server = nil }
            }
        }
        return stream
    }

    /// Takes every queued async call, oldest first.
    func takeQueuedCalls() -> [AsyncMethodCall] {
        state.withLock { state in
            defer { state.queue.removeAll() }
            return state.queue
        }
    }

    func connectionClosed() {
        // The objects leave the table under the lock but are released after it: their handlers may
        // hold the last reference to an exporter whose deinit ends a signal sequence, and ending one
        // unsubscribes, which takes this lock again.
        let (subscriptions, objects) = state.withLock { state in
            state.closed = true
            defer {
                state.objects.removeAll()
                state.subscriptions.removeAll()
            }
            return (Array(state.subscriptions.values), state.objects)
        }
        withExtendedLifetime(objects) {}
        for subscription in subscriptions { subscription.continuation.finish() }
        let (server, queued) = state.withLock { state in
            defer {
                state.server = nil
                state.queue.removeAll()
            }
            return (state.server?.wake, state.queue)
        }
        withExtendedLifetime(queued) {}
        server?.finish()
    }

    // MARK: Routing (loop thread)

    func route(_ message: IncomingMessage, loop: BusLoop) -> Bool {
        switch message.kind {
        case .signal:
            deliverSignal(message)
            return false
        case .methodCall:
            handleCall(message, loop: loop)
            return true
        default:
            return false
        }
    }

    private func deliverSignal(_ message: IncomingMessage) {
        guard case .success(let arguments) = message.arguments, let path = message.path,
            let interface = message.interface, let member = message.member
        else { return }
        let signal = BusSignal(
            sender: message.sender ?? "", path: path, interface: interface, member: member,
            destination: message.destination, arguments: arguments)
        let receivers = state.withLock { state in
            state.subscriptions.values.filter { $0.rule.matches(signal) }.map(\.continuation)
        }
        for receiver in receivers { receiver.yield(signal) }
    }

    private func handleCall(_ message: IncomingMessage, loop: BusLoop) {
        let reply = ReplySender(message: message, loop: loop)
        guard let pathText = message.path, let path = try? BusObjectPath(validating: pathText), let member = message.member
        else {
            reply.fail(BusError(.unknownMethod, "a method call without a path or member"))
            return
        }
        let (object, children) = state.withLock { state in
            (state.objects[pathText], Self.children(of: pathText, in: state.objects.keys))
        }
        guard let object else {
            if message.interface ?? BusStandardInterface.introspectable == BusStandardInterface.introspectable,
                member == "Introspect", !children.isEmpty
            {
                reply.succeed([.string(BusIntrospection.node(interfaces: [], children: children))])
            } else {
                reply.fail(BusError(.unknownObject, "no object at \(pathText)"))
            }
            return
        }
        let arguments: BusArguments
        switch message.arguments {
        case .success(let decoded): arguments = decoded
        case .failure(let error):
            reply.fail(error)
            return
        }
        if let standard = BusStandardInterface.answer(
            interface: message.interface, member: member, arguments: arguments, object: object, children: children)
        {
            reply.complete(standard)
            return
        }
        let method: BusMethod
        switch Self.lookUp(member, interface: message.interface, in: object) {
        case .success(let found): method = found
        case .failure(let error):
            reply.fail(error)
            return
        }
        let call = BusMethodCall(
            path: path, interface: message.interface, method: member, sender: message.sender ?? "", arguments: arguments)
        switch method.body {
        case .sync(let handler):
            reply.complete(Result { try handler(call) })
        case .async(let handler):
            enqueue(AsyncMethodCall(call: call, handler: handler, reply: reply))
        }
    }

    private func enqueue(_ call: AsyncMethodCall) {
        let accepted = state.withLock { state -> Bool in
            guard state.queue.count < Self.queueLimit else { return false }
            state.queue.append(call)
            state.server?.wake.yield()
            return true
        }
        if !accepted {
            call.reply.fail(BusError(.limitsExceeded, "too many calls are waiting to be served; try again later"))
        }
    }

    private static func lookUp(_ member: String, interface: String?, in object: BusObject) -> Result<BusMethod, BusError> {
        if let interface {
            guard let found = object.interfaces[interface] else {
                return .failure(BusError(.unknownInterface, "\(object.path) has no interface \(interface)"))
            }
            guard let method = found.methods[member] else {
                return .failure(
                    BusError(
                        .unknownMethod,
                        "interface \(interface) at \(object.path) has no method \(member); it has "
                            + Self.methodList(found.methods.keys)))
            }
            return .success(method)
        }
        for name in object.interfaces.keys.sorted() {
            if let method = object.interfaces[name]?.methods[member] { return .success(method) }
        }
        let everyMethod = object.interfaces.values.flatMap(\.methods.keys)
        return .failure(
            BusError(.unknownMethod, "\(object.path) has no method \(member); it has " + methodList(everyMethod)))
    }

    /// The method names a caller may use instead, sorted, for an `UnknownMethod` message: callers
    /// in other languages see what the interface offers without introspecting it.
    private static func methodList(_ names: some Sequence<String>) -> String {
        let sorted = Set(names).sorted()
        return sorted.isEmpty ? "(none)" : sorted.joined(separator: ", ")
    }

    /// The names of the nodes directly below `path` that lead to exported objects.
    private static func children(of path: String, in paths: some Sequence<String>) -> [String] {
        let prefix = path == "/" ? "/" : path + "/"
        var names = Set<String>()
        for candidate in paths where candidate.hasPrefix(prefix) && candidate != path {
            if let first = candidate.dropFirst(prefix.count).split(separator: "/").first { names.insert(String(first)) }
        }
        return names.sorted()
    }
}
