import AudioSessionAgent
import AudioSessionTesting
import Foundation
import Logging
import ServiceLifecycle
import Testing

/// The agent as a service: a graceful shutdown of its service group (what SIGTERM does in the
/// executable) undoes its changes before the group ends.
@Suite("Agent on real servers: service lifecycle", .serialized)
struct ServiceTests {
    @Test("PulseAudio (minimal): a graceful shutdown while music is ducked puts the music back")
    func gracefulShutdownRestores() async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        let harness = AgentHarness(server: pulse)
        let music = try harness.playMusic()
        defer { music.kill() }
        try await harness.setVolume("music", 80)

        let agent = try await harness.startAgent()
        let group = ServiceGroup(services: [PulseAgentService(agent: agent)], logger: Logger(label: "test.group"))
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            let navigation = try TestSession.activate(
                on: agent, name: "maps", category: "playback", mode: "voice-prompt", options: ["mix-with-others", "duck-others"])
            let prompt = try harness.play("prompt", seconds: 60, properties: ["audiosession.token": navigation.token])
            defer { prompt.kill() }
            try await harness.waitForVolume("music", 54)
            await group.triggerGracefulShutdown()
            try await tasks.waitForAll()
            #expect(try await harness.stream(named: "music")?.volumePercents == [80, 80], "restored while the prompt still plays")
        }
        #expect(agent.journal.pendingRestores.isEmpty)
    }
}
