internal import CPulse
public import SoundServer
import Logging
import Synchronization

/// A live copy of the server's graph: the initial listing plus the subscription to every
/// facility, applied in the server's order.
///
/// Each change is delivered twice: to the synchronous `handler` given at start, called **on the
/// loop thread** right after the change is applied (the agent's reaction path: it may read
/// ``graph`` and issue commands with ``PulseConnection/submit(_:completion:)`` without waiting,
/// so the reaction reaches the server without a thread hop; it must not block or call
/// ``PulseConnection/disconnect()``), and to every ``events()`` sequence.
///
/// ```swift
/// let mirror = try await PulseGraphMirror.start(on: connection) { event, graph in
///     if case .streamAppeared(let stream) = event, stream.role == "phone" {
///         for music in graph.sinkInputs.values where music.role == "music" {
///             connection.submit(.setSinkInputMute(index: music.index, muted: true))
///         }
///     }
/// }
/// defer { mirror.stop() }
/// print(mirror.graph.sinks.count)
/// ```
public final class PulseGraphMirror: Sendable {
    /// The connection the mirror listens on.
    public let connection: PulseConnection

    private struct State {
        var graph = Graph()
        var isListing = true
        var isEnded = false
        var handler: (@Sendable (GraphEvent, Graph) -> Void)?
        var subscribers: [UInt64: AsyncStream<GraphEvent>.Continuation] = [:]
        var nextSubscriber: UInt64 = 0
        var listenerTokens: [UInt64] = []
    }

    private let state: Mutex<State>

    private init(connection: PulseConnection, handler: (@Sendable (GraphEvent, Graph) -> Void)?) {
        self.connection = connection
        self.state = Mutex(State(handler: handler))
    }

    /// Subscribes to every facility, lists the whole graph, and returns once the listing is in.
    ///
    /// The graph at that moment is the baseline: changes that happened while listing are part
    /// of it and are not delivered as events; every change after it is.
    ///
    /// - Parameter handler: Called on the loop thread with each event and the graph after it.
    /// - Throws: ``PulseError`` when the subscription or a listing fails.
    ///
    /// The corresponding PulseAudio calls are `pa_context_subscribe` (`PA_SUBSCRIPTION_MASK_ALL`)
    /// and the `pa_context_get_*_info_list` calls.
    public static func start(
        on connection: PulseConnection, handler: (@Sendable (GraphEvent, Graph) -> Void)? = nil
    ) async throws(PulseError) -> PulseGraphMirror {
        let mirror = PulseGraphMirror(connection: connection, handler: handler)
        do throws(PulseError) {
            try await connection.awaiting { done in mirror.begin(done) }
        } catch {
            mirror.stop()
            throw error
        }
        return mirror
    }

    /// The current graph (a copy: later changes do not alter it).
    public var graph: Graph { state.withLock { $0.graph } }

    /// A new sequence of every event from now on.
    public func events() -> PulseGraphEvents {
        let (stream, continuation) = AsyncStream<GraphEvent>.makeStream(bufferingPolicy: .unbounded)
        let registered = state.withLock { state -> Bool in
            guard !state.isEnded else { return false }
            state.nextSubscriber += 1
            let token = state.nextSubscriber
            state.subscribers[token] = continuation
            continuation.onTermination = { [weak self] _ in
                _ = self?.state.withLock { $0.subscribers.removeValue(forKey: token) }
            }
            return true
        }
        if !registered { continuation.finish() }
        return PulseGraphEvents(base: stream)
    }

    /// Stops following the server and ends every event sequence. The connection stays open.
    public func stop() {
        let tokens = state.withLock { state in
            defer { state.listenerTokens = [] }
            return state.listenerTokens
        }
        connection.core.withLoopLocked { loop in
            for token in tokens { loop.removeListener(token) }
        }
        end(with: nil)
    }

    // MARK: On the loop thread

