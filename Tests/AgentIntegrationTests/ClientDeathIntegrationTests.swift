import AudioSessionTesting
import Foundation
import Testing

extension AgentIntegrationTests {
    /// The holder of a ducking session dies (kill -9 of `audiosessionctl run`): its bus connection
    /// goes, the agent ends the session with notify-others, and the music comes back within 1.5 s.
    @Suite("client death")
    struct ClientDeath {
        @Test("kill -9 of the run holding a ducking session: the music is back within 1.5 s", arguments: SoundSetup.allCases)
        func clientDeath(setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let scene = try await DuckedMusicScene.start(on: rig)
            defer { scene.kill() }
            let (agent, holder) = (scene.agent, scene.prompt)
            // run's paplay outlives run; it is ours to end once the test is done.
            let players = AgentRig.children(of: holder.pid)
            defer { for pid in players where ProcessStatus.isRunning(pid) { _ = Foundation.kill(pid, SIGKILL) } }
            #expect(!players.isEmpty, "run started paplay")

            holder.kill()
            #expect(await holder.waitForExit() == 128 + SIGKILL)
            try await rig.waitForUnducked("music", 80, timeout: .milliseconds(1500))
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }
    }
}
