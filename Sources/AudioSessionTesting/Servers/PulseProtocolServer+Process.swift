import Foundation

extension PulseProtocolServer {
    /// The PID of the process serving the PulseAudio protocol (``pulseProtocolProcessName``), as
    /// the harness recorded it, while that process runs; `nil` once it has gone (ended, crashed).
    /// A server that crashed and was started again has another PID: compare before and after.
    ///
    /// ```swift
    /// let before = try #require(pipewire.serverProcessID())
    /// // ... calls ...
    /// #expect(pipewire.serverProcessID() == before, "pipewire-pulse never went away")
    /// ```
    public func serverProcessID() -> Int32? {
        let recorded = (try? String(contentsOfFile: directory + "/pids", encoding: .utf8)) ?? ""
        return recorded.split(whereSeparator: \.isWhitespace).compactMap { Int32($0) }.first { pid in
            let name = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            let zombie = status.split(separator: "\n").contains { $0.hasPrefix("State:") && $0.contains("Z") }
            return name == pulseProtocolProcessName && !zombie
        }
    }
}
