/// The stream-restore database after each change, as an asynchronous sequence (see
/// ``PulseConnection/streamRestoreChanges()``). It ends when the connection ends.
///
/// ```swift
/// var changes = try await connection.streamRestoreChanges().makeAsyncIterator()
/// let afterNextChange = await changes.next()
/// ```
public struct StreamRestoreChanges: AsyncSequence, Sendable {
    public typealias Element = [StreamRestoreEntry]
    public typealias Failure = Never

    let base: AsyncStream<[StreamRestoreEntry]>

    /// Reads the database states one by one.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncStream<[StreamRestoreEntry]>.AsyncIterator

        /// The database after the next change, or `nil` when the connection has ended.
        public mutating func next() async -> [StreamRestoreEntry]? { await base.next() }

        /// The database after the next change, or `nil` when the connection has ended.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> [StreamRestoreEntry]? {
            await base.next(isolation: actor)
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: base.makeAsyncIterator()) }
}
