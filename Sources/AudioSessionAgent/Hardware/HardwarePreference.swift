import AudioSessionBus
import AudioSessionContract

/// A session's hardware preferences, as `SetPreferredHardware` gives them: a sample rate and an
/// I/O buffer duration, each `nil` for none.
///
/// ```swift
/// let preference = try HardwarePreference(wire: ["sample-rate": BusVariant(.uint32(44_100))])
/// preference.sampleRate   // 44100
/// try HardwarePreference(wire: ["sample-rate": BusVariant(.uint32(7))])
/// // throws InvalidArgs: sample-rate 7 is out of range; give 8000 to 384000 frames per second, or 0 for none
/// ```
struct HardwarePreference: Hashable, Sendable {
    /// Frames per second.
    var sampleRate: UInt32?
    /// Seconds.
    var ioBufferDuration: Double?

    /// Whether the session prefers nothing.
    var isEmpty: Bool { sampleRate == nil && ioBufferDuration == nil }

    init(sampleRate: UInt32? = nil, ioBufferDuration: Double? = nil) {
        self.sampleRate = sampleRate
        self.ioBufferDuration = ioBufferDuration
    }

    /// Reads `SetPreferredHardware`'s dictionary: zero or an absent key means no preference.
    ///
    /// - Throws: `UnknownName` for a key not in ``HardwarePreferenceKeys/all`` (the message lists
    ///   them), `InvalidArgs` for a value of the wrong type or out of range (the message says the range).
    init(wire: [String: BusVariant]) throws(BusError) {
        for key in wire.keys.sorted() where !HardwarePreferenceKeys.all.contains(key) {
            throw BusError(
                .unknownName,
                "unknown hardware preference \"\(UntrustedText.excerpt(key))\"; accepted: \(HardwarePreferenceKeys.all.joined(separator: ", "))")
        }
        if let variant = wire[HardwarePreferenceKeys.sampleRate] {
            guard case .uint32(let rate) = variant.value else {
                throw BusError(
                    .invalidArguments,
                    "\(HardwarePreferenceKeys.sampleRate) must be a u (frames per second), not a \(variant.value.type.signature)")
            }
            let range = HardwarePreferenceKeys.sampleRates
            guard rate == 0 || range.contains(rate) else {
                throw BusError(
                    .invalidArguments,
                    "\(HardwarePreferenceKeys.sampleRate) \(rate) is out of range; give \(range.lowerBound) to \(range.upperBound) frames per second, or 0 for none")
            }
            sampleRate = rate == 0 ? nil : rate
        }
        if let variant = wire[HardwarePreferenceKeys.ioBufferDuration] {
            guard case .double(let seconds) = variant.value else {
                throw BusError(
                    .invalidArguments,
                    "\(HardwarePreferenceKeys.ioBufferDuration) must be a d (seconds), not a \(variant.value.type.signature)")
            }
            let range = HardwarePreferenceKeys.ioBufferDurations
            guard seconds == 0 || range.contains(seconds) else {
                throw BusError(
                    .invalidArguments,
                    "\(HardwarePreferenceKeys.ioBufferDuration) \(seconds) is out of range; give \(range.lowerBound) to \(range.upperBound) seconds, or 0 for none")
            }
            ioBufferDuration = seconds == 0 ? nil : seconds
        }
    }
}
