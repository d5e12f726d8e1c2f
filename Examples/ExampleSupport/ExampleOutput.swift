#if canImport(Glibc)
import Glibc
#endif

/// What the examples print: one line per event, written at once (not buffered), so a reader of
/// the output (a test, a pipe to `grep`) sees each event as it happens.
///
/// ```swift
/// ExampleOutput.say("paused: interrupted")
/// ```
public enum ExampleOutput {
    /// Writes `line` and a newline to standard output.
    public static func say(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            offset += written
        }
    }
}
