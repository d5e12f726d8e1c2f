import AudioSessionAgent
import AudioSessionBus
import AudioSessionTesting
import Foundation
import Glibc
import Testing

/// The built `audiosessiond` on a private bus and a private PulseAudio, as a user session runs it.
@Suite("audiosessiond binary", .serialized, .timeLimit(.minutes(3)))
struct DaemonBinaryTests {
    @Test("starts, owns the bus name, answers GetStatus; SIGTERM exits 0 and releases the name")
    func startsAndStops() async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        let bus = try await PrivateDBus.start()
        defer { bus.stop() }
        let binary = try DaemonBinary()
        defer { binary.cleanUp() }
        let client = DaemonClient(connection: try BusConnection(address: bus.address))
        defer { client.connection.close() }

        let daemon = try binary.spawn([], bus: bus, pulse: pulse)
        defer { daemon.kill() }
        try await waitUntil("audiosessiond owns its name", timeout: .seconds(20)) {
            guard daemon.isRunning else { throw DaemonExited(output: daemon.standardError) }
            return await client.agentOwner() != nil
        }
        let (version, backend, server, available, source, enabled) = try await client.status()
        #expect(!version.isEmpty)
        #expect(backend == "pulse")
        #expect(server.hasPrefix("pulseaudio "), "\(server)")
        #expect(available)
        #expect(source == DaemonBinary.shippedPolicy, "no user or system policy: the shipped default")
        #expect(enabled)

