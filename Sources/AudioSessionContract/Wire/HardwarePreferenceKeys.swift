/// The keys of `SetPreferredHardware`'s `a{sv}`, with their types and the values the agent accepts.
///
/// ```swift
/// let call = AgentCall.setPreferredHardware(
///     session: id, preferences: [HardwarePreferenceKeys.sampleRate: BusVariant(.uint32(44_100))])
/// HardwarePreferenceKeys.sampleRates.contains(44_100)   // true
/// ```
public enum HardwarePreferenceKeys {
    /// `sample-rate`, `u`: frames per second; 0 for no preference.
    public static let sampleRate = "sample-rate"
    /// `io-buffer-duration`, `d`: seconds; 0 for no preference.
    public static let ioBufferDuration = "io-buffer-duration"
    /// Every key, in the order errors list them.
    public static let all = [sampleRate, ioBufferDuration]
    /// The rates the agent accepts (besides 0).
    public static let sampleRates: ClosedRange<UInt32> = 8_000...384_000
    /// The durations the agent accepts, in seconds (besides 0).
    public static let ioBufferDurations: ClosedRange<Double> = 0.0005...2.0
}
