import Foundation

/// A tool the harness ran did not end before its deadline and was ended by the harness.
///
/// The description carries the command line, the deadline and what the tool had printed, so that
/// a test whose server stopped answering says which call it hung in.
public struct ToolTimeout: Error, CustomStringConvertible, Sendable {
    /// The command line that did not end.
    public var command: [String]
    /// How long the harness waited.
    public var timeout: Duration
    /// What the tool left behind once it was ended.
    public var result: ToolResult

    public var description: String {
        let stderr = result.standardError.trimmingCharacters(in: .whitespacesAndNewlines)
        return "\(command.joined(separator: " ")) did not end within \(timeout) and was ended"
            + (stderr.isEmpty ? "" : ": \(stderr)")
    }
}
