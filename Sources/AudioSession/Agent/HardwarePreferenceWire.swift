/// The hardware preferences as `SetPreferredHardware` carries them: 0 for none.
struct HardwarePreferenceWire: Hashable, Sendable {
    var sampleRate: UInt32 = 0
    var ioBufferSeconds: Double = 0

    init(sampleRate: Double?, ioBufferDuration: Duration?) {
        self.sampleRate = sampleRate.map { UInt32($0.rounded()) } ?? 0
        ioBufferSeconds = ioBufferDuration.map(Self.seconds) ?? 0
    }

    init() {}

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
