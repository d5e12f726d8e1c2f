/// Where a ``PulsePlaybackStream`` takes its PCM from when the server asks for more.
///
/// ``read(into:)`` runs on the connection's loop thread with the loop lock held, each time the
/// server wants data: it must return at once (copy from memory; never block on a file or a lock
/// held for long).
///
/// ```swift
/// final class Silence: PulsePlaybackSource {
///     func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
///         buffer.initializeMemory(as: UInt8.self, repeating: 0)
///         return buffer.count
///     }
/// }
/// ```
public protocol PulsePlaybackSource: AnyObject, Sendable {
    /// Fills the start of `buffer` with whole frames and returns how many bytes it wrote; `0`
    /// means the source has ended, and the stream drains what it holds.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int
}
