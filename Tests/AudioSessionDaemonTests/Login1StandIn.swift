import AudioSessionBus
import AudioSessionTesting

/// `Tests/Clients/login1-standin.py` on a private system bus: logind's Manager as the agent sees
/// it (Inhibit, PrepareForSleep), with a control interface for the test.
struct Login1StandIn {
    static let control = "org.audiosession.Test.Login1"
    static let script = DaemonBinary.packageRoot + "/Tests/Clients/login1-standin.py"

    let process: ChildProcess
    let connection: BusConnection

    /// Starts the stand-in on `systemBus` and returns once it owns `org.freedesktop.login1`.
    static func start(on systemBus: PrivateDBus, scratch: String) async throws -> Login1StandIn {
        // Debian's python3 with python3-gi: the PATH one may be another installation without it.
        let process = try ChildProcess(
            ["/usr/bin/python3", script], environment: ["PATH": "/usr/bin:/bin", "DBUS_SYSTEM_BUS_ADDRESS": systemBus.address],
            outputDirectory: scratch)
        let connection = try BusConnection(address: systemBus.address)
        try await waitUntil("the logind stand-in owns its name", timeout: .seconds(20)) {
            guard process.isRunning else { throw DaemonExited(output: process.standardError) }
            return (try? await connection.nameOwner(of: "org.freedesktop.login1")) != nil
        }
        return Login1StandIn(process: process, connection: connection)
    }

    /// Has the stand-in emit `PrepareForSleep(goingToSleep)`.
    func prepareForSleep(_ goingToSleep: Bool) async throws {
        _ = try await connection.call(
            destination: "org.freedesktop.login1", path: "/org/freedesktop/login1", interface: Self.control,
            method: "PrepareForSleep", arguments: [.boolean(goingToSleep)])
    }

    /// Has the stand-in set the display session's `LockedHint` and announce it.
    func setLocked(_ locked: Bool) async throws {
        _ = try await connection.call(
            destination: "org.freedesktop.login1", path: "/org/freedesktop/login1", interface: Self.control,
            method: "SetLocked", arguments: [.boolean(locked)])
    }

    /// Inhibitors the agent holds now, and how many it closed so far.
    func inhibitors() async throws -> (open: UInt32, released: UInt32) {
        try await connection.call(
            destination: "org.freedesktop.login1", path: "/org/freedesktop/login1", interface: Self.control,
            method: "Inhibitors"
        ).decode(UInt32.self, UInt32.self)
    }

    func stop() {
        connection.close()
        process.kill()
    }
}
