/// The signals that match one rule, in the order they arrived, as an `AsyncSequence`.
///
/// The rule is registered with the bus before ``BusConnection/signals(matching:)`` returns, so
/// nothing sent after that is missed. The sequence ends when the connection closes; dropping it
/// removes the rule. Signals are buffered until read.
///
/// ```swift
/// let signals = try await bus.signals(matching: BusMatchRule(interface: "org.example.Events"))
/// for await signal in signals { handle(signal) }
/// ```
public struct BusSignals: AsyncSequence, Sendable {
    public typealias Element = BusSignal
    public typealias Failure = Never

    let stream: AsyncStream<BusSignal>

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: stream.makeAsyncIterator())
    }

    /// Produces the signals one at a time.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncStream<BusSignal>.AsyncIterator

        public mutating func next() async -> BusSignal? {
            await base.next()
        }

        public mutating func next(isolation actor: isolated (any Actor)?) async -> BusSignal? {
            await base.next(isolation: actor)
        }
    }
}
