import AudioSessionAgent
import AudioSessionBus
import AudioSessionTesting
import Foundation

/// The built `audiosessiond`, next to the test bundle in the build products directory, run on a
/// private bus and a private sound server with a scratch home, config and runtime directory.
struct DaemonBinary {
    static var path: String {
        let testBinary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        return URL(fileURLWithPath: testBinary).deletingLastPathComponent().appendingPathComponent("audiosessiond").path
    }

    static var packageRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    static var shippedPolicy: String { packageRoot + "/policies/default.toml" }

    /// A scratch directory with home, config and runtime directories; remove it with `cleanUp()`.
    let scratch: String

    init() throws {
        scratch = NSTemporaryDirectory() + "audiosessiond-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        for directory in ["home", "config", "runtime"] {
            try FileManager.default.createDirectory(atPath: "\(scratch)/\(directory)", withIntermediateDirectories: true)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: "\(scratch)/runtime")
    }

    func cleanUp() { try? FileManager.default.removeItem(atPath: scratch) }

    /// The environment a user session gives the agent: the bus, the sound server, the XDG directories.
    func environment(bus: PrivateDBus?, pulse: (any PulseProtocolServer)?) -> [String: String] {
        var environment = [
            "PATH": "/usr/bin:/bin", "HOME": "\(scratch)/home", "XDG_CONFIG_HOME": "\(scratch)/config",
            "XDG_CONFIG_DIRS": "\(scratch)/no-system-config", "XDG_RUNTIME_DIR": "\(scratch)/runtime",
            "AUDIOSESSION_SHIPPED_POLICY": Self.shippedPolicy,
            // No system bus unless a test starts one: the agent must not reach the machine's logind.
            "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(scratch)/no-system-bus",
        ]
        if let bus { environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address }
        if let pulse { environment["PULSE_SERVER"] = pulse.serverAddress }
        return environment
    }

    /// Starts the daemon, with `extraEnvironment` added to the user session's; it runs until
    /// stopped by a signal.
    func spawn(
        _ arguments: [String], bus: PrivateDBus?, pulse: (any PulseProtocolServer)?, extraEnvironment: [String: String] = [:]
    ) throws -> ChildProcess {
        try ChildProcess(
            [Self.path] + arguments, environment: environment(bus: bus, pulse: pulse).merging(extraEnvironment) { $1 },
            outputDirectory: scratch)
    }

    /// The built `audiosessionctl`, beside the daemon.
    static var ctlPath: String {
        URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("audiosessionctl").path
    }

    /// Starts `audiosessionctl ARGUMENTS` as a client of the user session (a `run` that holds a session).
    func spawnCtl(_ arguments: [String], bus: PrivateDBus, pulse: any PulseProtocolServer) throws -> ChildProcess {
        try ChildProcess([Self.ctlPath] + arguments, environment: environment(bus: bus, pulse: pulse), outputDirectory: scratch)
    }

    /// Runs the daemon to its end and returns its exit status and output.
    func run(_ arguments: [String], bus: PrivateDBus? = nil, pulse: (any PulseProtocolServer)? = nil) async throws -> ToolResult {
        let child = try spawn(arguments, bus: bus, pulse: pulse)
        let status = await child.waitForExit()
        return ToolResult(status: status, standardOutput: child.standardOutput, standardError: child.standardError)
    }
}
