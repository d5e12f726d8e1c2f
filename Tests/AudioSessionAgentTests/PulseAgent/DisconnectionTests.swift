import AudioSessionAgent
import AudioSessionTesting
import Foundation
import Testing

/// When the sound server goes away the agent ends: ``PulseAgent/run()`` throws
/// ``AgentError/Kind/connectionLost`` (the service group, and with it the executable, ends; the
/// systemd unit starts a new agent, which finds the server again).
@Suite("Agent on real servers: the server goes away", .serialized)
struct DisconnectionTests {
    @Test("PulseAudio (minimal): run() ends with connectionLost when the server stops; the journal keeps what was not undone")
    func serverStops() async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        let harness = AgentHarness(server: pulse)
        let music = try harness.playMusic()
        defer { music.kill() }
        let agent = try await harness.startAgent()
        let navigation = try TestSession.activate(
            on: agent, name: "maps", category: "playback", mode: "voice-prompt", options: ["mix-with-others", "duck-others"])
        let prompt = try harness.play("prompt", seconds: 60, properties: ["audiosession.token": navigation.token])
        defer { prompt.kill() }
        try await harness.waitForVolume("music", 67)
        try await withThrowingTaskGroup(of: AgentError.Kind?.self) { tasks in
            tasks.addTask {
                do throws(AgentError) {
                    try await agent.run()
                    return nil
                } catch {
                    return error.kind
                }
            }
            pulse.stop()
            let ending = try await tasks.next()
            #expect(ending == .some(.connectionLost))
        }
        await agent.shutdown()  // safe after the loss: nothing can be undone, nothing hangs
        #expect(!agent.journal.pendingRestores.isEmpty, "what could not be undone stays journalled")
    }
}
