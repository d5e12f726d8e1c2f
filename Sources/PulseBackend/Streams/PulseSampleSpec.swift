internal import CPulse

/// The shape of a stream's PCM: sample format, frame rate and channel count.
///
/// Channels are interleaved and ordered as in WAV files (front left, front right, centre, LFE,
/// rear left, rear right, side left, side right): the order PulseAudio calls `WAVEEX`.
///
/// ```swift
/// let cd = PulseSampleSpec(format: .s16le, rate: 44_100, channels: 2)
/// print(cd.frameSize)   // 4
/// ```
public struct PulseSampleSpec: Hashable, Sendable, CustomStringConvertible {
    /// The sample formats streams accept: the three WAV files carry.
    public enum Format: String, Hashable, Sendable, CaseIterable {
        /// Signed 16-bit little-endian integers.
        case s16le
        /// Signed 32-bit little-endian integers.
        case s32le
        /// 32-bit little-endian IEEE floats, full scale at ±1.
        case float32le

        /// Bytes per sample.
        public var sampleSize: Int {
            switch self {
            case .s16le: 2
            case .s32le, .float32le: 4
            }
        }
    }

    /// The sample format.
    public var format: Format
    /// Frames per second (1 Hz to 768 kHz, PulseAudio's limits).
    public var rate: UInt32
    /// Interleaved channels (1 to 32).
    public var channels: Int

    /// A spec of `format`, `rate` frames per second and `channels` channels.
    public init(format: Format, rate: UInt32, channels: Int) {
        self.format = format
        self.rate = rate
        self.channels = channels
    }

    /// Bytes per frame (one sample per channel).
    public var frameSize: Int { format.sampleSize * channels }

    public var description: String { "\(format.rawValue) \(channels)ch \(rate)Hz" }
}

extension PulseSampleSpec {
    /// The C spec, or an invalid-argument error naming what the server would refuse.
    func pulse(for operation: StaticString) throws(PulseError) -> pa_sample_spec {
        var spec = pa_sample_spec()
        switch format {
        case .s16le: spec.format = PA_SAMPLE_S16LE
        case .s32le: spec.format = PA_SAMPLE_S32LE
        case .float32le: spec.format = PA_SAMPLE_FLOAT32LE
        }
        spec.rate = rate
        spec.channels = UInt8(clamping: channels)
        guard channels >= 1, channels <= Int(PA_CHANNELS_MAX), pa_sample_spec_valid(&spec) != 0 else {
            throw PulseError(
                code: .invalidArgument, operation: "\(operation)",
                message: "\(self) is not a valid sample spec: 1 to \(PA_CHANNELS_MAX) channels at 1 Hz to 768 kHz are")
        }
        return spec
    }

    /// The WAV channel order for the spec's channel count.
    var pulseChannelMap: pa_channel_map {
        var map = pa_channel_map()
        pa_channel_map_init_extend(&map, UInt32(clamping: channels), PA_CHANNEL_MAP_WAVEEX)
        return map
    }
}
