import Glibc

/// Writes diagnostics to standard error (Swift 6: the C `stderr` global is not concurrency-safe,
/// so this writes to file descriptor 2 directly).
enum StandardError {
    static func print(_ line: String) {
        let text = line + "\n"
        _ = text.utf8CString.withUnsafeBufferPointer { buffer in
            write(2, buffer.baseAddress, buffer.count - 1)
        }
    }
}
