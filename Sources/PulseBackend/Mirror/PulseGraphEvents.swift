public import SoundServer

/// The graph changes a ``PulseGraphMirror`` applies, as an asynchronous sequence.
///
/// The sequence is registered when ``PulseGraphMirror/events()`` returns, so it holds every event
/// from then on (buffered without limit until read). It ends after
/// ``SoundServer/GraphEvent/connectionLost(reason:)``, when the mirror stops, or when the
/// connection is closed.
///
/// ```swift
/// for await event in mirror.events() {
///     if case .streamAppeared(let stream) = event { print("new stream", stream.index) }
/// }
/// ```
public struct PulseGraphEvents: AsyncSequence, Sendable {
    public typealias Element = GraphEvent
    public typealias Failure = Never

    let base: AsyncStream<GraphEvent>

    /// Reads the events one by one.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncStream<GraphEvent>.AsyncIterator

        /// The next event, or `nil` when the sequence has ended.
        public mutating func next() async -> GraphEvent? { await base.next() }

        /// The next event, or `nil` when the sequence has ended.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> GraphEvent? {
            await base.next(isolation: actor)
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: base.makeAsyncIterator()) }
}
