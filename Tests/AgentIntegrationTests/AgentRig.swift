import AudioSessionTesting
import Foundation

/// A private sound server and a private session bus, with the BUILT `audiosessiond` and
/// `audiosessionctl` run on them as a user session runs them, and real clients (paplay, parec).
///
/// The agent is started and stopped by the test (`startAgent()`), so a test can first run its
/// control without the agent, kill the agent and start another on the same journal.
struct AgentRig: Sendable {
    let setup: SoundSetup
    let server: any PulseProtocolServer
    let bus: PrivateDBus
    /// The agent's `--backend`: `pulse`, `pipewire` for the native backend on PipeWire, or `auto`.
    var backend: String
    /// On another release's stack (a PipeWire in a root): whether the agent, `audiosessionctl` and
    /// the clients the rig plays (paplay) run inside the root, with that release's libraries, as
    /// its users run them (the default), or here, reaching the stack through its sockets with this
    /// machine's libraries (the cross-version pairing).
    var agentRunsInsideRoot = true

    /// Starts the server and the bus (no agent yet); the agent's backend is the setup's unless given.
    /// `busAdmitsOtherUsers` is for clients run as another user (``UnprivilegedCommand``).
    static func start(_ setup: SoundSetup, backend: String? = nil, busAdmitsOtherUsers: Bool = false) async throws -> AgentRig {
        let server = try await setup.start()
        do {
            let bus = try await PrivateDBus.start(admittingOtherUsers: busAdmitsOtherUsers)
            return AgentRig(setup: setup, server: server, bus: bus, backend: backend ?? setup.backend)
        } catch {
            server.stop()
            throw error
        }
    }

    /// A rig on a server the test started (another release's stack, say); the rig stops it.
    /// `setup` says what kind of server it is.
    static func start(_ setup: SoundSetup, on server: any PulseProtocolServer, backend: String? = nil) async throws -> AgentRig {
        do {
            return AgentRig(setup: setup, server: server, bus: try await PrivateDBus.start(), backend: backend ?? setup.backend)
        } catch {
            server.stop()
            throw error
        }
    }

    /// Stops the bus and the server (the server's directory, with every scratch file, goes too).
    func stop() {
        bus.stop()
        server.stop()
    }

    var directory: String { server.directory }

    /// What a client of the desktop has: the sound server, its home and runtime directories, the bus.
    var environment: [String: String] {
        server.environment.merging(["DBUS_SESSION_BUS_ADDRESS": bus.address, "PATH": "/usr/bin:/bin"]) { _, new in new }
    }

    // MARK: The built executables

    static var productsDirectory: URL {
        let testBinary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        return URL(fileURLWithPath: testBinary).deletingLastPathComponent()
    }

    static var packageRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    static var shippedPolicy: String { packageRoot + "/policies/default.toml" }

    /// The agent binary the rig runs: the package's build, or the one `AUDIOSESSIOND=PATH` names
    /// (another build, say main's, measured by the same test: `scripts/canceller-loop`).
    static var agentExecutable: String {
        ProcessInfo.processInfo.environment["AUDIOSESSIOND"].flatMap { $0.isEmpty ? nil : $0 }
            ?? productsDirectory.appendingPathComponent("audiosessiond").path
    }

    /// Starts `audiosessiond` (the shipped policy unless `policy` is given; `nil` for the search
    /// order under ``configurationDirectory``) and returns once it owns its bus name and answers
    /// `audiosessionctl status`.
    func startAgent(policy: String? = AgentRig.shippedPolicy) async throws -> ChildProcess {
        let agent = try spawnAgent(policy: policy)
        do {
            try await waitUntilAnswering(agent)
        } catch {
            agent.kill()
            throw error
        }
        return agent
    }

    /// Starts `audiosessiond` without waiting for it.
    func spawnAgent(policy: String? = AgentRig.shippedPolicy) throws -> ChildProcess {
        var environment = environment
        environment["XDG_CONFIG_DIRS"] = directory + "/no-system-config"
        environment["XDG_CONFIG_HOME"] = configurationDirectory
        environment["AUDIOSESSION_SHIPPED_POLICY"] = Self.shippedPolicy
        // At debug level the log names every pause, mute, ramp and release: a failure's record
        // then tells what the agent did, not only what the test saw.
        let policyArguments = policy.map { ["--policy", $0] } ?? []
        var command = [Self.agentExecutable, "--backend", backend] + policyArguments + ["--log-level", "debug"]
        // On another release's stack the agent runs inside its root, against that release's
        // libpipewire and libpulse, as a user of it runs the agent.
        let agentDirectory = URL(fileURLWithPath: Self.agentExecutable).resolvingSymlinksInPath().deletingLastPathComponent().path
        command = insideRoot(command, alsoBinding: [agentDirectory])
        return try ChildProcess(command, environment: environment, outputDirectory: directory)
    }

