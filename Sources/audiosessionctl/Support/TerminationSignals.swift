import Dispatch
import Glibc

/// SIGINT and SIGTERM as an asynchronous sequence of signal numbers.
///
/// Creating the sequence sets both signals to be ignored by the default disposition and watches
/// them with dispatch signal sources instead, so the process is not killed and the command
/// decides what a signal means (`monitor` ends cleanly, `run` forwards it to its child). A child
/// started with ``ChildProcess`` gets the default dispositions back.
///
/// ```swift
/// for await signal in TerminationSignals() { child.send(signal) }
/// ```
struct TerminationSignals: AsyncSequence, Sendable {
    typealias Element = Int32
    typealias Failure = Never

    static let watched: [Int32] = [SIGINT, SIGTERM]

    private let stream: AsyncStream<Int32>

    init() {
        let (stream, continuation) = AsyncStream.makeStream(of: Int32.self)
        let queue = DispatchQueue(label: "audiosessionctl.signals")
        let sources = Self.watched.map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { continuation.yield(number) }
            source.resume()
            return source
        }
        // The sources live as long as someone iterates; ending the iteration cancels them.
        let holder = SignalSources(sources)
        continuation.onTermination = { _ in holder.cancel() }
        self.stream = stream
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: stream.makeAsyncIterator()) }

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncStream<Int32>.AsyncIterator
        mutating func next() async -> Int32? { await base.next() }
    }
}

/// Keeps the dispatch sources alive until the sequence ends.
private final class SignalSources: @unchecked Sendable {
    // Written once in init; `cancel` is safe to call from any thread (DispatchSource is thread-safe).
    private let sources: [any DispatchSourceSignal]
    init(_ sources: [any DispatchSourceSignal]) { self.sources = sources }
    func cancel() { sources.forEach { $0.cancel() } }
}
