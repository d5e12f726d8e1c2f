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
    public typealias Element = PipeWireEvent
    public typealias Failure = Never

    private let stream: AsyncStream<PipeWireEvent>

    init(stream: AsyncStream<PipeWireEvent>) { self.stream = stream }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: stream.makeAsyncIterator()) }

    /// Iterates the events in the order the server sent them.
    public struct AsyncIterator: AsyncIteratorProtocol {
        public typealias Element = PipeWireEvent
        public typealias Failure = Never

        private var base: AsyncStream<PipeWireEvent>.Iterator

        init(base: AsyncStream<PipeWireEvent>.Iterator) { self.base = base }

        public mutating func next() async -> PipeWireEvent? { await base.next() }

        public mutating func next(isolation actor: isolated (any Actor)?) async -> PipeWireEvent? {
            await base.next(isolation: actor)
        }
    }
}
