/// The real ``ProcessTable``: reads `/proc/PID/stat`, `/proc/PID/cgroup`, `/proc/PID/environ`
/// and `/proc/PID/root/.flatpak-info` (no Foundation, no C beyond `open` and `read`).
///
/// Another user's processes answer `nil` where the kernel refuses to show them (`environ`, `root`).
///
/// ```swift
/// let table = LinuxProcessTable()
/// var pid: Int32? = streamPID
/// while let current = pid, current > 1 { print(current); pid = table.parent(of: current) }
/// ```
public struct LinuxProcessTable: ProcessTable {
    /// Where procfs is mounted.
    public var root: String

    /// Reads the process table under `root` (normally `/proc`).
    public init(root: String = "/proc") { self.root = root }

    /// The parent, from the fourth field of `/proc/PID/stat`.
    public func parent(of processID: Int32) -> Int32? {
        read("stat", of: processID, limit: 4096).flatMap(ProcFiles.parentProcessID(fromStat:))
    }

    /// The innermost `app-*.scope` or `app-*.service` on the path in `/proc/PID/cgroup`.
    public func appScope(of processID: Int32) -> String? {
        read("cgroup", of: processID, limit: 16_384).flatMap(ProcFiles.appScope(fromCgroup:))
    }

    /// `name` in the `[Application]` group of `/proc/PID/root/.flatpak-info`, which Flatpak puts at
    /// the root of every sandbox.
    public func flatpakAppID(of processID: Int32) -> String? {
        read("root/.flatpak-info", of: processID, limit: 65_536).flatMap(ProcFiles.applicationName(fromFlatpakInfo:))
    }

    /// From `/proc/PID/environ`: the environment the process started with (later `setenv` calls
    /// do not show), which is exactly what a launcher passed.
    public func environmentVariable(_ name: String, of processID: Int32) -> String? {
        read("environ", of: processID, limit: 1 << 20).flatMap { ProcFiles.variable(name, fromEnviron: $0) }
    }

    /// The last part of `/proc/PID/exe`'s target (libpulse names a client's binary the same
    /// way); a process of another user, whose link the kernel does not show, names none.
    public func binary(of processID: Int32) -> String? {
        guard processID > 0, case .success(let target) = FileSyscalls.linkTarget("\(root)/\(processID)/exe") else { return nil }
        let name = target.split(separator: "/").last.map(String.init)
        // A replaced executable reads "NAME (deleted)": still its name.
        return name.map { $0.hasSuffix(" (deleted)") ? String($0.dropLast(" (deleted)".count)) : $0 }
    }

    private func read(_ file: String, of processID: Int32, limit: Int) -> [UInt8]? {
        guard processID > 0 else { return nil }
        guard case .success(let bytes?) = FileSyscalls.contents(ofFile: "\(root)/\(processID)/\(file)", limit: limit)
        else { return nil }
        return bytes
    }
}
