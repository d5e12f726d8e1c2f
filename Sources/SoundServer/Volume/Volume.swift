#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The volume of one channel, on the scale users see: 1.0 is 100 % (the device's nominal level).
///
/// The stored ``level`` is PulseAudio's *software volume* scale, the one `pactl` and volume
/// sliders show as a percentage. It is cubic: the factor applied to the samples is `level³`, so
/// 50 % attenuates to 0.125 in amplitude (−18 dB). Use ``linearFactor`` when you mean amplitude
/// and ``init(linearFactor:)`` to go back; PipeWire's node `channelVolumes` are linear factors.
///
/// ```swift
/// let thirty = Volume(percent: 30)
/// thirty.linearFactor      // 0.027
/// Volume(linearFactor: 0.125).percent   // 50
/// ```
public struct Volume: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The level on the cubic scale: 0 is silence, 1.0 is 100 %, values above 1 amplify.
    public var level: Double

    /// A volume from its level on the cubic scale (1.0 is 100 %); negative levels become 0.
    public init(level: Double) { self.level = max(0, level) }

    /// A volume from a percentage as `pactl` prints it (100 is nominal).
    public init(percent: Double) { self.init(level: percent / 100) }

    /// A volume from an amplitude factor (the cube root of it is the level).
    public init(linearFactor: Double) { self.init(level: linearFactor <= 0 ? 0 : cbrt(linearFactor)) }

    /// Silence.
    public static let muted = Volume(level: 0)
    /// The device's nominal level, 100 %.
    public static let normal = Volume(level: 1)

    /// The level as a percentage (100 is nominal).
    public var percent: Double { level * 100 }

    /// The amplitude factor applied to the samples: `level³`.
    public var linearFactor: Double { level * level * level }

    public var description: String { "\(Int((percent).rounded())) %" }

    public static func < (lhs: Volume, rhs: Volume) -> Bool { lhs.level < rhs.level }
}
