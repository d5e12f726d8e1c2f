/// What a finished command-line tool left behind.
public struct ToolResult: Sendable, Equatable {
    /// The exit status (or 128 + signal number when a signal ended it).
    public var status: Int32
    /// Everything it wrote to standard output.
    public var standardOutput: String
    /// Everything it wrote to standard error.
    public var standardError: String

    /// Creates a result, e.g. for a process the test ran itself.
    public init(status: Int32, standardOutput: String, standardError: String) {
        self.status = status
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// Whether the tool exited with status 0.
    public var succeeded: Bool { status == 0 }
}
