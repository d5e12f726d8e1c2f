import AudioSessionTesting
import Foundation
import PulseBackend

/// One soak: random rounds of sessions, legacy streams, plugs, kills, policy reloads and server
/// restarts against the real agent on a private server and bus, each round checked once its
/// clients have ended (``SoakRun+Checks``), and the agent's footprint followed round by round.
///
/// A bed of music (a paplay with media.role music, started again whenever it ended) plays through
/// every round: it is what the rounds duck, silence and interrupt, and what must come out of each
/// round untouched. It follows the default device (plugged headphones become the default); after
/// an unplug it may be held silent by the policy's pause on unplug, which only its player's stop
/// ends: the user's answer, stopping the player and starting another, is what the checks do then.
final class SoakRun {
    let settings: SoakSettings
    let rig: AgentRig
    var random: SeededGenerator
    var agent: ChildProcess
    var footprints: [FootprintSeries]
    var round = 0
    var actionCount = 0
    var checkCount = 0
    /// Actions per kind, for the summary.
    var actionTally: [SoakAction: Int] = [:]
    /// The headphones while plugged.
    var headphones: PluggedDevice?
    /// The bed of music and its stream's media.name.
    var bed: ChildProcess?
    var bedName = ""
    var bedCount = 0
    var bedStarted = ContinuousClock.now
    /// Whether the headphones were unplugged since the bed started: a bed that followed the
    /// default onto them is then held (silenced until its player stops), as the policy says.
    var bedMayBeHeld = false
    /// Clients started this round (runs and players); all have ended once the round quiesced.
    var clients: [ChildProcess] = []
    var clientCount = 0
    /// Whether the policy in force is enabled, as the last valid fragment says.
    var policyEnabled = true
    /// Restore entries the server had before the agent first ran (stock PulseAudio), which
    /// the checks leave alone.
    var baselineRestoreEntries: [String: StreamRestoreEntry] = [:]
    let tones: [String]
    let bedTone: String

    /// Rounds each agent must live before it may be killed: enough to judge its footprint.
    static let roundsBeforeAgentKill = FootprintSeries.warmUp + FootprintSeries.noiseRounds + 1

    private init(settings: SoakSettings, rig: AgentRig, agent: ChildProcess, tones: [String], bedTone: String) {
        self.settings = settings
        self.rig = rig
        self.agent = agent
        self.tones = tones
        self.bedTone = bedTone
        random = SeededGenerator(seed: settings.seed)
        footprints = [FootprintSeries(pid: agent.pid)]
    }

    /// Starts the server, the bus and the agent (the user's search order: shipped default, then
    /// policy.d), and records the server's saved state before the agent touched anything.
    static func start(_ settings: SoakSettings) async throws -> SoakRun {
        let rig = try await AgentRig.start(settings.setup)
        do {
            let tones = try [1.0, 2.0, 3.0].map { try rig.tone("tone-\(Int($0))s", seconds: $0, frequency: 660) }
            let bedTone = try rig.tone("bed", seconds: 120)
            let baseline = try await savedRestoreEntries(of: rig)
            try FileManager.default.createDirectory(atPath: fragmentDirectory(of: rig), withIntermediateDirectories: true)
            let agent = try await rig.startAgent(policy: nil)
            let run = SoakRun(settings: settings, rig: rig, agent: agent, tones: tones, bedTone: bedTone)
            run.baselineRestoreEntries = baseline
            return run
        } catch {
            rig.stop()
            throw error
        }
    }

    /// Stops every client, the agent and the rig.
    func stop() {
        for client in clients { client.kill() }
        bed?.kill()
        agent.kill()
        rig.stop()
    }

