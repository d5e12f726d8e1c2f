/// What an ended interruption tells the session.
///
/// ```swift
/// if options.contains(.shouldResume) { player.play() }
/// ```
public struct InterruptionOptions: OptionSet, Hashable, Sendable {
    /// The bits of the set.
    public let rawValue: UInt32

    /// Creates the set from its bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The interrupter ended with notify-others: the session may resume playing.
    public static let shouldResume = InterruptionOptions(rawValue: 1 << 0)
}
