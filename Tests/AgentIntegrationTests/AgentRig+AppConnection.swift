import AudioSessionBus
import AudioSessionTesting

extension AgentRig {
    /// Runs `body` with a rig on `setup`, the agent started on it and an app's connection to the
    /// rig's bus; the connection, the agent and the rig are ended after, whatever `body` did.
    static func withAgentAndApp(
        _ setup: SoundSetup, _ body: (AgentRig, ChildProcess, BusConnection) async throws -> Void
    ) async throws {
        let rig = try await AgentRig.start(setup)
        defer { rig.stop() }
        let agent = try await rig.startAgent()
        defer { agent.kill() }
        let app = try BusConnection(address: rig.bus.address)
        defer { app.close() }
        try await body(rig, agent, app)
    }
}
