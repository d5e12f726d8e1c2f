import ArgumentParser

/// A failure a command reports as one line on standard error, with the exit code it ends with.
struct CtlFailure: Error, CustomStringConvertible {
    var message: String
    var exitCode: Int32

    init(_ message: String, exitCode: Int32) {
        self.message = message
        self.exitCode = exitCode
    }

    var description: String { message }

    /// Prints the message prefixed with the tool's name and returns the exit to throw.
    func report() -> ExitCode {
        StandardError.print("audiosessionctl: \(message)")
        return ExitCode(exitCode)
    }
}
