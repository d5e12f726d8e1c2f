/// The events of one playback or capture stream, as an asynchronous sequence. It ends when the
/// stream is closed or has failed. A stream has one sequence; iterate it from one task.
///
/// ```swift
/// for await event in stream.events where event == .drained {
///     print("played to the end")
/// }
/// ```
public struct PulseStreamEvents: AsyncSequence, Sendable {
    public typealias Element = PulseStreamEvent
    public typealias Failure = Never

    let base: AsyncStream<PulseStreamEvent>

    /// Reads the events one by one.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncStream<PulseStreamEvent>.AsyncIterator

        /// The next event, or `nil` once the stream has ended.
        public mutating func next() async -> PulseStreamEvent? { await base.next() }

        /// The next event, or `nil` once the stream has ended.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> PulseStreamEvent? {
            await base.next(isolation: actor)
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: base.makeAsyncIterator()) }
}
