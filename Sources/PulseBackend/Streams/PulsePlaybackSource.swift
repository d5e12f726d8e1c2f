/// Where a ``PulsePlaybackStream`` takes its PCM from when the server asks for more, and what
/// shape that PCM has: the stream is opened with the source's ``spec``.
///
/// ``read(into:)`` runs on the connection's loop thread with the loop lock held, each time the
/// server wants data: it must return at once (copy from memory; never block on a file or a lock
/// held for long).
///
/// ```swift
/// final class Silence: PulsePlaybackSource {
///     let spec = PulseSampleSpec(format: .s16le, rate: 48_000, channels: 2)
///     func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
///         buffer.initializeMemory(as: UInt8.self, repeating: 0)
///         return buffer.count
///     }
/// }
/// ```
public protocol PulsePlaybackSource: AnyObject, Sendable {
    /// The shape of the PCM ``read(into:)`` delivers.
    var spec: PulseSampleSpec { get }

    /// Fills the start of `buffer` with whole frames and returns how many bytes it wrote; `0`
    /// means the source has ended, and the stream drains what it holds.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int
}
