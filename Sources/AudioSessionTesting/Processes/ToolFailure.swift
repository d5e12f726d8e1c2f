import Foundation

/// A tool the harness ran exited with a non-zero status.
///
/// The description carries the command line, the status and the tool's standard error, so that a
/// failing test says what the server refused.
public struct ToolFailure: Error, CustomStringConvertible, Sendable {
    /// The command line that failed.
    public var command: [String]
    /// What the tool returned.
    public var result: ToolResult

    public var description: String {
        let stderr = result.standardError.trimmingCharacters(in: .whitespacesAndNewlines)
        return "\(command.joined(separator: " ")) exited with status \(result.status)"
            + (stderr.isEmpty ? "" : ": \(stderr)")
    }
}