    /// Runs rounds until the soak's minutes have passed, then the final checks; throws
    /// ``SoakFailure`` at the first check that fails.
    func run() async throws {
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: .seconds(settings.minutes * 60))
        log(
            "soak: setup \(settings.setup.shortName), seed \(settings.seed), \(settings.minutes) min; "
                + "agent \(agent.pid) (\(AgentFootprint.read(pid: agent.pid)?.description ?? "gone"))")
        while clock.now < end {
            round += 1
            let started = clock.now
            let actions = try await playRound()
            log("round \(round): \(actions.joined(separator: ", "))")
            try await quiesce()
            try await checkRound()
            let footprint = try recordFootprint()
            let seconds = Double((clock.now - started).components.seconds)
                + Double((clock.now - started).components.attoseconds) / 1e18
            log(
                "round \(round): checks passed (\(checkCount) so far); agent \(agent.pid) \(footprint.description); "
                    + "\(String(format: "%.1f", seconds)) s")
        }
        try await finish()
    }

    /// Draws and performs the round's actions, with short random pauses between them.
    func playRound() async throws -> [String] {
        try await ensureBed()
        var done: [String] = []
        for _ in 0..<Int.random(in: 3...6, using: &random) {
            var allowed = SoakAction.allCases
            if footprints[footprints.count - 1].rounds.count < Self.roundsBeforeAgentKill {
                allowed.removeAll { $0 == .killAgent }
            }
            let action = SoakAction.draw(from: allowed, using: &random)
            done.append(try await perform(action))
            actionCount += 1
            actionTally[action, default: 0] += 1
            try await Task.sleep(for: .milliseconds(Int.random(in: 100...1200, using: &random)))
        }
        return done
    }

    /// Waits until every client of the round has ended by itself (players of at most 3 s).
    func quiesce() async throws {
        for client in clients {
            let ended = try? await waitForValue("client \(client.pid) ends", timeout: .seconds(30)) {
                client.isRunning ? nil : true
            }
            guard ended != nil else {
                throw failure("the round's clients end", "\(client.command.joined(separator: " ")) still runs after 30 s")
            }
        }
        clients.removeAll()
    }

    /// The agent's footprint after the round, in its process's series.
    func recordFootprint() throws -> AgentFootprint {
        guard let footprint = AgentFootprint.read(pid: agent.pid) else {
            throw failure("the agent runs", "/proc/\(agent.pid) is gone\n\(tail(agent.standardError))")
        }
        footprints[footprints.count - 1].record(footprint)
        return footprint
    }

    /// The last checks: the footprint of every agent that lived long enough is flat; the agent
    /// stops on SIGTERM with status 0 and leaves the bed untouched.
    func finish() async throws {
        for series in footprints {
            log("footprint: \(series.summary)")
            if let growth = series.growth { throw failure("the agent's RSS and fds stay flat", growth) }
        }
        guard footprints.contains(where: \.isJudgeable) else {
            throw failure(
                "the agent's RSS and fds stay flat",
                "no agent lived \(FootprintSeries.warmUp + FootprintSeries.noiseRounds + 1) rounds: run the soak longer")
        }
        log("saved state at the end: \(try await savedStateSummary())")
        let status = await rig.stopAgent(agent)
        checkCount += 1
        guard status == 0 else { throw failure("the agent stops on SIGTERM", "exit status \(status)\n\(tail(agent.standardError))") }
        try await checkBed(agentRunning: false)
        let tally = SoakAction.allCases.map { "\($0.rawValue) \(actionTally[$0, default: 0])" }.joined(separator: ", ")
        let first = footprints.first?.rounds.first?.description ?? "-"
        let last = footprints.last?.rounds.last?.description ?? "-"
        log(
            "soak PASSED: setup \(settings.setup.shortName), seed \(settings.seed): \(round) rounds, \(actionCount) actions "
                + "(\(tally)), \(clientCount) clients, \(checkCount) checks; \(footprints.count) agent process(es); "
                + "first agent's first round \(first), last agent's last round \(last)")
    }

    /// Copies the agents' logs and the servers' logs to `SOAK_LOG_DIR` (when set: `scripts/soak`
    /// sets it) before the rig's directory goes, so a failure keeps its evidence; returns where.
    func keepLogs() -> String? {
        guard let target = ProcessInfo.processInfo.environment["SOAK_LOG_DIR"], !target.isEmpty else { return nil }
        let destination = "\(target)/\(settings.setup.shortName)-seed-\(settings.seed)"
        let manager = FileManager.default
        try? manager.removeItem(atPath: destination)
        guard (try? manager.createDirectory(atPath: destination, withIntermediateDirectories: true)) != nil else { return nil }
        let names = (try? manager.contentsOfDirectory(atPath: rig.directory)) ?? []
        for name in names where name.hasSuffix(".log") || (name.hasPrefix("audiosessiond-") && name.hasSuffix(".err")) {
            try? manager.copyItem(atPath: rig.directory + "/" + name, toPath: destination + "/" + name)
        }
        return destination
    }

    /// Writes the graph at the failure beside the kept logs: the pulse protocol's streams
    /// (`pactl list sink-inputs`) and, on PipeWire, `pw-dump`, since a stream's state on the
    /// pulse side and its node's Props can differ.
    func keepGraph(in destination: String) async {
        let sinkInputs = (try? await rig.server.pactl("list", "sink-inputs")) ?? "pactl failed"
        _ = FileManager.default.createFile(atPath: destination + "/sink-inputs.txt", contents: Data(sinkInputs.utf8))
        if settings.setup == .pipewirePulse || settings.setup == .pipewireNative {
            let dump = (try? await rig.pipewire.pwDump()) ?? "pw-dump failed"
            _ = FileManager.default.createFile(atPath: destination + "/pw-dump.json", contents: Data(dump.utf8))
        }
    }

    /// A failure of `check` in this round.
    func failure(_ check: String, _ detail: String) -> SoakFailure {
        SoakFailure(check: check, detail: detail, round: round, settings: settings)
    }

    /// The end of a log, for a failure's detail.
    func tail(_ text: String, lines: Int = 30) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines).joined(separator: "\n")
    }

    /// Prints a line now (standard output is a pipe under `swift test`: print would buffer it).
    func log(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