    /// Registers the listeners, subscribes and lists, all under one hold of the loop lock so no
    /// event slips between subscribing and listing; the server answers in request order.
    private func begin(_ done: @escaping @Sendable (Result<Void, PulseError>) -> Void) {
        let progress = ListingProgress(remaining: 8, done: { [weak self] result in
            if case .success = result { self?.state.withLock { $0.isListing = false } }
            done(result)
        })
        connection.core.withLoopLocked { loop in
            let tokens = [
                loop.addSubscriptionListener { [weak self] event in self?.received(event) },
                loop.addTerminationListener { [weak self] ending in
                    if case .lost(let error) = ending { self?.end(with: error) } else { self?.end(with: nil) }
                },
            ]
            state.withLock { $0.listenerTokens = tokens }
            connection.request("pa_context_subscribe", { (result: Result<Void, PulseError>) in progress.arrived(result) }) {
                pa_context_subscribe($0, PA_SUBSCRIPTION_MASK_ALL, OperationCallbacks.success, $1)
            }
            connection.request("pa_context_get_server_info", { [weak self] (result: Result<ServerInfo, PulseError>) in
                progress.arrived(result.map { info in self?.apply { $0.update(info) } })
            }) { pa_context_get_server_info($0, OperationCallbacks.server, $1) }
            list("pa_context_get_sink_info_list", SoundDevice.self, progress) {
                pa_context_get_sink_info_list($0, OperationCallbacks.sink, $1)
            }
            list("pa_context_get_source_info_list", SoundDevice.self, progress) {
                pa_context_get_source_info_list($0, OperationCallbacks.source, $1)
            }
            list("pa_context_get_sink_input_info_list", SoundStream.self, progress) {
                pa_context_get_sink_input_info_list($0, OperationCallbacks.sinkInput, $1)
            }
            list("pa_context_get_source_output_info_list", SoundStream.self, progress) {
                pa_context_get_source_output_info_list($0, OperationCallbacks.sourceOutput, $1)
            }
            list("pa_context_get_client_info_list", SoundClient.self, progress) {
                pa_context_get_client_info_list($0, OperationCallbacks.client, $1)
            }
            list("pa_context_get_module_info_list", SoundModule.self, progress) {
                pa_context_get_module_info_list($0, OperationCallbacks.module, $1)
            }
        }
    }

    private func list<Item: GraphMember>(
        _ name: StaticString, _ type: Item.Type, _ progress: ListingProgress,
        _ call: (OpaquePointer, UnsafeMutableRawPointer) -> OpaquePointer?
    ) {
        connection.request(name, { [weak self] (result: Result<[Item], PulseError>) in
            progress.arrived(result.map { items in
                for item in items { self?.apply { item.update(&$0) } }
            })
        }, call)
    }

    private func received(_ event: PulseSubscriptionEvent) {
        let index = event.index
        guard let kind = event.kind else {
            connection.request("pa_context_get_server_info", { [weak self] (result: Result<ServerInfo, PulseError>) in
                if case .success(let info) = result { self?.apply { $0.update(info) } }
            }) { pa_context_get_server_info($0, OperationCallbacks.server, $1) }
            return
        }
        if event.change == .removed {
            apply { $0.remove(GraphObjectID(kind: kind, index: index)) }
            return
        }
        switch kind {
        case .sink: fetch("pa_context_get_sink_info_by_index", SoundDevice.self) {
            pa_context_get_sink_info_by_index($0, index, OperationCallbacks.sink, $1)
        }
        case .source: fetch("pa_context_get_source_info_by_index", SoundDevice.self) {
            pa_context_get_source_info_by_index($0, index, OperationCallbacks.source, $1)
        }
        case .sinkInput: fetch("pa_context_get_sink_input_info", SoundStream.self) {
            pa_context_get_sink_input_info($0, index, OperationCallbacks.sinkInput, $1)
        }
        case .sourceOutput: fetch("pa_context_get_source_output_info", SoundStream.self) {
            pa_context_get_source_output_info($0, index, OperationCallbacks.sourceOutput, $1)
        }
        case .client: fetch("pa_context_get_client_info", SoundClient.self) {
            pa_context_get_client_info($0, index, OperationCallbacks.client, $1)
        }
        case .module: fetch("pa_context_get_module_info", SoundModule.self) {
            pa_context_get_module_info($0, index, OperationCallbacks.module, $1)
        }
        }
    }

