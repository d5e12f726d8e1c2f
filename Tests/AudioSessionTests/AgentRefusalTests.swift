import AudioSession
import AudioSessionContract
import AudioSessionTesting
import Foundation
import Glibc
import Synchronization
import Testing

/// The fire-and-forget setters' failures, observable: the real agent refuses a preferred input
/// it does not know and the refusal reaches `agentRefusals` and its observer. The input is one
/// the library lists while the agent is held (SIGSTOP) and that is gone again before the agent
/// runs on, so the agent never knows it whichever it reads first, the server's events or the call.
/// The agent's echo cancellers, which the agent never offers as inputs, are not listed either.
@Suite(.serialized) struct AgentRefusalTests {
    @Test func aRefusedPreferredInputReachesTheApp() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        let agent = try await rig.startAgent()
        defer { agent.kill() }
        let session = rig.session("org.example.Recorder")
        defer { session.close() }
        try session.setCategory(.record)
        await session.waitUntilReady()
        try await session.setActive(true)

        let canceller = EchoCancellerDeviceName.prefix + "stray.source"
        _ = try await rig.server.pactl("load-module", "module-null-source", "source_name=\(canceller)")
        #expect(kill(agent.pid, SIGSTOP) == 0)
        var isHeld = true
        defer { if isHeld { kill(agent.pid, SIGCONT) } }
        let name = "passing.source"
        let module = try await rig.server.pactl("load-module", "module-null-source", "source_name=\(name)")
        let stray = try await waitForValue("the session lists the passing source") {
            session.availableInputs.first { $0.uid == name }
        }
        #expect(!session.availableInputs.contains { $0.uid == canceller }, "an agent's canceller is no input of its own")
        let refusals = session.agentRefusals
        let observed = Mutex<[AudioSession.AgentRefusal]>([])
        let observation = session.observeAgentRefusals { refusal in observed.withLock { $0.append(refusal) } }
        defer { observation.cancel() }

        try session.setPreferredInput(stray)  // the library's check passes; the agent's answer comes later
        _ = try await rig.server.pactl("unload-module", module.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(kill(agent.pid, SIGCONT) == 0)
        isHeld = false
        let refusal = try await nextEvent("the agent's refusal", from: refusals)
        #expect(refusal.request == .preferredInput)
        #expect(refusal.error.code == .noSuchPort)
        #expect(refusal.error.message.contains(name))
        try await waitUntil("the observer saw it too") { observed.withLock { $0.map(\.request) } == [.preferredInput] }

        // An input the agent knows is accepted: no refusal follows.
        try session.setPreferredInput(nil)
        let mic = try #require(session.availableInputs.first { $0.uid == "mic" })
        try session.setPreferredInput(mic)
        try session.overrideOutputAudioPort(.none)
        try await Task.sleep(for: .milliseconds(300))
        #expect(observed.withLock { $0.count } == 1)
    }
}