        daemon.terminate()
        #expect(await daemon.waitForExit() == 0, "\(daemon.standardError)")
        #expect(await client.agentOwner() == nil, "the name is released")
        #expect(daemon.standardError.contains("left the session bus"))
    }

    @Test("--backend auto with only PULSE_SERVER to go by reaches PipeWire through pipewire-pulse")
    func autoOnPipeWire() async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        let bus = try await PrivateDBus.start()
        defer { bus.stop() }
        let binary = try DaemonBinary()
        defer { binary.cleanUp() }
        let client = DaemonClient(connection: try BusConnection(address: bus.address))
        defer { client.connection.close() }
        let daemon = try binary.spawn(["--backend", "auto"], bus: bus, pulse: pipewire)
        defer { daemon.kill() }
        try await waitUntil("audiosessiond owns its name", timeout: .seconds(20)) {
            guard daemon.isRunning else { throw DaemonExited(output: daemon.standardError) }
            return await client.agentOwner() != nil
        }
        let (_, backend, server, available, _, _) = try await client.status()
        #expect(backend == "pulse")
        #expect(server.contains("PipeWire"), "\(server)")
        #expect(available)
        daemon.terminate()
        #expect(await daemon.waitForExit() == 0, "\(daemon.standardError)")
    }

    @Test("an unknown --backend exits non-zero saying what is accepted")
    func badBackend() async throws {
        let binary = try DaemonBinary()
        defer { binary.cleanUp() }
        let unknown = try await binary.run(["--backend", "jack"])
        #expect(unknown.status != 0)
        #expect(unknown.standardError.contains("'auto', 'pulse' or 'pipewire'"), "\(unknown.standardError)")
    }

    @Test("a broken --policy file exits non-zero with the file, line and what was expected")
    func brokenPolicy() async throws {
        let bus = try await PrivateDBus.start()
        defer { bus.stop() }
        let binary = try DaemonBinary()
        defer { binary.cleanUp() }
        let file = binary.scratch + "/broken.toml"
        try "version = 1\n[ducking]\nlevel = \"loud\"\n".write(toFile: file, atomically: true, encoding: .utf8)
        let result = try await binary.run(["--policy", file], bus: bus)
        #expect(result.status == 1)
        #expect(result.standardError.contains("audiosessiond: the policy cannot be loaded"), "\(result.standardError)")
        #expect(result.standardError.contains("\(file):3"), "\(result.standardError)")
        let missing = try await binary.run(["--policy", binary.scratch + "/none.toml"], bus: bus)
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("no such file"), "\(missing.standardError)")
    }

    @Test("SIGHUP with a broken policy keeps the old one and logs why; with a good one it switches")
    func reloadOnHangUp() async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        let bus = try await PrivateDBus.start()
        defer { bus.stop() }
        let binary = try DaemonBinary()
        defer { binary.cleanUp() }
        let client = DaemonClient(connection: try BusConnection(address: bus.address))
        defer { client.connection.close() }
        let file = binary.scratch + "/policy.toml"
        let shipped = try String(contentsOfFile: DaemonBinary.shippedPolicy, encoding: .utf8)
        try shipped.write(toFile: file, atomically: true, encoding: .utf8)

        let daemon = try binary.spawn(["--policy", file], bus: bus, pulse: pulse)
        defer { daemon.kill() }
        try await waitUntil("audiosessiond owns its name", timeout: .seconds(20)) {
            guard daemon.isRunning else { throw DaemonExited(output: daemon.standardError) }
            return await client.agentOwner() != nil
        }
        #expect(try await client.status().5 == true)

        try "version = 1\nenabled = maybe\n".write(toFile: file, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        try await waitUntil("the refusal is logged") { daemon.standardError.contains("the policy was not reloaded") }
        #expect(daemon.standardError.contains("\(file):2"), "the loader's message, with file and line")
        #expect(daemon.isRunning)
        #expect(try await client.status().5 == true, "the old policy stays in force")

        try shipped.replacingOccurrences(of: "\nenabled = true", with: "\nenabled = false")
            .write(toFile: file, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        try await waitUntil("the new policy is in force") { try await client.status().5 == false }
        // The log line may reach the file a moment after the new policy answers on the bus.
        try await waitUntil("the reload is logged") { daemon.standardError.contains("policy reloaded") }

        daemon.terminate()
        #expect(await daemon.waitForExit() == 0, "\(daemon.standardError)")
    }

    @Test("the sound server going away for good: MediaServicesLost once, the agent keeps its name; SIGTERM while it waits exits 0")
    func soundServerLost() async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        let bus = try await PrivateDBus.start()
        defer { bus.stop() }
        let binary = try DaemonBinary()
        defer { binary.cleanUp() }
        let client = DaemonClient(connection: try BusConnection(address: bus.address))
        defer { client.connection.close() }
        let signals = SignalRecorder(try await client.connection.signals(matching: BusMatchRule(interface: AgentInterface.name)))
        let daemon = try binary.spawn([], bus: bus, pulse: pulse)
        defer { daemon.kill() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await signals.follow() }
            defer { group.cancelAll() }
            try await waitUntil("audiosessiond owns its name", timeout: .seconds(20)) {
                guard daemon.isRunning else { throw DaemonExited(output: daemon.standardError) }
                return await client.agentOwner() != nil
            }
            let owner = await client.agentOwner()
            pulse.stop()
            try await waitUntil("MediaServicesLost is broadcast", timeout: .seconds(20)) { signals.count("MediaServicesLost") == 1 }
            try await waitUntil("the agent tried the server again", timeout: .seconds(20)) {
                daemon.standardError.contains("the sound server is not back yet")
            }
            #expect(daemon.isRunning, "\(daemon.standardError)")
            #expect(await client.agentOwner() == owner, "the same agent keeps the name")
            #expect(try await client.status().3 == false)
            #expect(signals.count("MediaServicesLost") == 1, "once, not per attempt")

            daemon.terminate()
            #expect(await daemon.waitForExit() == 0, "\(daemon.standardError)")
            #expect(await client.agentOwner() == nil)
            #expect(daemon.standardError.contains("left the session bus"))
        }
    }

    @Test("a second agent on the same bus refuses to start and names the owner")
    func secondAgent() async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        let bus = try await PrivateDBus.start()
        defer { bus.stop() }
        let binary = try DaemonBinary()
        defer { binary.cleanUp() }
        let client = DaemonClient(connection: try BusConnection(address: bus.address))
        defer { client.connection.close() }
        let first = try binary.spawn([], bus: bus, pulse: pulse)
        defer { first.kill() }
        try await waitUntil("the first agent owns its name", timeout: .seconds(20)) {
            guard first.isRunning else { throw DaemonExited(output: first.standardError) }
            return await client.agentOwner() != nil
        }
        let owner = await client.agentOwner() ?? ""
        let second = try await binary.run([], bus: bus, pulse: pulse)
        #expect(second.status == 1)
        #expect(second.standardError.contains("another agent already owns org.audiosession.Agent"), "\(second.standardError)")
        #expect(second.standardError.contains(owner))
        first.terminate()
        #expect(await first.waitForExit() == 0)
    }
}
