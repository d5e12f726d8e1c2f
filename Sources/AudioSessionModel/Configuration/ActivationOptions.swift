/// Options given when a session is deactivated.
///
/// ```swift
/// let options: ActivationOptions = [.notifyOthersOnDeactivation]
/// ```
public struct ActivationOptions: OptionSet, Hashable, Sendable {
    /// The bits of the set.
    public let rawValue: UInt32

    /// Creates the set from its bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Tell the sessions this one interrupted that they may resume (their interruption ends
    /// with should-resume).
    public static let notifyOthersOnDeactivation = ActivationOptions(rawValue: 1 << 0)
}
