/// The shape of interleaved PCM: sample encoding, frame rate and channel count.
///
/// ```swift
/// let format = PCMFormat(encoding: .int16, sampleRate: 48_000, channels: 2)
/// print(format.bytesPerFrame)   // 4
/// ```
public struct PCMFormat: Hashable, Sendable, CustomStringConvertible {
    /// How one sample is stored: little-endian, as in WAV files.
    public enum Encoding: String, Hashable, Sendable, CaseIterable {
        /// Signed 16-bit integers.
        case int16
        /// Signed 32-bit integers.
        case int32
        /// 32-bit IEEE floats, full scale at ±1.
        case float32

        /// Bytes per sample.
        public var bytesPerSample: Int {
            switch self {
            case .int16: 2
            case .int32, .float32: 4
            }
        }
    }

    /// The sample encoding.
    public var encoding: Encoding
    /// Frames per second.
    public var sampleRate: UInt32
    /// Interleaved channels (1 to 8 in WAV files this module writes).
    public var channels: Int

    /// A format of `encoding` samples, `sampleRate` frames per second, `channels` channels.
    public init(encoding: Encoding, sampleRate: UInt32, channels: Int) {
        self.encoding = encoding
        self.sampleRate = sampleRate
        self.channels = channels
    }

    /// Bytes per frame (one sample of every channel).
    public var bytesPerFrame: Int { encoding.bytesPerSample * channels }

    public var description: String { "\(encoding.rawValue), \(channels) channel(s), \(sampleRate) Hz" }
}
