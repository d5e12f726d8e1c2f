import Synchronization

/// Hands each published event to every subscriber: the sequences of ``AudioSessionEvents`` and
/// the callbacks of ``AudioSessionObservation``s. Subscribers are called outside the lock, in
/// the order events were published (one publisher: the session's listener).
///
/// Each subscription holds every unread event, unless the broadcast was made with a limit (the
/// recorder's audio): then a subscription holds the newest `limit`, drops the oldest beyond, and
/// ``droppedCount`` counts what was dropped over all subscriptions.
final class EventBroadcast<Event: Sendable>: Sendable {
    private enum Subscriber: Sendable {
        case stream(AsyncStream<Event>.Continuation)
        case callback(@Sendable (Event) -> Void)
    }

    private struct State {
        var subscribers: [UInt64: Subscriber] = [:]
        var next: UInt64 = 0
        var isFinished = false
        var dropped = 0
    }

    private let state = Mutex(State())
    private let limit: Int?

    /// A broadcast whose subscriptions each hold up to `limit` unread events (`nil`: all).
    init(limit: Int? = nil) { self.limit = limit.map { max(1, $0) } }

    /// How many events subscriptions dropped, being full, since the broadcast was made.
    var droppedCount: Int { state.withLock { $0.dropped } }

    /// A new subscription, registered before this returns.
    func subscribe() -> AudioSessionEvents<Event> {
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: limit.map { .bufferingNewest($0) } ?? .unbounded)
        if let token = add(.stream(continuation)) {
            continuation.onTermination = { [weak self] _ in self?.remove(token) }
        } else {
            continuation.finish()
        }
        return AudioSessionEvents(stream: stream)
    }

    /// Calls `handler` with every event from now on, until the observation is cancelled.
    func observe(_ handler: @escaping @Sendable (Event) -> Void) -> AudioSessionObservation {
        guard let token = add(.callback(handler)) else { return AudioSessionObservation(cancel: {}) }
        return AudioSessionObservation { [weak self] in self?.remove(token) }
    }

    /// Hands `event` to every subscriber; returns how many there were.
    @discardableResult
    func publish(_ event: Event) -> Int {
        let subscribers = state.withLock { Array($0.subscribers.sorted { $0.key < $1.key }.map(\.value)) }
        var dropped = 0
        for subscriber in subscribers {
            switch subscriber {
            case .stream(let continuation):
                if case .dropped = continuation.yield(event) { dropped += 1 }
            case .callback(let handler): handler(event)
            }
        }
        if dropped > 0 { state.withLock { $0.dropped += dropped } }
        return subscribers.count
    }

    /// Ends every sequence and drops every callback; later subscriptions end at once.
    func finish() {
        let subscribers = state.withLock { state in
            defer {
                state.subscribers = [:]
                state.isFinished = true
            }
            return Array(state.subscribers.values)
        }
        for case .stream(let continuation) in subscribers { continuation.finish() }
    }

    private func add(_ subscriber: Subscriber) -> UInt64? {
        state.withLock { state in
            guard !state.isFinished else { return nil }
            state.next += 1
            state.subscribers[state.next] = subscriber
            return state.next
        }
    }

    private func remove(_ token: UInt64) {
        _ = state.withLock { $0.subscribers.removeValue(forKey: token) }
    }
}
