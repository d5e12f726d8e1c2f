import AudioSessionTesting
import Testing

extension ServerFacts {
    /// Debian's stock PulseAudio 16.1 corks music for a call by itself (module-role-cork, default
    /// `trigger_roles=phone cork_roles=music,video global=false`). The agent must know, or the music is
    /// silenced twice and comes back only when the server says so.
    @Suite("Facts: module-role-cork on stock PulseAudio")
    struct RoleCorkFacts {
        @Test("a phone stream mutes and request-corks a music stream until it ends; the music is heard again after")
        func phoneCorksMusic() async throws {
            let pulse = try await PrivatePulseAudio.start(.stock)
            defer { pulse.stop() }
            let speaker = try await MonitorRecorder.start("speaker.monitor", in: pulse)
            defer { speaker.stop() }
            // Long files, ended by the test: on a loaded machine a 2 s phone stream could end before it is
            // measured. The phone plays silence, so that the monitor measures only the music.
            let tone = try ToneFile.sine(frequency: 440, seconds: 30, amplitude: 0.5, in: pulse.directory)
            let silence = try ToneFile.silence(seconds: 30, in: pulse.directory)

            let music = try pulse.spawn("paplay", ["--property=media.role=music", tone])
            defer { music.kill() }
            try await waitUntil("the music is heard") { try await speaker.rms(over: .milliseconds(100)) > 0.3 }

            let phone = try pulse.spawn("paplay", ["--property=media.role=phone", silence])
            defer { phone.kill() }
            try await waitUntil("the server mutes the music") {
                try await pulse.sinkInput(where: "media.role", is: "music")?.isMuted == true
            }
            try await waitUntil("the music falls silent") { try await speaker.rms(over: .milliseconds(100)) < 0.001 }
            #expect(try await speaker.rms(over: .milliseconds(200)) < 0.001)
            #expect(phone.isRunning, "the silence was measured while the phone stream existed")
            // paplay honours the event by corking itself, which pactl then shows.
            #expect(music.standardError.contains("Got event 'request-cork'"))
            #expect(try await pulse.sinkInput(where: "media.role", is: "music")?.isCorked == true)

            // paplay ends on SIGTERM as on the end of its file: it drains and exits 0, and its stream goes.
            phone.terminate()
            #expect(await phone.waitForExit() == 0)
            try await waitUntil("the music is heard again") { try await speaker.rms(over: .milliseconds(100)) > 0.3 }
            let after = try await pulse.sinkInput(where: "media.role", is: "music")
            #expect(after?.isMuted == false)
            #expect(after?.isCorked == false)
            #expect(music.standardError.contains("Got event 'request-uncork'"))
        }
    }
}
