import AudioSessionAgent
import AudioSessionTesting
import Foundation
import PolicyScenarios
import Testing

/// The engine's scenario tables, run against the in-process agent on a real PulseAudio with paplay
/// clients: the same tables, the same verdicts. Tables that cork and uncork streams need a client
/// that can be corked from outside and are not run here.
@Suite("Agent on real servers: scenario tables", .serialized)
struct AgentScenarioTests {
    static let runnable = [
        "activation-refused-during-call", "app-of-active-session-dies", "interrupt-spoken-audio-pauses-podcast",
        "role-names-normalised", "voice-chat-without-the-rank",
    ]

    static var repository: String {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/")
    }

    @Test("PulseAudio (minimal): the table holds", arguments: runnable)
    func scenarioOnPulseAudio(_ name: String) async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        try await run(name, on: pulse)
    }

    @Test("pipewire-pulse: the table holds", arguments: runnable)
    func scenarioOnPipeWirePulse(_ name: String) async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        try await run(name, on: pipewire)
    }

    private func run<Server: PulseProtocolServer>(_ name: String, on server: Server) async throws {
        let path = Self.repository + "/Tests/AudioPolicyTests/Scenarios/\(name).toml"
        let scenario = try ScenarioParser(path: path, shippedPolicies: Self.repository + "/policies")
            .parse(try String(contentsOfFile: path, encoding: .utf8))
        var world = try await AgentScenarioWorld.start(scenario, on: server)
        let run = try await ScenarioRunner(scenario: scenario).run(in: &world)
        await world.stop()
        #expect(run.report == nil, "\(run.report ?? "")")
    }
}
