/// Name-ownership changes on the bus, as an `AsyncSequence`; made by
/// ``BusConnection/nameOwnerChanges(of:)``.
///
/// ```swift
/// for await change in try await bus.nameOwnerChanges() where change.isDisconnection {
///     print("\(change.name) went away")
/// }
/// ```
public struct NameOwnerChanges: AsyncSequence, Sendable {
    public typealias Element = NameOwnerChange
    public typealias Failure = Never

    let signals: BusSignals

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: signals.makeAsyncIterator())
    }

    /// Produces the changes one at a time, skipping malformed signals.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: BusSignals.AsyncIterator

        public mutating func next() async -> NameOwnerChange? {
            while let signal = await base.next() {
                if let change = NameOwnerChange(signal) { return change }
            }
            return nil
        }
    }
}
