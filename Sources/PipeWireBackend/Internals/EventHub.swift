internal import Synchronization

/// Fans the mirror's events out to synchronous handlers and to ``PipeWireEvents`` consumers.
///
/// Publishing happens on the loop thread with the loop locked. Handlers run first and there, so a
/// reaction can issue commands without a thread hop; async consumers get the event through their
/// stream's buffer. The hub's own mutex is never held while a handler runs.
final class EventHub: Sendable {
    typealias Handler = @Sendable (PipeWireEvent) -> Void

    private struct State {
        var nextNumber: UInt64 = 0
        var handlers: [UInt64: Handler] = [:]
        var streams: [UInt64: AsyncStream<PipeWireEvent>.Continuation] = [:]
        var finished = false
    }

    private let state = Mutex(State())

    /// Registers `handler`; with `replay`, first calls it with each of those events.
    func addHandler(replay: [PipeWireEvent], _ handler: @escaping Handler) -> PipeWireEventHandlerRegistration {
        for event in replay { handler(event) }
        return state.withLock { state in
            state.nextNumber += 1
            state.handlers[state.nextNumber] = handler
            return PipeWireEventHandlerRegistration(number: state.nextNumber)
        }
    }

    func removeHandler(_ registration: PipeWireEventHandlerRegistration) {
        _ = state.withLock { $0.handlers.removeValue(forKey: registration.number) }
    }

    /// A new sequence that starts with `replay`, then every published event.
    func subscribe(replay: [PipeWireEvent]) -> PipeWireEvents {
        let (stream, continuation) = AsyncStream.makeStream(of: PipeWireEvent.self, bufferingPolicy: .unbounded)
        for event in replay { continuation.yield(event) }
        let number: UInt64? = state.withLock { state in
            guard !state.finished else { return nil }
            state.nextNumber += 1
            state.streams[state.nextNumber] = continuation
            return state.nextNumber
        }
        if let number {
            continuation.onTermination = { [weak self] _ in
                _ = self?.state.withLock { $0.streams.removeValue(forKey: number) }
            }
        } else {
            continuation.finish()
        }
        return PipeWireEvents(stream: stream)
    }

    func publish(_ event: PipeWireEvent) {
        let (handlers, streams) = state.withLock { state in
            (Array(state.handlers.sorted { $0.key < $1.key }.map(\.value)), Array(state.streams.values))
        }
        for handler in handlers { handler(event) }
        for stream in streams { stream.yield(event) }
    }

    /// Ends every sequence; later subscriptions end at once.
    func finish() {
        let streams = state.withLock { state in
            state.finished = true
            state.handlers = [:]
            defer { state.streams = [:] }
            return Array(state.streams.values)
        }
        for stream in streams { stream.finish() }
    }
}
