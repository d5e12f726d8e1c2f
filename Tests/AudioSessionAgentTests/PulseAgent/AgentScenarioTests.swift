import AudioSessionAgent
import AudioSessionTesting
import Foundation
import PolicyScenarios
import Testing

/// Every scenario table of the engine, run against the in-process agent on real servers with real
/// clients (paplay, parec, mpv with mpv-mpris on a private bus, a peak meter, server modules and a
/// PipeWire filter-chain; see ``ScenarioClients``): the same tables, the same verdicts, in six
/// setups: the pulse-protocol agent on PulseAudio (minimal and stock) and on pipewire-pulse, and
/// the native agent on PipeWire, each PipeWire one on Debian 12's 0.3.65 and Debian 13's 1.4.
@Suite("Agent on real servers: scenario tables", .serialized)
struct AgentScenarioTests {
    static var repository: String {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/")
    }

    /// Every table under Tests/AudioPolicyTests/Scenarios, by name.
    static var allTables: [String] {
        let folder = repository + "/Tests/AudioPolicyTests/Scenarios"
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.filter { $0.hasSuffix(".toml") }.map { String($0.dropLast(".toml".count)) }.sorted()
    }

    /// The tables to run: all, or the comma-separated names in `AGENT_SCENARIOS` (to rerun one).
    static var tables: [String] {
        guard let chosen = ProcessInfo.processInfo.environment["AGENT_SCENARIOS"] else { return allTables }
        return chosen.split(separator: ",").map(String.init)
    }

    @Test("every scenario table is run here") func everyTable() {
        #expect(Self.allTables.count == 18, "\(Self.allTables)")
    }

    @Test("PulseAudio (minimal): the table holds", arguments: tables)
    func scenarioOnPulseAudio(_ name: String) async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        try await run(name, on: pulse)
    }

    @Test("PulseAudio (stock config): the table holds", arguments: tables)
    func scenarioOnStockPulseAudio(_ name: String) async throws {
        let pulse = try await PrivatePulseAudio.start(.stock)
        defer { pulse.stop() }
        try await run(name, on: pulse)
    }

    @Test("pipewire-pulse: the table holds", arguments: tables)
    func scenarioOnPipeWirePulse(_ name: String) async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        try await run(name, on: pipewire)
    }

    /// The native agent (libpipewire, beside WirePlumber); the clients still play through
    /// pipewire-pulse. Ducks are the node's Props factor, silences are heard (see ``NodeSoundObserver``).
    @Test("PipeWire (native agent): the table holds", arguments: tables)
    func scenarioOnNativePipeWire(_ name: String) async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        let (scenario, bus) = try await prepare(name)
        defer { bus.stop() }
        try await run(scenario, in: try await NativeAgentScenarioWorld.start(scenario, on: pipewire, bus: bus))
    }

    /// The same on Debian 13's stack (PipeWire 1.4, WirePlumber 0.5, pipewire-pulse 1.4) from the
    /// cached root (`scripts/make-root`), the agent and the clients on this machine through the
    /// root's sockets.
    @Test("pipewire-pulse 1.4 (Debian 13): the table holds", arguments: tables)
    func scenarioOnPipeWirePulse14(_ name: String) async throws {
        let pipewire = try await PrivatePipeWire.start(root: try await SoundStackRoot.debian13())
        defer { pipewire.stop() }
        try await run(name, on: pipewire)
    }

    @Test("PipeWire 1.4 (Debian 13, native agent): the table holds", arguments: tables)
    func scenarioOnNativePipeWire14(_ name: String) async throws {
        let pipewire = try await PrivatePipeWire.start(root: try await SoundStackRoot.debian13())
        defer { pipewire.stop() }
        let (scenario, bus) = try await prepare(name)
        defer { bus.stop() }
        try await run(scenario, in: try await NativeAgentScenarioWorld.start(scenario, on: pipewire, bus: bus))
    }

    private func run<Server: PulseProtocolServer>(_ name: String, on server: Server) async throws {
        let (scenario, bus) = try await prepare(name)
        defer { bus.stop() }
        try await run(scenario, in: try await AgentScenarioWorld<Server, PulseAgent>.start(scenario, on: server, bus: bus))
    }

    /// The table `name`, parsed, and a private bus for its players.
    private func prepare(_ name: String) async throws -> (Scenario, PrivateDBus) {
        let path = Self.repository + "/Tests/AudioPolicyTests/Scenarios/\(name).toml"
        let scenario = try ScenarioParser(path: path, shippedPolicies: Self.repository + "/policies")
            .parse(try String(contentsOfFile: path, encoding: .utf8))
        return (scenario, try await PrivateDBus.start())
    }

    private func run<Server, Agent>(_ scenario: Scenario, in started: AgentScenarioWorld<Server, Agent>) async throws {
        var world = started
        do {
            let run = try await ScenarioRunner(scenario: scenario).run(in: &world)
            await world.stop()
            #expect(run.report == nil, "\(run.report ?? "")")
        } catch {
            await world.stop()
            throw error
        }
    }
}
