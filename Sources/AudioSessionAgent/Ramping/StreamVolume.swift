#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A stream's volume as the sound server stores it: one integer per channel on PulseAudio's
/// volume scale, in the order of the stream's channel map.
///
/// ## The volume scale
///
/// PulseAudio (and pipewire-pulse, which speaks the same protocol) stores volumes as integers:
/// `0` is silence, ``normal`` (65536, `PA_VOLUME_NORM`) is 100 %, anything above amplifies. The
/// software mapping is cubic: the linear amplitude factor applied to the samples is
/// `(volume / 65536)³`, so the integer scale is roughly perceptual (what a slider shows).
///
/// A ducking level is a **linear amplitude factor** (0 silent, 1 unchanged), the same quantity
/// `[ducking] level` documents: ducking to `0.3` makes a stream 10.5 dB quieter whatever
/// volume the user gave it, and the factor means the same on PipeWire, whose node volumes are
/// linear amplitudes. On this scale the factor becomes a multiplication by its cube root:
/// `volume × ∛level` (see ``scaled(byAmplitude:)``).
///
/// ```swift
/// let user = StreamVolume([65536, 49152])          // 100 % left, 75 % right
/// let ducked = user.scaled(byAmplitude: 0.3)       // both channels at ∛0.3 ≈ 66.9 % of theirs
/// ducked.matches(StreamVolume([43872, 32904]))     // true: within the server's rounding
/// ```
public struct StreamVolume: Hashable, Sendable, CustomStringConvertible {
    /// 100 % (`PA_VOLUME_NORM`).
    public static let normal: UInt32 = 0x10000
    /// The largest volume the server accepts (`PA_VOLUME_MAX`).
    public static let maximum: UInt32 = UInt32.max / 2
    /// How far a volume read back may differ from the one written and still count as ours:
    /// pipewire-pulse stores linear floats and converts back, which can move a value by one unit.
    public static let roundingTolerance: UInt32 = 2

    /// The integer volume of each channel.
    public var channels: [UInt32]

    /// Volumes for the given channels, in channel-map order.
    public init(_ channels: [UInt32]) { self.channels = channels }

    /// The same volume on `count` channels.
    public init(repeating volume: UInt32, count: Int) { self.channels = Array(repeating: volume, count: count) }

    /// These volumes with the linear amplitude multiplied by `factor` (clamped to 0 ... ``maximum``).
    ///
    /// A factor of exactly 1 returns the volumes unchanged, so a ramp back up ends on the user's
    /// volume to the unit.
    public func scaled(byAmplitude factor: Double) -> StreamVolume {
        scaled(byVolume: Self.volumeScale(ofAmplitude: factor))
    }

    /// These volumes multiplied by `scale` on the cubic volume scale, rounded to the nearest unit.
    func scaled(byVolume scale: Double) -> StreamVolume {
        if scale == 1 { return self }
        return StreamVolume(
            channels.map { channel in
                let value = (Double(channel) * scale).rounded()
                guard value.isFinite, value > 0 else { return 0 }
                return value >= Double(Self.maximum) ? Self.maximum : UInt32(value)
            })
    }

    /// Whether `other` is the same volume up to the server's rounding (same channel count, each
    /// channel within ``roundingTolerance``).
    public func matches(_ other: StreamVolume, tolerance: UInt32 = StreamVolume.roundingTolerance) -> Bool {
        channels.count == other.channels.count
            && zip(channels, other.channels).allSatisfy { ($0 > $1 ? $0 - $1 : $1 - $0) <= tolerance }
    }

    /// Whether these volumes are `base` scaled by one amplitude factor between `level` and 1, up
    /// to the server's rounding: where a duck's ramp, down to `level` or back up from it, leaves a
    /// stream when the agent dies midway. Other proportions or levels are the user's.
    ///
    /// ```swift
    /// let base = StreamVolume([65536, 65536])
    /// base.scaled(byAmplitude: 0.5).liesOnRamp(from: base, toAmplitude: 0.3)   // true
    /// StreamVolume([65536, 30000]).liesOnRamp(from: base, toAmplitude: 0.3)    // false
    /// ```
    public func liesOnRamp(from base: StreamVolume, toAmplitude level: Double) -> Bool {
        guard channels.count == base.channels.count,
            let (current, reference) = zip(channels, base.channels).max(by: { $0.1 < $1.1 }), reference > 0
        else { return matches(base) }
        let scale = Double(current) / Double(reference)
        let slack = Double(Self.roundingTolerance) / Double(reference)
        guard scale >= Self.volumeScale(ofAmplitude: min(max(level, 0), 1)) - slack, scale <= 1 + slack else { return false }
        return base.scaled(byVolume: min(scale, 1)).matches(self)
    }

    /// The factor on the cubic volume scale that gives the linear amplitude factor `amplitude`.
    static func volumeScale(ofAmplitude amplitude: Double) -> Double {
        amplitude <= 0 ? 0 : cbrt(amplitude)
    }

    /// The channels, as `65536/49152`.
    public var description: String { channels.map(String.init).joined(separator: "/") }
}
