import AudioSessionTesting
import Foundation

/// A private X display (Xvfb, Debian's `xvfb`, which `scripts/setup` installs) for a GTK client
/// that will not start without one (canberra-gtk-play: "Cannot open display").
///
/// Xvfb takes the first free display number itself (`-displayfd`) and listens only on Linux's
/// abstract socket (`-nolisten unix`, `-nolock`): it writes nothing outside the rig's directory,
/// and other tests' displays on the same machine are no obstacle.
///
/// ```swift
/// let display = try await VirtualDisplay.start(in: rig)
/// defer { display.stop() }
/// let bell = try rig.server.spawn("canberra-gtk-play", ["-i", "bell"], extraEnvironment: ["DISPLAY": display.name])
/// ```
struct VirtualDisplay {
    let process: ChildProcess
    /// `:N`, the value of `DISPLAY`.
    let name: String

    static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") }

    /// Starts Xvfb and returns once it accepts clients (it prints its display number then).
    static func start(in rig: AgentRig) async throws -> VirtualDisplay {
        let process = try rig.server.spawn("Xvfb", ["-displayfd", "1", "-nolisten", "tcp", "-nolisten", "unix", "-nolock"])
        do {
            let number = try await waitForValue("Xvfb prints its display number", timeout: .seconds(20)) { () throws -> Int? in
                guard process.isRunning else { throw AgentRig.AgentExited(log: "Xvfb exited: \(process.standardError)") }
                let output = process.standardOutput
                return output.hasSuffix("\n") ? Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) : nil
            }
            return VirtualDisplay(process: process, name: ":\(number)")
        } catch {
            process.kill()
            throw error
        }
    }

    /// Ends Xvfb (its PID only).
    func stop() { process.kill() }
}
