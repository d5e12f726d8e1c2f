#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An `errno` value from a failed C call, with a reason a person can act on.
struct SystemErrno: Error, Hashable, Sendable {
    var code: Int32

    /// The file or directory is simply not there (or a parent is not a directory).
    var isNotFound: Bool { code == ENOENT || code == ENOTDIR }

    /// Another process holds the lock.
    var isWouldBlock: Bool { code == EWOULDBLOCK || code == EAGAIN }

    /// The C library's own message, for example "Permission denied".
    var reason: String { String(cString: strerror(code)) }
}
