import AudioSessionContract
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

    /// Prints the message prefixed with the tool's name and returns the exit to throw. The message
    /// may quote the agent, which quotes apps: it is printed as one displayable line.
    func report() -> ExitCode {
        StandardError.print("audiosessionctl: \(UntrustedText.displayable(message))")
        return ExitCode(exitCode)
    }
}
