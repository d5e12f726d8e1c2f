#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The only place the loader calls C: each function maps a -1/NULL return and `errno` to a
/// typed ``SystemError`` so callers never see a raw return code.
enum Syscalls {
    /// The corresponding C function is `open` (read-only, close-on-exec).
    static func openForReading(_ path: String) -> Result<Int32, SystemError> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        return descriptor >= 0 ? .success(descriptor) : .failure(SystemError(code: errno))
    }

    /// The corresponding C function is `read`; retried when interrupted by a signal.
    static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, SystemError> {
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return .success(count) }
            if errno != EINTR { return .failure(SystemError(code: errno)) }
        }
    }

    /// The corresponding C function is `close`; its failure on a read-only file carries no information.
    static func close(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }

    /// The corresponding C functions are `opendir`, `readdir` and `closedir`.
    static func directoryEntries(_ path: String) -> Result<[String], SystemError> {
        guard let directory = opendir(path) else { return .failure(SystemError(code: errno)) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return .success(names)
    }
}

/// An `errno` value from a failed C call.
struct SystemError: Error, Equatable {
    var code: Int32

    /// The file or directory is simply not there (or a parent is not a directory).
    var isNotFound: Bool { code == ENOENT || code == ENOTDIR }

    /// A short reason a person can act on.
    var reason: String {
        switch code {
        case EACCES, EPERM: "permission denied"
        case EISDIR: "is a directory, expected a file"
        case ENOTDIR: "not a directory"
        case ENOENT: "no such file or directory"
        case ELOOP: "too many levels of symbolic links"
        case EIO: "input/output error"
        case EMFILE, ENFILE: "too many open files"
        case ENOMEM: "out of memory"
        default: "system error \(code)"
        }
    }
}
