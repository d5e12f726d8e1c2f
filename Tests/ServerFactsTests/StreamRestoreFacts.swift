import AudioSessionTesting
import Testing

extension ServerFacts {
    /// module-stream-restore (loaded by Debian's stock default.pa) remembers a volume a client sets on a
    /// stream, per role: a level the agent sets while ducking would become the next stream's level.
    /// How `pa_ext_stream_restore_write` repairs that is pinned in StreamRestoreRepairFacts.
    @Suite("Facts: module-stream-restore saves volumes per role")
    struct StreamRestoreFacts {
        @Test("a music stream set to 30 % makes the next music stream start at 30 %, heard so; other roles keep 100 %")
        func volumeIsSavedPerRole() async throws {
            let pulse = try await PrivatePulseAudio.start(.stock)
            defer { pulse.stop() }
            let speaker = try await MonitorRecorder.start("speaker.monitor", in: pulse)
            defer { speaker.stop() }
            let tone = try ToneFile.sine(frequency: 440, seconds: 2, amplitude: 0.5, in: pulse.directory)

            let first = try pulse.spawn("paplay", ["--property=media.role=music", "--property=audiosession.probe=first", tone])
            defer { first.kill() }
            let firstStream = try await waitForValue("the first music stream") {
                try await pulse.sinkInput(where: "audiosession.probe", is: "first")
            }
            #expect(firstStream.volumePercents == [100, 100])
            _ = try await pulse.pactl("set-sink-input-volume", String(firstStream.index), "30%")
            try await waitUntil("the first stream is at 30 %") {
                try await pulse.sinkInput(where: "audiosession.probe", is: "first")?.volumePercents == [30, 30]
            }
            first.kill()
            try await waitUntil("the first stream is gone") {
                try await pulse.sinkInput(where: "audiosession.probe", is: "first") == nil
            }

            let second = try pulse.spawn("paplay", ["--property=media.role=music", "--property=audiosession.probe=second", tone])
            defer { second.kill() }
            let secondStream = try await waitForValue("the second music stream") {
                try await pulse.sinkInput(where: "audiosession.probe", is: "second")
            }
            #expect(secondStream.volumePercents == [30, 30])
            // 30 % is 0.3³ = 0.027 linear on PulseAudio's cubic scale: a 0.354-RMS tone reads ~0.0095.
            try await waitUntil("the second stream is heard") { try await speaker.rms(over: .milliseconds(100)) > 0.002 }
            let level = try await speaker.rms(over: .milliseconds(300))
            #expect(level > 0.006 && level < 0.014, "rms \(level)")
            second.kill()

            let video = try pulse.spawn("paplay", ["--property=media.role=video", "--property=audiosession.probe=video", tone])
            defer { video.kill() }
            let videoStream = try await waitForValue("the video stream") {
                try await pulse.sinkInput(where: "audiosession.probe", is: "video")
            }
            #expect(videoStream.volumePercents == [100, 100])
        }

        @Test("a client's move and mute of a music stream are saved too: the next music stream starts on that sink, muted")
        func moveAndMuteAreSavedPerRole() async throws {
            let pulse = try await PrivatePulseAudio.start(.stock)
            defer { pulse.stop() }
            _ = try await pulse.plug(.secondSpeaker)
            let secondIndex = try #require(try await pulse.sinkIndex(named: "speaker2"))
            let silence = try ToneFile.silence(seconds: 30, in: pulse.directory)

            let first = try pulse.spawn("paplay", ["--property=media.role=music", "--property=audiosession.probe=first", silence])
            defer { first.kill() }
            let firstStream = try await waitForValue("the first music stream") {
                try await pulse.sinkInput(where: "audiosession.probe", is: "first")
            }
            _ = try await pulse.pactl("move-sink-input", String(firstStream.index), "speaker2")
            _ = try await pulse.pactl("set-sink-input-mute", String(firstStream.index), "1")
            try await waitUntil("the first stream is muted on speaker2") {
                let stream = try await pulse.sinkInput(where: "audiosession.probe", is: "first")
                return stream?.sink == secondIndex && stream?.isMuted == true
            }
            first.kill()
            try await waitUntil("the first stream is gone") {
                try await pulse.sinkInput(where: "audiosession.probe", is: "first") == nil
            }

            let second = try pulse.spawn("paplay", ["--property=media.role=music", "--property=audiosession.probe=second", silence])
            defer { second.kill() }
            let secondStream = try await waitForValue("the second music stream") {
                try await pulse.sinkInput(where: "audiosession.probe", is: "second")
            }
            #expect(secondStream.sink == secondIndex)
            #expect(secondStream.isMuted)
        }
    }
}
