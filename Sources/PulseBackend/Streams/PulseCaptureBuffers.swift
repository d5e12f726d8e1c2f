/// The audio a ``PulseCaptureStream`` records, as an asynchronous sequence of byte buffers:
/// whole interleaved frames in the stream's ``PulseSampleSpec``, in order, gaps filled with
/// silence. It ends when the stream is closed or has failed.
///
/// Buffers queue up until read: read them, cork the stream, or close it.
///
/// ```swift
/// for await bytes in capture.buffers {
///     file.append(bytes)
/// }
/// ```
public struct PulseCaptureBuffers: AsyncSequence, Sendable {
    public typealias Element = [UInt8]
    public typealias Failure = Never

    let base: AsyncStream<[UInt8]>

    /// Reads the buffers one by one.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncStream<[UInt8]>.AsyncIterator

        /// The next buffer, or `nil` once the stream has ended.
        public mutating func next() async -> [UInt8]? { await base.next() }

        /// The next buffer, or `nil` once the stream has ended.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> [UInt8]? {
            await base.next(isolation: actor)
        }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: base.makeAsyncIterator()) }
}
