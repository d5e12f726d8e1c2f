import AudioSessionTesting
import Foundation
import Testing

extension AgentIntegrationTests {
    /// Real players that set no role (gst-launch, ffplay) with the shipped policy: a call
    /// silences them and they are heard again after it.
    @Suite("legacy: role-less desktop players")
    struct DesktopPlayers {
        @Test(
            "gst-launch-1.0: a phone call silences its role-less stream and it is heard again after",
            .enabled(if: DesktopPlayer.gstLaunch.isInstalled, "gst-launch-1.0 is not installed (scripts/setup installs gstreamer1.0-tools)"),
            arguments: SoundSetup.allCases)
        func gstLaunch(setup: SoundSetup) async throws {
            try await Self.callSilences(.gstLaunch, on: setup)
        }

        @Test(
            "ffplay: a phone call silences its role-less stream and it is heard again after",
            .enabled(if: DesktopPlayer.ffplay.isInstalled, "ffplay is not installed (scripts/setup installs ffmpeg)"),
            arguments: SoundSetup.allCases)
        func ffplay(setup: SoundSetup) async throws {
            try await Self.callSilences(.ffplay, on: setup)
        }

        static func callSilences(_ player: DesktopPlayer, on setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let agent = try await rig.startAgent()
            defer { agent.kill() }
            let command = player.command(playing: try rig.tone("music", seconds: 120))
            let music = try rig.server.spawn(command[0], Array(command.dropFirst()), extraEnvironment: player.environment)
            defer { music.kill() }
            // GStreamer's pulsesink opens a short-lived probe stream before the one it plays on:
            // the stream measured is the player's newest one that carries its playing stream's name.
            var song: CaptureCall.Heard?
            defer { song?.stop() }
            try await waitUntil("\(player) is heard before the call", timeout: .seconds(20)) {
                guard music.isRunning else { throw AgentRig.AgentExited(log: "\(player) exited: \(music.standardError)") }
                let streams = try await rig.server.sinkInputs().filter {
                    $0.properties["application.process.binary"] == player.binary && $0.properties["media.name"] == player.mediaName
                }
                guard let stream = streams.max(by: { $0.index < $1.index }) else { return false }
                #expect(stream.properties["media.role"] == nil, "\(player) names a role: \(stream.properties)")
                if song?.index != stream.index {
                    song?.stop()
                    song = try await CaptureCall.Heard(index: stream.index, setup: setup, in: rig)
                }
                return try await song?.isHeard() == true
            }
            let heard = try #require(song)

            let phone = try rig.play("phone", try ToneFile.silence(seconds: 60, in: rig.directory, name: "phone.wav"), role: "phone")
            defer { phone.kill() }
            try await waitUntil("the call silences \(player)", timeout: .seconds(20)) { try await heard.isSilent() }
            phone.terminate()
            _ = await phone.waitForExit()
            try await waitUntil("\(player) is heard again after the call", timeout: .seconds(20)) { try await heard.isHeard() }
            #expect(music.isRunning, "\(player) played on: \(music.standardError)")
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }
    }
}
