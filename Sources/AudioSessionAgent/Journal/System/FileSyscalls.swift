#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The only place the journal and the /proc reader call C: each function maps a -1/NULL return
/// and `errno` to a typed ``SystemErrno`` so callers never see a raw return code.
///
/// Calls interrupted by a signal (`EINTR`) are retried here, once, for everyone.
enum FileSyscalls {
    /// The corresponding C function is `open`, always with `O_CLOEXEC`.
    static func open(_ path: String, _ flags: Int32, mode: mode_t = 0o600) -> Result<Int32, SystemErrno> {
        retrying { Glibc.open(path, flags | O_CLOEXEC, mode) }.map { Int32($0) }
    }

    /// The corresponding C function is `close`.
    static func close(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }

    /// Reads the whole file behind `descriptor` from its current offset, at most `limit` bytes.
    /// The corresponding C function is `read`.
    static func readAll(_ descriptor: Int32, limit: Int) -> Result<[UInt8], SystemErrno> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while bytes.count < limit {
            let result = chunk.withUnsafeMutableBytes { buffer in
                retrying { Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
            }
            switch result {
            case .success(0): return .success(bytes)
            case .success(let count): bytes.append(contentsOf: chunk[0..<count])
            case .failure(let error): return .failure(error)
            }
        }
        return .success(Array(bytes.prefix(limit)))
    }

    /// Reads a whole small file (a /proc entry, a journal); `nil` content means it does not exist.
    static func contents(ofFile path: String, limit: Int) -> Result<[UInt8]?, SystemErrno> {
        let descriptor: Int32
        switch open(path, O_RDONLY) {
        case .success(let opened): descriptor = opened
        case .failure(let error) where error.isNotFound: return .success(nil)
        case .failure(let error): return .failure(error)
        }
        defer { close(descriptor) }
        return readAll(descriptor, limit: limit).map { Optional($0) }
    }

    /// Writes every byte. The corresponding C function is `write`.
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Result<Void, SystemErrno> {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                retrying { Glibc.write(descriptor, buffer.baseAddress.map { $0 + written }, bytes.count - written) }
            }
            switch result {
            case .success(let count): written += count
            case .failure(let error): return .failure(error)
            }
        }
        return .success(())
    }

    /// The corresponding C function is `fsync`.
    static func fsync(_ descriptor: Int32) -> Result<Void, SystemErrno> {
        retrying { Glibc.fsync(descriptor) }.map { _ in () }
    }

    /// The corresponding C function is `ftruncate`.
    static func truncate(_ descriptor: Int32, toLength length: Int) -> Result<Void, SystemErrno> {
        retrying { Glibc.ftruncate(descriptor, off_t(length)) }.map { _ in () }
    }

    /// Moves to the end of the file. The corresponding C function is `lseek`.
    static func seekToEnd(_ descriptor: Int32) -> Result<Void, SystemErrno> {
        retrying { Glibc.lseek(descriptor, 0, SEEK_END) }.map { _ in () }
    }

    /// The corresponding C function is `readlink`: the link's target, cut at 4 KiB.
    static func linkTarget(_ path: String) -> Result<String, SystemErrno> {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = retrying {
            buffer.withUnsafeMutableBufferPointer { bytes -> Int in
                guard let base = bytes.baseAddress else { return -1 }
                return Glibc.readlink(path, base, bytes.count)
            }
        }
        return length.map { count in
            String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }

    /// The corresponding C function is `rename`.
    static func rename(_ from: String, to: String) -> Result<Void, SystemErrno> {
        retrying { Glibc.rename(from, to) }.map { _ in () }
    }

    /// The corresponding C function is `unlink`; a missing file is not an error.
    static func removeFile(_ path: String) -> Result<Void, SystemErrno> {
        switch retrying({ Glibc.unlink(path) }) {
        case .success, .failure(SystemErrno(code: ENOENT)): .success(())
        case .failure(let error): .failure(error)
        }
    }

    /// The corresponding C function is `mkdir`; an existing path is not an error here.
    static func makeDirectory(_ path: String, mode: mode_t) -> Result<Void, SystemErrno> {
        switch retrying({ Glibc.mkdir(path, mode) }) {
        case .success, .failure(SystemErrno(code: EEXIST)): .success(())
        case .failure(let error): .failure(error)
        }
    }

    /// The owner, type and permission bits of a path, without following a final symbolic link.
    /// The corresponding C function is `lstat`.
    static func status(_ path: String) -> Result<(owner: uid_t, isDirectory: Bool, permissions: mode_t), SystemErrno> {
        var info = stat()
        return retrying { Glibc.lstat(path, &info) }.map { _ in
            (info.st_uid, (info.st_mode & S_IFMT) == S_IFDIR, info.st_mode & 0o7777)
        }
    }

    /// The corresponding C function is `chmod`.
    static func changeMode(_ path: String, _ mode: mode_t) -> Result<Void, SystemErrno> {
        retrying { Glibc.chmod(path, mode) }.map { _ in () }
    }

    /// Takes an exclusive advisory lock without waiting; the kernel drops it when the process dies,
    /// which is what lets the next agent take over after `kill -9`.
    /// The corresponding C call is `fcntl(F_OFD_SETLK)`.
    static func lockExclusively(_ descriptor: Int32) -> Result<Void, SystemErrno> {
        // An open-file-description lock (like `flock`, whose function Swift cannot name next to
        // its struct): held per open file, so a second open in the same process conflicts too.
        var lock = Glibc.flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        return retrying { fcntl(descriptor, openFileDescriptionSetLock, &lock) }.map { _ in () }
    }

    /// The names in a directory, without `.` and `..`.
    /// The corresponding C functions are `opendir`, `readdir` and `closedir`.
    static func directoryEntries(_ path: String) -> Result<[String], SystemErrno> {
        guard let directory = opendir(path) else { return .failure(SystemErrno(code: errno)) }
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

    /// The corresponding C function is `getuid`.
    static func userID() -> uid_t { getuid() }

    /// Seconds since the epoch, for quarantine names. The corresponding C function is `clock_gettime`.
    static func wallClockSeconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int(now.tv_sec)
    }

    /// The corresponding C function is `getenv`.
    static func environmentVariable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// `F_OFD_SETLK` (Linux 3.15+; the same value on every architecture); Glibc declares it only
    /// under `_GNU_SOURCE`, which the Swift module does not see.
    private static let openFileDescriptionSetLock: Int32 = 37

    private static func retrying<Value: BinaryInteger>(_ call: () -> Value) -> Result<Value, SystemErrno> {
        while true {
            let value = call()
            if value >= 0 { return .success(value) }
            if errno != EINTR { return .failure(SystemErrno(code: errno)) }
        }
    }
}