    /// `command` as the rig runs it: inside the stack's root when there is one and
    /// ``agentRunsInsideRoot`` says so (the bus's directory bound too), else as it is.
    func insideRoot(_ command: [String], alsoBinding: [String] = []) -> [String] {
        guard agentRunsInsideRoot, let pipewire = server as? PrivatePipeWire else { return command }
        return pipewire.commandInside(command, alsoBinding: [bus.directory] + alsoBinding)
    }

    /// The agent's XDG_CONFIG_HOME: with `startAgent(policy: nil)` it reads
    /// `audiosession/policy.toml` and `audiosession/policy.d/` here, then the shipped default.
    var configurationDirectory: String { directory + "/agent-config" }

    /// Waits until `agent` answers `audiosessionctl status`.
    func waitUntilAnswering(_ agent: ChildProcess) async throws {
        try await waitUntil("audiosessiond answers status", timeout: .seconds(30)) {
            guard agent.isRunning else { throw AgentExited(log: agent.standardError) }
            return try await ctl(["status"]).status == 0
        }
    }

    /// Stops the agent with SIGTERM (it undoes what it did) and returns its exit status.
    func stopAgent(_ agent: ChildProcess) async -> Int32 {
        agent.terminate()
        return await agent.waitForExit()
    }

    /// Runs `audiosessionctl ARGUMENTS` to its end.
    func ctl(_ arguments: [String]) async throws -> ToolResult {
        let child = try spawnCtl(arguments)
        let status = await child.waitForExit()
        return ToolResult(status: status, standardOutput: child.standardOutput, standardError: child.standardError)
    }

    /// Starts `audiosessionctl ARGUMENTS` without waiting (a `run` that holds a session).
    func spawnCtl(_ arguments: [String]) throws -> ChildProcess {
        try ChildProcess(
            insideRoot([Self.productsDirectory.appendingPathComponent("audiosessionctl").path] + arguments),
            environment: environment, outputDirectory: directory)
    }

    /// `audiosessionctl status --json`: the sessions it lists.
    func sessions() async throws -> [[String: Any]] {
        let result = try await ctl(["status", "--json"])
        guard result.status == 0,
            let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any],
            let sessions = object["sessions"] as? [[String: Any]]
        else { throw AgentExited(log: "status --json failed: \(result.standardError)") }
        return sessions
    }

    // MARK: Real clients

    /// A tone file of `seconds` in the server's directory.
    func tone(_ name: String, seconds: Double, frequency: Double = 440) throws -> String {
        try ToneFile.sine(frequency: frequency, seconds: seconds, amplitude: 0.5, in: directory, name: "\(name).wav")
    }

    /// The paplay command line that plays `file` as a stream named `name` (media.name), with `role`.
    func paplay(_ name: String, _ file: String, role: String? = nil) -> [String] {
        ["paplay", "--property=media.name=\(name)"] + (role.map { ["--property=media.role=\($0)"] } ?? []) + [file]
    }

    /// Starts paplay on the server directly (an app without a session).
    func play(_ name: String, _ file: String, role: String? = nil) throws -> ChildProcess {
        let command = insideRoot(paplay(name, file, role: role))
        return try server.spawn(command[0], Array(command.dropFirst()))
    }

    /// `audiosessionctl run RUN_ARGUMENTS -- paplay ...`: `file` played in a session of its own.
    func runPlaying(_ name: String, _ file: String, _ runArguments: [String], role: String? = nil) throws -> ChildProcess {
        try spawnCtl(["run"] + runArguments + ["--"] + paplay(name, file, role: role))
    }

    // MARK: Streams as pactl shows them

    /// The sink input whose media.name is `name`, or nil.
    func stream(named name: String) async throws -> PulseSinkInput? {
        try await server.sinkInput(where: "media.name", is: name)
    }

    /// Waits for the stream named `name` and returns it.
    func waitForStream(_ name: String) async throws -> PulseSinkInput {
        try await waitForValue("the \(name) stream") { try await stream(named: name) }
    }

    /// Waits until the stream named `name` shows `percent` on every channel (pactl's rounding).
    func waitForVolume(_ name: String, _ percent: Int, timeout: Duration = .seconds(10)) async throws {
        try await waitUntil("\(name) at \(percent) %", timeout: timeout) {
            try await stream(named: name)?.volumePercents.allSatisfy { $0 == percent } == true
        }
    }

    /// Sets a stream's volume with pactl, as a user would, and waits until the server shows it.
    func setVolume(_ name: String, _ percent: Int) async throws {
        let stream = try await waitForStream(name)
        _ = try await server.pactl("set-sink-input-volume", String(stream.index), "\(percent)%")
        try await waitForVolume(name, percent)
    }

    /// The child processes of `pid` (a `run` and the CMD it started), read from /proc.
    /// Every thread's list counts: a child belongs to the thread that started it.
    static func children(of pid: Int32) -> [Int32] {
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return threads.flatMap { thread in
            let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(thread)/children", encoding: .utf8)) ?? ""
            return text.split(whereSeparator: \.isWhitespace).compactMap { Int32($0) }
        }
    }

    struct AgentExited: Error, CustomStringConvertible {
        var log: String
        var description: String { "audiosessiond: \(log)" }
    }
}
