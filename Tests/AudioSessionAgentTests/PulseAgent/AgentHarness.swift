import AudioPolicy
import AudioSessionAgent
import AudioSessionTesting
import Foundation
import Logging
import PulseBackend
import SoundServer
import Testing

/// An in-process agent on a private server, with what the tests need around it: the shipped
/// default policy, a journal directory inside the server's directory, sessions registered through
/// the coordinator as the bus service will register them, and players started with paplay.
struct AgentHarness<Server: PulseProtocolServer> {
    let server: Server
    let journalDirectory: JournalDirectory

    init(server: Server) {
        self.server = server
        self.journalDirectory = JournalDirectory(path: server.directory + "/agent-journal")
    }

    /// The shipped default policy (policies/default.toml): duck level 0.3, ramps of 250 and 600 ms.
    static var defaultPolicy: Policy {
        get throws {
            var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
            parts.removeLast(4)
            let file = parts.joined(separator: "/") + "/policies/default.toml"
            let loader = PolicyLoader(
                fileSystem: LocalPolicyFileSystem(), searchPath: PolicySearchPath(environment: [:], shippedPolicy: file))
            return try loader.load(explicitFile: file).policy
        }
    }

    /// The shipped default policy with `fragment` merged over it, as a user's
    /// `$XDG_CONFIG_HOME/audiosession/policy.d/50-test.toml` would be (the file is written under `directory`).
    static func defaultPolicy(withFragment fragment: String, in directory: String) throws -> Policy {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        let shipped = parts.joined(separator: "/") + "/policies/default.toml"
        let configHome = directory + "/config"
        try FileManager.default.createDirectory(atPath: configHome + "/audiosession/policy.d", withIntermediateDirectories: true)
        try fragment.write(toFile: configHome + "/audiosession/policy.d/50-test.toml", atomically: true, encoding: .utf8)
        let loader = PolicyLoader(
            fileSystem: LocalPolicyFileSystem(),
            searchPath: PolicySearchPath(
                environment: ["XDG_CONFIG_HOME": configHome, "XDG_CONFIG_DIRS": directory + "/no-system-config"],
                shippedPolicy: shipped))
        return try loader.load().policy
    }

    /// The agent's logger in tests: info, or debug when `AGENT_TEST_DEBUG` is set.
    static var logger: Logger {
        var logger = Logger(label: "test.agent")
        logger.logLevel = ProcessInfo.processInfo.environment["AGENT_TEST_DEBUG"] == nil ? .info : .debug
        return logger
    }

    /// Starts an agent on the server with `policy` (the shipped default when `nil`) and a short recovery grace.
    func startAgent(grace: Duration = .milliseconds(300), policy: Policy? = nil) async throws -> PulseAgent {
        try await PulseAgent.start(
            policy: try policy ?? Self.defaultPolicy,
            configuration: PulseAgentConfiguration(
                server: server.serverAddress, journalDirectory: journalDirectory, recoveryGrace: grace, logger: Self.logger))
    }

    /// Whether the journal holds nothing for any stream (a module the agent took over stays
    /// journalled while it runs).
    static func noStreamRestoresPending(_ agent: PulseAgent) -> Bool {
        agent.journal.pendingRestores.allSatisfy { $0.key.stream == nil }
    }

    /// What the engine says about every stream, for failure messages.
    static func explain(_ agent: PulseAgent) -> String {
        agent.coordinator.read { view in
            view.engine.streamIDs.map { view.engine.explanation(of: $0).map { "\($0)" } ?? "\($0)?" }.joined(separator: "\n")
        }
    }

    /// A music player: a long 440 Hz tone at amplitude 0.5 with media.role=music.
    func playMusic() throws -> ChildProcess {
        let tone = try ToneFile.sine(frequency: 440, seconds: 60, amplitude: 0.5, in: server.directory, name: "music.wav")
        return try server.spawn("paplay", ["--property=media.role=music", "--property=media.name=music", tone])
    }

    /// A stream of `seconds` of a 660 Hz tone with the given extra paplay properties.
    func play(_ name: String, seconds: Double, properties: [String: String]) throws -> ChildProcess {
        let tone = try ToneFile.sine(frequency: 660, seconds: seconds, amplitude: 0.5, in: server.directory, name: "\(name).wav")
        let flags = properties.sorted { $0.key < $1.key }.map { "--property=\($0.key)=\($0.value)" }
        return try server.spawn("paplay", flags + ["--property=media.name=\(name)", tone])
    }

    /// The sink input whose media.name is `name`, as pactl shows it.
    func stream(named name: String) async throws -> PulseSinkInput? {
        try await server.sinkInput(where: "media.name", is: name)
    }

    /// Waits for the stream named `name` and returns it.
    func waitForStream(_ name: String) async throws -> PulseSinkInput {
        try await waitForValue("the \(name) stream", timeout: .seconds(10)) { try await stream(named: name) }
    }

    /// Waits until the stream named `name` shows `percent` on every channel (pactl's rounding).
    func waitForVolume(_ name: String, _ percent: Int, timeout: Duration = .seconds(10)) async throws {
        do {
            try await waitUntil("\(name) at \(percent) %", timeout: timeout) {
                try await stream(named: name)?.volumePercents.allSatisfy { $0 == percent } == true
            }
        } catch {
            // Say where it stopped: a wrong level and a vanished stream need different fixes.
            let last = try? await stream(named: name)
            Issue.record("\(name) is at \(last.map { "\($0.volumePercents) %" } ?? "no stream") instead of \(percent) %")
            throw error
        }
    }

    /// Sets a stream's volume with pactl, as a user would.
    func setVolume(_ name: String, _ percent: Int) async throws {
        let stream = try await waitForStream(name)
        _ = try await server.pactl("set-sink-input-volume", String(stream.index), "\(percent)%")
        try await waitForVolume(name, percent)
    }
}

/// An app's session, registered through the coordinator as the bus service does.
struct TestSession {
    let id: SessionID
    let token: String
    let caller: BusCaller

    /// Registers, configures and activates a session for a made-up bus connection whose process
    /// does not exist (so no stream is tied to it by process ancestry: only by its token, a bearer
    /// token so that the harness's paplay may carry it).
    static func activate(
        on agent: PulseAgent, name: String, category: String, mode: String = "default", options: [String] = [],
        token: String? = nil
    ) throws -> TestSession {
        let caller = BusCaller(uniqueName: ":1.\(name)", processID: Int32.max - 7)
        let (session, _) = try agent.coordinator.transact { registry in
            let session = try registry.register(
                SessionProperties(applicationID: "org.example.\(name)", tokenUse: .bearer), from: caller,
                token: token.map { StreamToken(rawValue: $0) } ?? .random())
            let configure = try registry.configure(
                session.id, by: caller.uniqueName, category: category, mode: mode, options: options)
            return (session, [session.registrationEvent, configure, try registry.activate(session.id, by: caller.uniqueName)])
        }
        return TestSession(id: session.id, token: session.token.rawValue, caller: caller)
    }

    /// Ends the session as its app's bus connection going away would.
    func end(on agent: PulseAgent) {
        _ = agent.coordinator.transact { registry in ((), registry.connectionClosed(caller.uniqueName)) }
    }
}
