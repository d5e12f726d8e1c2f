/// The raw subscription events of a connection, as an asynchronous sequence (see
/// ``PulseConnection/subscribe()``). It ends when the connection ends.
///
/// ```swift
/// var events = try await connection.subscribe().makeAsyncIterator()
/// let next = await events.next()
/// ```
public struct PulseSubscriptionEvents: AsyncSequence, Sendable {
    public typealias Element = PulseSubscriptionEvent
    public typealias Failure = Never

    let base: AsyncStream<PulseSubscriptionEvent>

    /// Reads the events one by one.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncStream<PulseSubscriptionEvent>.AsyncIterator

        /// The next event, or `nil` when the connection has ended.
        public mutating func next() async -> PulseSubscriptionEvent? { await base.next() }

        /// The next event, or `nil` when the connection has ended.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> PulseSubscriptionEvent? {
            await base.next(isolation: actor)
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: base.makeAsyncIterator()) }
}
