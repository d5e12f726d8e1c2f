/// A damaged journal the agent found on opening and moved aside instead of failing.
///
/// The restores on the lines that could still be read were carried over into the fresh journal;
/// the damaged file stays at ``quarantinedPath`` for a person to look at.
///
/// ```swift
/// if let quarantine = journal.quarantine {
///     logger.error("\(quarantine.error); moved to \(quarantine.quarantinedPath)")
/// }
/// ```
public struct JournalQuarantine: Hashable, Sendable {
    /// The first damaged line: file, line number and reason.
    public var error: JournalError
    /// How many damaged lines the file had.
    public var damagedLines: Int
    /// Where the damaged file was moved.
    public var quarantinedPath: String
}
