import AudioSessionAgent
import AudioSessionTesting
import Foundation
import Testing

/// When the sound server goes away the agent ends: ``PulseAgent/run()`` throws
/// ``PulseAgentError/Kind/connectionLost`` (the service group, and with it the executable, ends; the
/// systemd unit starts a new agent, which finds the server again).
@Suite("Agent on real servers: the server goes away", .serialized)
struct DisconnectionTests {
    @Test("PulseAudio (minimal): run() ends with connectionLost when the server stops")
    func serverStops() async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        let agent = try await AgentHarness(server: pulse).startAgent()
        try await withThrowingTaskGroup(of: PulseAgentError.Kind?.self) { tasks in
            tasks.addTask {
                do throws(PulseAgentError) {
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
    }
}
