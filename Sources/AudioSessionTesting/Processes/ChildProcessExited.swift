import Foundation

/// A child process ended while a test waited for it to do something.
///
/// The description carries the command, the status and the process's standard error, so a failing
/// test says why the client gave up.
public struct ChildProcessExited: Error, CustomStringConvertible, Sendable {
    /// The command line of the process.
    public var command: [String]
    /// Its exit status.
    public var status: Int32
    /// What it printed on standard error.
    public var standardError: String

    public var description: String {
        let name = command.first.map { ($0 as NSString).lastPathComponent } ?? "a client"
        let log = standardError.trimmingCharacters(in: .whitespacesAndNewlines)
        return "\(name) exited with status \(status)" + (log.isEmpty ? "" : ": \(log)")
    }
}
