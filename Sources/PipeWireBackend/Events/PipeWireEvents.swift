/// The events of one ``PipeWireConnection`` as an `AsyncSequence`.
///
/// Made by ``PipeWireConnection/events(replayingCurrentGlobals:)``, which registers it before
/// returning, so nothing that happens afterwards is missed. It buffers without bound and ends
/// after ``PipeWireEvent/disconnected(_:)`` or when the connection is closed. Iterate it once;
/// ask the connection again for another consumer.
///
/// ```swift
/// let events = connection.events()
/// for await event in events {
///     if case .globalRemoved(let global) = event, global.id == musicID { break }
/// }
/// ```
public struct PipeWireEvents: AsyncSequence, Sendable {
    /// Each element is one change of the mirror.
    public typealias Element = PipeWireEvent
    /// The sequence never throws; it ends when the connection does.
    public typealias Failure = Never

    private let stream: AsyncStream<PipeWireEvent>

    init(stream: AsyncStream<PipeWireEvent>) { self.stream = stream }

    /// The iterator; make one per sequence.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: stream.makeAsyncIterator()) }

    /// Iterates the events in the order the server sent them.
    public struct AsyncIterator: AsyncIteratorProtocol {
        /// One change of the mirror.
        public typealias Element = PipeWireEvent
        /// Iteration never throws.
        public typealias Failure = Never

        private var base: AsyncStream<PipeWireEvent>.Iterator

        init(base: AsyncStream<PipeWireEvent>.Iterator) { self.base = base }

        /// The next event, or nil once the connection closed or broke.
        public mutating func next() async -> PipeWireEvent? { await base.next() }

        /// The next event, or nil once the connection closed or broke, on the caller's actor.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> PipeWireEvent? {
            await base.next(isolation: actor)
        }
    }
}
