import AudioSessionTesting
import Foundation
import Testing

extension AgentIntegrationTests.CaptureCall {
    /// The agent under the capture-call fragment, `monitor` watching its signals, and music
    /// playing that a call would silence: where the capture-call tests start.
    struct Scene {
        let rig: AgentRig
        let agent: ChildProcess
        let monitor: ChildProcess
        let music: ChildProcess
        let song: Heard

        static func start(_ setup: SoundSetup) async throws -> Scene {
            let rig = try await AgentRig.start(setup)
            do {
                try writeFragment(in: rig)
                let agent = try await rig.startAgent(policy: nil)
                let monitor = try rig.spawnCtl(["monitor"])
                let music = try rig.play("music", try rig.tone("music", seconds: 120), role: "music")
                return Scene(rig: rig, agent: agent, monitor: monitor, music: music, song: try await Heard("music", setup: setup, in: rig))
            } catch {
                rig.stop()
                throw error
            }
        }

        /// The music's state changes the monitor printed while `action` ran. A stream that appears
        /// after it is handled after it (one connection, in order): once the monitor prints that
        /// marker's silence, the agent has seen everything `action` did.
        func musicStateChanges(during action: () async throws -> Void) async throws -> [Substring] {
            let musicID = try await agentID(ofPlayback: "music", in: rig)
            let before = monitor.standardOutput.count
            try await action()
            let marker = try rig.play("marker", try rig.tone("marker", seconds: 120), role: "music")
            defer { marker.kill() }
            let markerID = try await agentID(ofPlayback: "marker", in: rig)
            try await waitUntil("the monitor printed the marker's silence", timeout: .seconds(20)) {
                String(monitor.standardOutput.dropFirst(before)).contains("stream=\(markerID) effect=silenced")
            }
            return String(monitor.standardOutput.dropFirst(before)).split(separator: "\n")
                .filter { $0.hasPrefix("stream-state") && $0.contains("stream=\(musicID)") }
        }

        func stop() {
            song.stop()
            music.kill()
            monitor.kill()
            agent.kill()
            rig.stop()
        }
    }
}
