import AudioSessionTesting
import Foundation
import Testing

extension AgentIntegrationTests {
    /// A call silences a stream that has no media.role, and that stream ends while muted. WirePlumber
    /// keeps a role-less stream's mute under its app's name, so without a repair the app's next
    /// role-less stream would start muted long after the call: the agent with the pulse backend on
    /// pipewire-pulse must leave neither the new stream nor WirePlumber's saved state muted.
    @Suite("role-less mute on pipewire-pulse")
    struct RolelessMute {
        /// WirePlumber's restore-stream key of paplay's streams without a role.
        static let paplayKey = "Output/Audio:application.name:paplay"

        @Test("a role-less stream that ended silenced leaves the app's next stream unmuted")
        func endedWhileSilenced() async throws {
            let rig = try await AgentRig.start(.pipewirePulse)
            defer { rig.stop() }
            let agent = try await rig.startAgent()
            defer { agent.kill() }

            let first = try rig.play("first", try rig.tone("first", seconds: 60))
            defer { first.kill() }
            let stream = try await rig.waitForStream("first")
            #expect(stream.isMuted == false)

            let call = try rig.runPlaying(
                "call", try ToneFile.silence(seconds: 60, in: rig.directory, name: "call.wav"),
                ["--category", "play-and-record", "--mode", "voice-chat"])
            defer { call.kill() }
            try await waitUntil("the call silences the role-less stream", timeout: .seconds(20)) {
                try await rig.stream(named: "first")?.isMuted == true
            }
            first.kill()
            _ = await first.waitForExit()
            try await waitUntil("the silenced stream is gone", timeout: .seconds(20)) { try await rig.stream(named: "first") == nil }
            // WirePlumber has seen the mute: it saves it under the app's name.
            try await waitUntil("WirePlumber knows paplay's role-less entry", timeout: .seconds(20)) {
                try rig.pipewire.wirePlumberState("restore-stream")[Self.paplayKey + ":mute"] != nil
            }
            call.kill()
            _ = await call.waitForExit()
            try await waitUntil("the call's session ends", timeout: .seconds(20)) { try await rig.sessions().isEmpty }

            let speaker = try await MonitorRecorder.start("speaker.monitor", in: rig.server)
            defer { speaker.stop() }
            let second = try rig.play("second", try rig.tone("second", seconds: 60))
            defer { second.kill() }
            try await rig.waitUntilHeard(speaker, "the app's next role-less stream is heard on the speaker")
            let next = try await rig.waitForStream("second")
            #expect(next.isMuted == false, "the app's next role-less stream starts unmuted")
            try await waitUntil("WirePlumber keeps paplay unmuted", timeout: .seconds(20)) {
                try rig.pipewire.wirePlumberState("restore-stream")[Self.paplayKey + ":mute"] == "false"
            }
            #expect(agent.isRunning)
        }
    }
}

extension AgentIntegrationTests.RolelessMute {
    /// How many streams the race test kills: the race it guards against (WirePlumber 0.4.13 saving
    /// the agent's mute after the repair of a stream killed at once) showed in 3 of 9 such streams.
    static let killedStreams = 5

    /// The stream's repair is written once, when it ends; its journal entries go when the server
    /// answers (there was a second write 2 s later, `repairSettleDelay`). WirePlumber's saved
    /// entry is read back after each stream, before the next one could change it.
    @Test("role-less streams killed as soon as a call silenced them leave WirePlumber's entry unmuted")
    func killedAtOnce() async throws {
        let rig = try await AgentRig.start(.pipewirePulse)
        defer { rig.stop() }
        let agent = try await rig.startAgent()
        defer { agent.kill() }
        let call = try rig.runPlaying(
            "call", try ToneFile.silence(seconds: 120, in: rig.directory, name: "call.wav"),
            ["--category", "play-and-record", "--mode", "voice-chat"])
        defer { call.kill() }
        try await waitUntil("the call's session is active", timeout: .seconds(20)) { try await !rig.sessions().isEmpty }
        let tone = try rig.tone("tone", seconds: 60)
        var keptMuted: [Int] = []
        for round in 1...Self.killedStreams {
            let name = "killed-\(round)"
            let player = try rig.play(name, tone)
            defer { player.kill() }
            try await waitUntil("the call silences \(name)", timeout: .seconds(20)) { try await rig.stream(named: name)?.isMuted == true }
            player.kill()
            _ = await player.waitForExit()
            // WirePlumber writes its state file a second after a change: by now it holds the
            // repair, or the agent's mute saved after it. A mute still shown after a slow save
            // goes within the next ten seconds; one saved over the repair stays.
            try await Task.sleep(for: .seconds(3))
            if try await !Self.entryUnmutes(within: .seconds(10), on: rig) { keptMuted.append(round) }
        }
        #expect(keptMuted.isEmpty, "WirePlumber kept the agent's mute for paplay after the streams \(keptMuted) ended")
        #expect(agent.isRunning)
    }

    /// Whether WirePlumber's saved entry for paplay's role-less streams says unmuted within `limit`.
    static func entryUnmutes(within limit: Duration, on rig: AgentRig) async throws -> Bool {
        do {
            try await waitUntil("WirePlumber's paplay entry says unmuted", timeout: limit, poll: .milliseconds(200)) {
                try rig.pipewire.wirePlumberState("restore-stream")[paplayKey + ":mute"] == "false"
            }
            return true
        } catch is WaitTimeout {
            return false
        }
    }
}
