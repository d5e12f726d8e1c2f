import Glibc

/// Writes a line to standard error (the C `stderr` global is not concurrency-safe in Swift 6, so
/// this writes to file descriptor 2).
enum StandardError {
    static func print(_ line: String) {
        let text = line + "\n"
        _ = text.utf8CString.withUnsafeBufferPointer { buffer in write(2, buffer.baseAddress, buffer.count - 1) }
    }
}
