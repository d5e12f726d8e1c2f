import Foundation

extension PrivatePipeWire {
    /// The PID of the stack's running process `name` (`pipewire`, `wireplumber`,
    /// `pipewire-pulse`), from the PIDs the harness recorded when it started them; nil when none
    /// of them runs under that name.
    ///
    /// ```swift
    /// let daemon = try #require(pipewire.processID(of: "pipewire"))
    /// kill(daemon, SIGSTOP)   // a server that keeps its socket but stops answering
    /// ```
    public func processID(of name: String) -> Int32? {
        let recorded = (try? String(contentsOfFile: directory + "/pids", encoding: .utf8)) ?? ""
        return recorded.split(separator: "\n").compactMap { Int32($0) }.first { pid in
            let command = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)
            return command?.trimmingCharacters(in: .whitespacesAndNewlines) == name
        }
    }
}