    /// Fetches one object named by an event. A failure means it is gone already (its removal
    /// event follows or came first), so there is nothing to apply.
    private func fetch<Item: GraphMember>(
        _ name: StaticString, _ type: Item.Type, _ call: (OpaquePointer, UnsafeMutableRawPointer) -> OpaquePointer?
    ) {
        connection.request(name, { [weak self] (result: Result<[Item], PulseError>) in
            switch result {
            case .success(let items):
                for item in items { self?.apply { item.update(&$0) } }
            case .failure(let error) where error.code != .noEntity && error.code != .connectionTerminated:
                self?.connection.logger.warning("could not refresh a mirrored object", metadata: ["pulse.error": "\(error)"])
            case .failure:
                break
            }
        }, call)
    }

    /// Applies one change and delivers its event outside the state lock (the handler may read
    /// ``graph``). Events during the initial listing only build the starting graph.
    private func apply(_ change: (inout Graph) -> GraphEvent?) {
        let delivery = state.withLock { state -> (GraphEvent, Graph, (@Sendable (GraphEvent, Graph) -> Void)?, [AsyncStream<GraphEvent>.Continuation])? in
            guard !state.isEnded, let event = change(&state.graph), !state.isListing else { return nil }
            return (event, state.graph, state.handler, Array(state.subscribers.values))
        }
        guard let (event, graph, handler, subscribers) = delivery else { return }
        handler?(event, graph)
        for subscriber in subscribers { subscriber.yield(event) }
    }

    /// Ends the mirror: a lost connection is reported as the last event, then sequences finish.
    private func end(with error: PulseError?) {
        let delivery = state.withLock { state -> (Graph, (@Sendable (GraphEvent, Graph) -> Void)?, [AsyncStream<GraphEvent>.Continuation])? in
            guard !state.isEnded else { return nil }
            state.isEnded = true
            defer { state.subscribers = [:]; state.handler = nil }
            return (state.graph, state.handler, Array(state.subscribers.values))
        }
        guard let (graph, handler, subscribers) = delivery else { return }
        if let error {
            connection.logger.warning("the connection to the sound server was lost", metadata: ["pulse.error": "\(error)"])
            let event = GraphEvent.connectionLost(reason: error.message)
            handler?(event, graph)
            for subscriber in subscribers { subscriber.yield(event) }
        }
        for subscriber in subscribers { subscriber.finish() }
    }
}

/// Counts the answers of the initial listing and reports the first failure or the success.
private final class ListingProgress {
    private var remaining: Int
    private var done: ((Result<Void, PulseError>) -> Void)?

    init(remaining: Int, done: @escaping (Result<Void, PulseError>) -> Void) {
        self.remaining = remaining
        self.done = done
    }

    func arrived<Value>(_ result: Result<Value, PulseError>) {
        switch result {
        case .failure(let error):
            let done = self.done
            self.done = nil
            done?(.failure(error))
        case .success:
            remaining -= 1
            if remaining == 0 {
                let done = self.done
                self.done = nil
                done?(.success(()))
            }
        }
    }
}

/// A graph value a mirror stores by kind.
protocol GraphMember {
    func update(_ graph: inout Graph) -> GraphEvent?
}

extension SoundDevice: GraphMember {
    func update(_ graph: inout Graph) -> GraphEvent? { graph.update(self) }
}

extension SoundStream: GraphMember {
    func update(_ graph: inout Graph) -> GraphEvent? { graph.update(self) }
}

extension SoundClient: GraphMember {
    func update(_ graph: inout Graph) -> GraphEvent? { graph.update(self) }
}

extension SoundModule: GraphMember {
    func update(_ graph: inout Graph) -> GraphEvent? { graph.update(self) }
}
