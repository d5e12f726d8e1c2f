/// A condition a test waited for did not become true before its deadline.
public struct WaitTimeout: Error, CustomStringConvertible, Sendable {
    /// What was waited for, in the test's words.
    public var condition: String
    /// How long the harness waited.
    public var timeout: Duration
    /// The last error the condition threw while polling, if any.
    public var lastError: String?

    public var description: String {
        "timed out after \(timeout) waiting until \(condition)" + (lastError.map { " (last error: \($0))" } ?? "")
    }
}
