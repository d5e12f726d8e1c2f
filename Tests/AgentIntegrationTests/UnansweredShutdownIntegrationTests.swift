import AudioSessionTesting
import Glibc
import Testing

extension AgentIntegrationTests {
    /// A sound server that keeps its socket but stops answering (here: stopped with SIGSTOP) must
    /// not keep the agent from exiting. SIGTERM ends the agent after its bounded wait for the
    /// answers to its undo commands (`ServerSide.undoAnswerLimit`), with status 0 and the reason
    /// in its log; the journal keeps what the server did not confirm, and once the server answers
    /// again the next agent leaves the music as the user had it. Both protocols' agents shut down
    /// the same way. With the bound set to an hour, the native agent did not exit within the
    /// test's 60 s, and the pulse agent waited for libpulse's own reply time-out of each command
    /// and never said that the journal keeps them.
    @Suite("a server that stops answering")
    struct UnansweredShutdown {
        @Test(
            "SIGTERM while the server is stopped: the agent exits; the next agent leaves the music at the user's volume",
            arguments: [SoundSetup.pulseMinimal, .pipewireNative])
        func stoppedServer(setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let scene = try await DuckedMusicScene.start(on: rig)
            defer { scene.kill() }
            let (agent, prompt) = (scene.agent, scene.prompt)

            let server = try #require(Self.answeringProcess(of: rig), "the server's process")
            #expect(kill(server, SIGSTOP) == 0)
            var isStopped = true
            defer { if isStopped { kill(server, SIGCONT) } }
            agent.terminate()
            // Far longer than the agent's bound.
            let status = try? await agent.waitForExit(timeout: .seconds(60))
            #expect(kill(server, SIGCONT) == 0)
            isStopped = false
            #expect(status == 0, "the agent exits with the server stopped: \(agent.standardError.suffix(2000))")
            #expect(agent.standardError.contains("not every change could be undone; the journal keeps them"))

            prompt.terminate()
            _ = await prompt.waitForExit()
            let next = try rig.spawnAgent()
            defer { next.kill() }
            try await rig.waitForUnducked("music", 80)
            try await rig.waitUntilAnswering(next)
            #expect(await rig.stopAgent(next) == 0, "\(next.standardError)")
            try await rig.waitForUnducked("music", 80)
        }

        /// The process whose protocol the agent speaks: PulseAudio, or the PipeWire daemon for the
        /// native agent.
        static func answeringProcess(of rig: AgentRig) -> Int32? {
            if rig.setup == .pipewireNative { return (rig.server as? PrivatePipeWire)?.processID(of: "pipewire") }
            return rig.server.serverProcessID()
        }
    }
}
