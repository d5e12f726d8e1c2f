import AudioSessionTesting
import Foundation
import Testing

@Suite("Private D-Bus and waits")
struct PrivateDBusTests {
    @Test("a private bus answers and is gone after stop")
    func privateBus() async throws {
        let bus = try await PrivateDBus.start()
        let directory = bus.directory
        #expect(bus.address.hasPrefix("unix:path=\(directory)"))
        let reply = try await bus.tool(
            "dbus-send", ["--session", "--print-reply", "--dest=org.freedesktop.DBus", "/", "org.freedesktop.DBus.GetId"])
        #expect(reply.contains("string \""))
        bus.stop()
        #expect(!FileManager.default.fileExists(atPath: directory))
    }

    @Test("waitUntil names the condition when the deadline passes")
    func waitTimeoutNamesCondition() async throws {
        let error = await #expect(throws: WaitTimeout.self) {
            try await waitUntil("pigs fly", timeout: .milliseconds(60)) { false }
        }
        #expect(error?.description.contains("waiting until pigs fly") == true)
    }

    @Test("a failing tool reports its command, status and message")
    func toolFailure() async throws {
        let bus = try await PrivateDBus.start()
        defer { bus.stop() }
        let error = await #expect(throws: ToolFailure.self) {
            _ = try await bus.tool("dbus-send", ["--session", "--print-reply", "--dest=org.example.Missing", "/", "org.example.X.Y"])
        }
        #expect(error?.result.status == 1)
        #expect(error?.description.contains("org.example.Missing") == true)
    }

    @Test("a tool that outlives its deadline is ended and named, not waited for")
    func toolTimeout() async throws {
        let bus = try await PrivateDBus.start()
        defer { bus.stop() }
        let error = await #expect(throws: ToolTimeout.self) {
            _ = try await bus.run("sh", ["-c", "echo stuck >&2; exec sleep 600"], timeout: .milliseconds(300))
        }
        #expect(error?.description.contains("sh -c echo stuck >&2; exec sleep 600 did not end within") == true)
        #expect(error?.description.hasSuffix(": stuck") == true, "\(error?.description ?? "")")
        #expect(error?.result.status == 128 + SIGTERM, "ended by SIGTERM, which sleep obeys")
    }
}
