import AudioSessionTesting
import Foundation

/// The real `audiosessiond` (the built binary) on a private PulseAudio and a private bus, with the
/// shipped default policy: what `audiosessionctl` talks to on a desktop.
struct RealAgentRig {
    let pulse: PrivatePulseAudio
    let bus: PrivateDBus
    let agent: ChildProcess

    /// The environment a client needs: the private sound server and the private bus.
    var environment: [String: String] {
        pulse.environment.merging(["DBUS_SESSION_BUS_ADDRESS": bus.address]) { _, new in new }
    }

    var directory: String { pulse.directory }

    static var agentPath: String {
        URL(fileURLWithPath: CtlBinary.path).deletingLastPathComponent().appendingPathComponent("audiosessiond").path
    }

    /// Starts the servers and the agent, and returns once the agent answers `status`.
    static func start() async throws -> RealAgentRig {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        let bus: PrivateDBus
        do { bus = try await PrivateDBus.start() } catch {
            pulse.stop()
            throw error
        }
        var environment = pulse.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        environment["PATH"] = "/usr/bin:/bin"
        let agent: ChildProcess
        do {
            agent = try ChildProcess(
                [agentPath, "--backend", "pulse", "--policy", CtlBinary.packageRoot + "/policies/default.toml"],
                environment: environment, outputDirectory: pulse.directory)
        } catch {
            bus.stop()
            pulse.stop()
            throw error
        }
        let rig = RealAgentRig(pulse: pulse, bus: bus, agent: agent)
        do {
            try await waitUntil("audiosessiond answers status") {
                guard agent.isRunning else { throw AgentExited(log: agent.standardError) }
                return try await CtlBinary.run(["status"], environment: rig.environment).status == 0
            }
        } catch {
            rig.stop()
            throw error
        }
        return rig
    }

    /// Stops the agent gracefully (it undoes what it did), then the servers.
    func stop() {
        agent.terminate()
        let deadline = ContinuousClock.now.advanced(by: .seconds(5))
        while agent.isRunning && ContinuousClock.now < deadline { usleep(20_000) }
        agent.kill()
        bus.stop()
        pulse.stop()
    }

    /// `audiosessionctl status --json`, decoded.
    func status() async throws -> (sessions: [[String: Any]], streams: [[String: Any]]) {
        let result = try await CtlBinary.run(["status", "--json"], environment: environment)
        guard result.status == 0,
            let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any],
            let sessions = object["sessions"] as? [[String: Any]], let streams = object["streams"] as? [[String: Any]]
        else { throw AgentExited(log: "status --json failed: \(result.standardError)") }
        return (sessions, streams)
    }

    /// Starts `audiosessionctl run ARGUMENTS` without waiting.
    func run(_ arguments: [String]) throws -> ChildProcess {
        try CtlBinary.spawn(["run"] + arguments, environment: environment, in: directory)
    }

    struct AgentExited: Error, CustomStringConvertible {
        var log: String
        var description: String { "audiosessiond: \(log)" }
    }
}
