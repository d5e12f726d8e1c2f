import Synchronization

/// A ``PulsePlaybackSource`` over PCM held in memory, played once, a number of extra times, or
/// forever, with a position that can be read and moved from any thread.
///
/// ```swift
/// let source = PulseMemorySource(bytes: pcm, spec: spec, numberOfLoops: 1)   // plays twice
/// let stream = try await PulsePlaybackStream.open(on: connection, name: "tone", source: source)
/// print(source.framePosition)
/// ```
public final class PulseMemorySource: PulsePlaybackSource {
    private struct State {
        var offset = 0
        var loopsLeft: Int
    }

    /// The PCM, whole frames.
    public let bytes: [UInt8]
    /// The PCM's shape.
    public let spec: PulseSampleSpec
    private let frameSize: Int
    private let state: Mutex<State>

    /// A source over `bytes` of `spec` (cut to whole frames), played
    /// `numberOfLoops` extra times after the first; a negative count loops forever.
    public init(bytes: [UInt8], spec: PulseSampleSpec, numberOfLoops: Int = 0) {
        self.spec = spec
        let frameSize = max(1, spec.frameSize)
        self.frameSize = frameSize
        self.bytes = Array(bytes.prefix(bytes.count - bytes.count % frameSize))
        state = Mutex(State(loopsLeft: numberOfLoops))
    }

    /// Frames in one pass.
    public var frameCount: Int { bytes.count / frameSize }

    /// The next frame to be handed to the server, within the current pass.
    public var framePosition: Int {
        get { state.withLock { $0.offset / frameSize } }
        set { state.withLock { $0.offset = min(max(0, newValue), frameCount) * frameSize } }
    }

    /// Extra passes still to come (negative: forever).
    public var numberOfLoops: Int {
        get { state.withLock { $0.loopsLeft } }
        set { state.withLock { $0.loopsLeft = newValue } }
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let wanted = buffer.count - buffer.count % frameSize
        guard wanted > 0, !bytes.isEmpty else { return 0 }
        return state.withLock { state in
            var written = 0
            while written < wanted {
                if state.offset >= bytes.count {
                    guard state.loopsLeft != 0 else { break }
                    if state.loopsLeft > 0 { state.loopsLeft -= 1 }
                    state.offset = 0
                }
                let count = min(wanted - written, bytes.count - state.offset)
                bytes.withUnsafeBytes { all in
                    guard let from = all.baseAddress, let to = buffer.baseAddress else { return }
                    (to + written).copyMemory(from: from + state.offset, byteCount: count)
                }
                state.offset += count
                written += count
            }
            return written
        }
    }
}
