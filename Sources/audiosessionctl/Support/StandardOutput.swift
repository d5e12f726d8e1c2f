import Glibc

/// Writes lines to standard output unbuffered, so `monitor`'s events reach a pipe as they happen
/// (Swift's `print` is line-buffered only on a terminal).
enum StandardOutput {
    static func print(_ line: String) {
        var bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                write(1, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
