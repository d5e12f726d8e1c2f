import AudioSessionTesting
import Foundation
import Testing

extension AgentIntegrationTests {
    /// Plug and unplug with the built agent and real clients: `audiosessionctl monitor` prints
    /// each route change with the previous and current route, the session's own `run` hears it,
    /// a legacy paplay falls back to the speaker, and mpv (MPRIS on the private bus) is paused on
    /// unplug and stays paused once the agent lets go of it.
    ///
    /// The tests read the native agent's silence from its status and the speaker's monitor, which
    /// hold whether it pauses a node or mutes it (it mutes a stream held after an unplug).
    @Suite("routes: plug and unplug")
    struct Routes {
        @Test("monitor shows route changes; mpv is paused on unplug and not resumed", arguments: [SoundSetup.pulseMinimal, .pipewirePulse, .pipewireNative])
        func plugAndUnplug(setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let long = try rig.tone("long", seconds: 60)
            let legacy = try rig.play("legacy", long)
            defer { legacy.kill() }
            let speaker = try await playsOnTheSpeaker("legacy", rig)

            let mpv = try rig.server.spawn(
                "mpv", ["--no-config", "--script=\(MpvCall.mprisScript)", "--no-video", "--ao=pulse", long],
                extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": rig.bus.address])
            defer { mpv.kill() }
            try await waitUntil("mpv plays") { try await playerStatus(rig) == "Playing" }

            // Control: without the agent, headphones plugged take nothing; moved there by hand
            // and unplugged, mpv and paplay fall back to the speaker and keep playing, unmuted.
            let control = try await rig.server.plug(.headphones)
            let controlIndex = try await waitForValue("the control headphones are listed") {
                try await rig.server.sinkIndex(named: "headphones")
            }
            #expect(try await defaultSink(rig) == "speaker")
            #expect(try await rig.stream(named: "legacy")?.sink == speaker)
            _ = try await rig.server.pactl("set-default-sink", "headphones")
            try await waitUntil("the legacy stream follows the user's default") { try await rig.stream(named: "legacy")?.sink == controlIndex }
            try await rig.server.unplug(control)
            try await waitUntil("the control headphones are gone") { try await rig.server.sinkIndex(named: "headphones") == nil }
            try await waitUntil("without the agent the legacy stream falls back to the speaker") {
                try await rig.stream(named: "legacy")?.sink == speaker
            }
            _ = try await rig.server.pactl("set-default-sink", "speaker")
            #expect(try await rig.stream(named: "legacy")?.isMuted == false)
            #expect(try await playerStatus(rig) == "Playing", "without the agent nothing pauses mpv")

            let agent = try await rig.startAgent()
            defer { agent.kill() }
            let monitor = try rig.spawnCtl(["monitor"])
            defer { monitor.kill() }
            let jsonMonitor = try rig.spawnCtl(["monitor", "--json"])
            defer { jsonMonitor.kill() }
            let session = try rig.runPlaying("session", long, ["--category", "playback", "--app-id", "org.example.Run"])
            defer { session.kill() }
            let sessionID = try await waitForValue("the run's session is active") { () -> String? in
                try await rig.sessions().first {
                    $0["application_id"] as? String == "org.example.Run" && $0["activity"] as? String == "active"
                }?["session"] as? String
            }
            // A monitor subscribes once it runs: a short ambient run, repeated until both print its
            // activation, shows they listen.
            try await waitUntil("both monitors are listening") {
                _ = try await rig.ctl(["run", "--category", "ambient", "--", "true"])
                return monitor.standardOutput.contains("activity=active")
                    && jsonMonitor.standardOutput.contains(#""activity":"active""#)
            }
            let headphones = try await rig.server.plug(.headphones)
            let headphonesIndex = try await waitForValue("the headphones are listed") { try await rig.server.sinkIndex(named: "headphones") }
            try await recordingTheAgentsSide(rig, agent, monitor: monitor) {
                try await waitUntil("monitor prints the session's new-device-available route change") {
                    monitor.standardOutput.contains(
                        "route-change session=\(sessionID) reason=new-device-available previous=out:speaker,in:- current=out:headphones,in:-")
                }
            }
            try await waitUntil("monitor --json prints it with the ports") {
                jsonMonitor.standardOutput.split(separator: "\n").contains { line in
                    line.contains(#""event":"route-change","session":"\#(sessionID)","reason":"new-device-available""#)
                        && line.contains(#""current_route":{"inputs":[],"outputs":[{"name":"Headphones","uid":"headphones","type":"headphones","channels":2}]}"#)
                }
            }
            try await waitUntil("the run hears its own route change") {
                session.standardError.contains("route-changed session=\(sessionID) reason=new-device-available previous=out:speaker,in:-")
            }
            try await waitUntil("the legacy stream follows the default to the headphones") {
                try await rig.stream(named: "legacy")?.sink == headphonesIndex
            }

            try await rig.server.unplug(headphones)
            try await recordingTheAgentsSide(rig, agent, monitor: monitor) {
                try await waitUntil("monitor prints old-device-unavailable with the headphones as the previous route") {
                    monitor.standardOutput.contains(
                        "route-change session=\(sessionID) reason=old-device-unavailable previous=out:headphones,in:- current=out:speaker,in:-")
                }
                try await waitUntil("the legacy stream is back on the speaker") { try await rig.stream(named: "legacy")?.sink == speaker }
                try await waitUntil("and silenced there (pause on unplug)", timeout: .seconds(15)) {
                    try await isLegacySilenced(rig)
                }
            }
            try await waitUntil("mpv is paused over MPRIS", timeout: .seconds(15)) { try await playerStatus(rig) == "Paused" }
            // A paused player stops its stream: the agent lets go of it without resuming it.
            try await waitUntil("the agent releases mpv's stream", timeout: .seconds(15)) {
                try await mpvStream(rig).map { $0["effect"] as? String == "playing" } ?? true
            }
            #expect(try await playerStatus(rig) == "Paused", "mpv is not resumed by accident")
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
            #expect(try await playerStatus(rig) == "Paused", "nor when the agent stops")
        }

        /// With `unplug-silence-ms` above 0 the hold on an app without the library ends by itself:
        /// the agent's deadline timer wakes the engine, which lets the stream go (unmuted, left
        /// where the server put it). Without time events it would stay muted until the player stops.
        @Test("a legacy stream silenced on unplug is released when unplug-silence-ms passes", arguments: [SoundSetup.pulseMinimal, .pipewirePulse, .pipewireNative])
        func unplugSilenceEnds(setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let policy = try policy(in: rig, unplugSilenceMilliseconds: 3_000)
            let long = try rig.tone("long", seconds: 60)
            let heard = try await MonitorRecorder.start("speaker.monitor", in: rig.server)
            defer { heard.stop() }
            let legacy = try rig.play("legacy", long)
            defer { legacy.kill() }
            let speaker = try await playsOnTheSpeaker("legacy", rig)
            try await rig.waitUntilHeard(heard, "the legacy stream is heard on the speaker")

            let agent = try await rig.startAgent(policy: policy)
            defer { agent.kill() }
            let headphones = try await rig.server.plug(.headphones)
            let headphonesIndex = try await waitForValue("the headphones are listed") { try await rig.server.sinkIndex(named: "headphones") }
            try await waitUntil("the legacy stream follows the default to the headphones") {
                try await rig.stream(named: "legacy")?.sink == headphonesIndex
            }

            try await rig.server.unplug(headphones)
            try await recordingTheAgentsSide(rig, agent) {
                try await waitUntil("the legacy stream falls back to the speaker") { try await rig.stream(named: "legacy")?.sink == speaker }
                try await waitUntil("and is silenced there (pause on unplug)", timeout: .seconds(15)) {
                    try await isLegacySilenced(rig)
                }
            }
            try await waitUntil("the speaker's monitor hears nothing while it is held", timeout: .seconds(15)) {
                try await heard.rms(over: .milliseconds(200)) < 0.005
            }
            try await waitUntil("and released once the hold's time is up", timeout: .seconds(30)) {
                try await !isLegacySilenced(rig)
            }
            try await rig.waitUntilHeard(heard, "the legacy stream is heard on the speaker again")
            #expect(try await rig.stream(named: "legacy")?.sink == speaker, "released where it fell back")
            #expect(agent.isRunning, "\(agent.standardError)")
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }

        /// The user's choice wins over a hold (issue 17, item 8): a legacy stream the user had
        /// muted is held after an unplug (the native agent mutes it too, to let its player play
        /// on), and the user unmutes it during the hold. It plays from then on, and the hold's end
        /// (`holdEnds`), or the agent's stop during the hold, leaves it unmuted: the agent puts
        /// back the user's last choice, not the mute it found.
        @Test(
            "a stream the user unmutes while it is held after an unplug stays unmuted when the hold ends, or the agent stops",
            arguments: [SoundSetup.pulseMinimal, .pipewirePulse, .pipewireNative], [true, false])
        func unmuteDuringUnplugHold(setup: SoundSetup, holdEnds: Bool) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let policy = holdEnds ? try policy(in: rig, unplugSilenceMilliseconds: 6_000) : AgentRig.shippedPolicy
            let heard = try await MonitorRecorder.start("speaker.monitor", in: rig.server)
            defer { heard.stop() }
            let speaker = try #require(try await rig.server.sinkIndex(named: "speaker"))
            let agent = try await rig.startAgent(policy: policy)
            defer { agent.kill() }
            let (legacy, headphones) = try await legacyOnHeadphones(rig, role: "music", seconds: 60)
            defer { legacy.kill() }
            let index = try #require(try await rig.stream(named: "legacy")).index
            _ = try await rig.server.pactl("set-sink-input-mute", String(index), "1")
            try await waitUntil("the user muted the legacy stream") { try await rig.stream(named: "legacy")?.isMuted == true }

            try await rig.server.unplug(headphones)
            try await recordingTheAgentsSide(rig, agent) {
                try await waitUntil("the legacy stream falls back to the speaker") { try await rig.stream(named: "legacy")?.sink == speaker }
                // The agent's own word, on every setup: the stream's mute is the user's to change.
                try await waitUntil("and is held there", timeout: .seconds(15)) { try await rig.explain("legacy").contains("silenced") }
                _ = try await rig.server.pactl("set-sink-input-mute", String(index), "0")
                try await waitUntil("the user unmuted it during the hold") { try await rig.stream(named: "legacy")?.isMuted == false }
                try await rig.waitUntilHeard(heard, "the legacy stream is heard during the hold")
                if holdEnds {
                    try await waitUntil("the hold ends", timeout: .seconds(30)) { try await !rig.explain("legacy").contains("silenced") }
                }
            }
            if holdEnds {
                // The hold's end reached the server with the status that shows it; a mute put back would show by now.
                try await Task.sleep(for: .milliseconds(500))
                #expect(try await rig.stream(named: "legacy")?.isMuted == false, "the user's unmute is kept after the hold")
            }
            // The agent's stop during the hold undid it from the journal, which kept the mute it
            // found over the user's unmute: the stream ended up muted on every setup.
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
            #expect(try await rig.stream(named: "legacy")?.isMuted == false, "the user's unmute is kept after the agent stops")
        }

        /// The soak's round 208 on the native agent (issue 18): a legacy phone paplay played on the
        /// headphones, which were unplugged while it played. Under the shipped policy
        /// (`unplug-silence-ms = 0`) only the player's stop ends the hold, so the hold must let the
        /// player run to its end: it plays out silenced where it fell back and exits, as on the
        /// pulse protocol, and nothing is left (the next stream of its role is heard, unmuted). A
        /// node Pause stalled the player for good, with the agent waiting for its stop.
        @Test("a legacy stream held on unplug plays out silenced and ends; nothing is left", arguments: [SoundSetup.pulseMinimal, .pipewirePulse, .pipewireNative])
        func heldLegacyStreamEnds(setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let agent = try await rig.startAgent()
            defer { agent.kill() }
            let speaker = try #require(try await rig.server.sinkIndex(named: "speaker"))
            let (legacy, headphones) = try await legacyOnHeadphones(rig, role: "phone", seconds: 6)
            defer { legacy.kill() }

            try await rig.server.unplug(headphones)
            try await recordingTheAgentsSide(rig, agent) {
                try await waitUntil("the legacy stream falls back to the speaker") { try await rig.stream(named: "legacy")?.sink == speaker }
                try await waitUntil("and is silenced there (pause on unplug)", timeout: .seconds(15)) {
                    try await isLegacySilenced(rig)
                }
                try await waitUntil("the legacy paplay plays out and exits", timeout: .seconds(30)) { !legacy.isRunning }
            }
            #expect(await legacy.waitForExit() == 0, "\(legacy.standardError)")
            try await waitUntil("the agent lists no stream") { try await agentStream(rig) { _ in true } == nil }

            let heard = try await MonitorRecorder.start("speaker.monitor", in: rig.server)
            defer { heard.stop() }
            let next = try rig.play("next", try rig.tone("next", seconds: 60), role: "phone")
            defer { next.kill() }
            try await expectUnmutedOnTheSpeaker("next", rig, setup)
            try await rig.waitUntilHeard(heard, "the next phone stream is heard on the speaker")
            #expect(agent.isRunning, "\(agent.standardError)")
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }

        /// The soak's seed 528120659 on the native agent: a legacy music paplay a recording silenced
        /// (the native agent pauses it) played on the headphones, which were unplugged meanwhile.
        /// When the recording ends the stream stays silenced, held after the unplug, until its
        /// player stops: the agent must let it run, muted, to its end. A node kept paused never got
        /// there, and the paplay ran for good.
        @Test(
            "a legacy stream a recording silenced when the headphones went plays out silenced after the recording and ends",
            arguments: [SoundSetup.pulseMinimal, .pipewirePulse, .pipewireNative])
        func heldUnderARecordingEnds(setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let agent = try await rig.startAgent()
            defer { agent.kill() }
            let speaker = try #require(try await rig.server.sinkIndex(named: "speaker"))
            let (legacy, headphones) = try await legacyOnHeadphones(rig, role: "music", seconds: 8)
            defer { legacy.kill() }
            let recording = ["parec", "-d", "mic", "--property=media.name=recorder", "--file-format=wav", rig.directory + "/recorded.wav"]
            let recorder = try rig.spawnCtl(["run", "--category", "record", "--"] + recording)
            defer { recorder.kill() }

            try await recordingTheAgentsSide(rig, agent) {
                try await waitUntil("the recording silences the legacy stream") { try await isLegacySilenced(rig) }
                try await rig.server.unplug(headphones)
                try await waitUntil("the legacy stream falls back to the speaker") { try await rig.stream(named: "legacy")?.sink == speaker }
                recorder.terminate()
                #expect(await recorder.waitForExit() == 0, "\(recorder.standardError)")
                try await waitUntil("still silenced, held after the unplug") { try await isLegacySilenced(rig) }
                try await waitUntil("the legacy paplay plays out and exits", timeout: .seconds(30)) { !legacy.isRunning }
            }
            #expect(await legacy.waitForExit() == 0, "\(legacy.standardError)")
            try await waitUntil("the agent lists no stream") { try await agentStream(rig) { _ in true } == nil }
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }

        /// The native agent silences a legacy stream for a call by a Pause, so the node it paused
        /// shows stopped, like a player's own pause: when the headphones it played on went during
        /// the call, the engine held nothing, and the music played on the speaker once the call
        /// ended (1 run in 10). Held, it plays out silenced where it fell back and its player
        /// exits; the speaker hears nothing of it after the call. The call outlasts the relink
        /// grace (3 s): a node the agent keeps paused where it fell back is no player's pause.
        @Test(
            "a legacy stream a call silenced when the headphones went stays silent after the call, plays out and ends",
            arguments: [SoundSetup.pulseMinimal, .pipewirePulse, .pipewireNative])
        func heldUnderACallEnds(setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let heard = try await MonitorRecorder.start("speaker.monitor", in: rig.server)
            defer { heard.stop() }
            let agent = try await rig.startAgent()
            defer { agent.kill() }
            let speaker = try #require(try await rig.server.sinkIndex(named: "speaker"))
            let (legacy, headphones) = try await legacyOnHeadphones(rig, role: "music", seconds: 12)
            defer { legacy.kill() }
            let call = rig.insideRoot(
                ["paplay", "--property=media.name=call", "--property=media.role=phone", "-d", "speaker",
                 try rig.tone("call", seconds: 5, frequency: 660)])
            let phone = try rig.server.spawn(call[0], Array(call.dropFirst()))
            defer { phone.kill() }

            try await recordingTheAgentsSide(rig, agent) {
                try await waitUntil("the call silences the legacy stream") { try await isLegacySilenced(rig) }
                try await rig.server.unplug(headphones)
                try await waitUntil("the legacy stream falls back to the speaker") { try await rig.stream(named: "legacy")?.sink == speaker }
                try await waitUntil("the call ends", timeout: .seconds(20)) { !phone.isRunning }
                #expect(await phone.waitForExit() == 0, "\(phone.standardError)")
                // The call's last block can still be on its way to the recorder (parec's 20 ms and
                // the pipe): measured at once, its tone would fail the test, never pass it wrongly.
                try await Task.sleep(for: .milliseconds(300))
                #expect(legacy.isRunning, "the music still plays while the speaker is measured")
                #expect(try await heard.rms(over: .seconds(1)) < 0.005, "the speaker hears nothing of the music after the call")
                #expect(legacy.isRunning, "the music played all through the measurement")
                #expect(try await isLegacySilenced(rig), "still silenced, held after the unplug")
                try await waitUntil("the legacy paplay plays out and exits", timeout: .seconds(30)) { !legacy.isRunning }
            }
            #expect(await legacy.waitForExit() == 0, "\(legacy.standardError)")
            try await waitUntil("the agent lists no paplay stream (the monitor's recorder is one)") {
                try await agentStream(rig) { ($0["application"] as? String)?.lowercased().contains("paplay") == true } == nil
            }
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }

        /// Headphones plugged during a call: last-in wins makes them the default and the server
        /// moves the legacy music there. The engine decided the moved stream again and dropped the
        /// call's interruption, dealt when the call began: the music played on the headphones
        /// during the call. The call is digital silence, so the headphones hear the music alone.
        /// Under the shipped policy a call is exclusive, which silences a stream that starts
        /// during it too; with `exclusive = false` only the interruption silences the music.
        /// Natively the server runs the relinked node again though the agent paused it: the
        /// Pause's mute keeps it silent (docs/routing.md).
        @Test(
            "music a call silenced stays silent on headphones plugged during the call, and plays there after it",
            arguments: zip(
                [SoundSetup.pulseMinimal, .pulseMinimal, .pipewirePulse, .pipewirePulse, .pipewireNative, .pipewireNative],
                [true, false, true, false, true, false]))
        func plugDuringACall(setup: SoundSetup, exclusiveCalls: Bool) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let policy =
                exclusiveCalls
                ? AgentRig.shippedPolicy
                : try policy(in: rig, replacing: "exclusive = true                      # a call", with: "exclusive = false                     # a call")
            let agent = try await rig.startAgent(policy: policy)
            defer { agent.kill() }
            let (music, speaker) = try await rig.musicOnSpeaker(seconds: 60)
            defer { music.kill(); speaker.stop() }
            try await rig.waitUntilHeard(speaker, "the music is heard on the speaker")
            let call = try await rig.silentCall(heardOn: speaker)
            defer { call.kill() }

            _ = try await rig.server.plug(.headphones)
            let heard = try await MonitorRecorder.start("headphones.monitor", in: rig.server)
            defer { heard.stop() }
            let index = try await waitForValue("the headphones are listed") { try await rig.server.sinkIndex(named: "headphones") }
            try await recordingTheAgentsSide(rig, agent) {
                try await waitUntil("the music follows the new default to the headphones") { try await rig.stream(named: "music")?.sink == index }
                // Up to two seconds may go before a late recorder hears anything (a null sink's block).
                let level = try await heard.rms(over: .seconds(3))
                #expect(level < 0.005, "the headphones hear nothing of the music during the call (RMS \(level))")
                #expect(call.isRunning, "the call lasted through the measurement")
                call.terminate()
                _ = await call.waitForExit()
                try await rig.waitUntilHeard(heard, "the music plays on the headphones after the call")
            }
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }

        /// The soak's seed 9001 on the native agent: a legacy stream held after an unplug (the
        /// native agent mutes it, to let the player play out), the agent killed, and a legacy
        /// phone stream started while none runs. The next agent silences the held stream for the
        /// phone at once, by a Pause, inside its recovery grace and over the dead agent's
        /// journalled mute. Once the phone stream ends the held one must be heard again, unmuted:
        /// a Pause recorded over the mute left the node muted for good, and WirePlumber saved the
        /// mute for the role's next stream.
        @Test(
            "a stream held muted after an unplug, the agent killed, a phone stream started: the next agent silences it for the phone and gives it back unmuted",
            arguments: [SoundSetup.pulseMinimal, .pipewirePulse, .pipewireNative])
        func heldStreamAcrossAnAgentCrash(setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let crashing = try await rig.startAgent()
            defer { crashing.kill() }
            let (legacy, headphones) = try await legacyOnHeadphones(rig, role: "music", seconds: 60)
            defer { legacy.kill() }
            try await rig.server.unplug(headphones)
            _ = try await playsOnTheSpeaker("legacy", rig)
            try await waitUntil("the legacy stream is held muted", timeout: .seconds(15)) {
                try await rig.stream(named: "legacy")?.isMuted == true
            }

            crashing.kill()
            #expect(await crashing.waitForExit() == 128 + SIGKILL)
            let phone = try rig.play("phone", try rig.tone("phone", seconds: 4, frequency: 660), role: "phone")
            defer { phone.kill() }
            try await waitUntil("the phone stream plays") { try await rig.stream(named: "phone").map { !$0.isCorked } == true }
            #expect(try await rig.stream(named: "legacy")?.isMuted == true, "control: nothing unmutes it without an agent")
            let next = try rig.spawnAgent()
            defer { next.kill() }
            try await rig.waitUntilAnswering(next)
            let heard = try await MonitorRecorder.start("speaker.monitor", in: rig.server)
            defer { heard.stop() }
            try await recordingTheAgentsSide(rig, next) {
                try await waitUntil("the phone stream plays out and ends", timeout: .seconds(15)) { !phone.isRunning }
                try await waitUntil("the legacy stream is unmuted once the phone stream ended", timeout: .seconds(10)) {
                    try await rig.stream(named: "legacy")?.isMuted == false
                }
                try await rig.waitUntilHeard(heard, "the legacy stream is heard on the speaker again")
            }
            legacy.kill()
            try await waitUntil("the legacy stream is gone") { try await rig.stream(named: "legacy") == nil }
            let following = try rig.play("following", try rig.tone("following", seconds: 60), role: "music")
            defer { following.kill() }
            try await expectUnmutedOnTheSpeaker("following", rig, setup)
            #expect(await rig.stopAgent(next) == 0, "\(next.standardError)")
        }

        /// A call prefers a headset: with a USB headset plugged and the user's default back on the
        /// speaker, a voice-chat session's stream plays on the headset (heard on its monitor) while
        /// a stream that is no call stays on the default; pulling the headset tells the call
        /// old-device-unavailable with the headset as the previous route, and the call falls back
        /// to the speaker. Echo cancellation is off: it has its own tests, and the native backend
        /// loads no canceller.
        @Test("a call plays on a plugged headset; unplugged, it is told and falls back", arguments: [SoundSetup.pulseMinimal, .pipewirePulse, .pipewireNative])
        func callOnHeadset(setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let comment = "# calls get an echo canceller"
            let policy = try policy(
                in: rig, replacing: "enabled = true                        \(comment)",
                with: "enabled = false                       \(comment)")
            let agent = try await rig.startAgent(policy: policy)
            defer { agent.kill() }
            let monitor = try rig.spawnCtl(["monitor"])
            defer { monitor.kill() }
            let headset = try await rig.server.plug(.usbHeadset)
            let headsetIndex = try await waitForValue("the headset is listed") { try await rig.server.sinkIndex(named: "usb_headset") }
            try await waitUntil("last-in wins makes the headset the default") { try await defaultSink(rig) == "usb_headset" }
            _ = try await rig.server.pactl("set-default-sink", "speaker")
            try await waitUntil("the user's default is the speaker again") { try await defaultSink(rig) == "speaker" }
            let speaker = try #require(try await rig.server.sinkIndex(named: "speaker"))
            let onHeadset = try await MonitorRecorder.start("usb_headset.monitor", in: rig.server)
            defer { onHeadset.stop() }

            // Music, not a second role-less paplay: the call silences it, and on pipewire-pulse
            // WirePlumber saves a mute the pulse backend gives a role-less stream under the app's
            // name (`sink-input-by-application-name:paplay`), so the call's own role-less paplay
            // would start muted (the pulse backend's restore repair does not reach WirePlumber's).
            let other = try rig.play("other", try rig.tone("other", seconds: 60), role: "music")
            defer { other.kill() }
            try await waitUntil("a stream that is no call plays on the default") { try await rig.stream(named: "other")?.sink == speaker }
            let call = try rig.runPlaying(
                "call", try rig.tone("call", seconds: 60, frequency: 660),
                ["--category", "play-and-record", "--mode", "voice-chat", "--app-id", "org.example.Call"])
            defer { call.kill() }
            let sessionID = try await waitForValue("the call's session is active") { () -> String? in
                try await rig.sessions().first {
                    $0["application_id"] as? String == "org.example.Call" && $0["activity"] as? String == "active"
                }?["session"] as? String
            }
            try await waitUntil("the call plays on the headset", timeout: .seconds(15)) {
                try await rig.stream(named: "call")?.sink == headsetIndex
            }
            do {
                try await rig.waitUntilHeard(onHeadset, "the call is heard on the headset's monitor")
            } catch {
                // What the server had then goes into the issue.
                let streams = (try? await rig.server.pactl("list", "sink-inputs")) ?? "-"
                let captures = (try? await rig.server.pactl("list", "source-outputs")) ?? "-"
                Issue.record("sink inputs:\n\(streams)\nsource outputs:\n\(captures)\nagent:\n\(agent.standardError)")
                throw error
            }
            #expect(try await rig.stream(named: "other")?.sink == speaker, "the default stays the speaker's")

            try await rig.server.unplug(headset)
            try await waitUntil("monitor prints the call's old-device-unavailable with the headset as the previous route") {
                monitor.standardOutput.contains(
                    "route-change session=\(sessionID) reason=old-device-unavailable previous=out:usb_headset,in:")
            }
            try await waitUntil("the call falls back to the speaker") { try await rig.stream(named: "call")?.sink == speaker }
            #expect(agent.isRunning, "\(agent.standardError)")
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }

        /// The shipped policy with `unplug-silence-ms` set.
        private func policy(in rig: AgentRig, unplugSilenceMilliseconds: Int) throws -> String {
            try policy(in: rig, replacing: "unplug-silence-ms = 0 ", with: "unplug-silence-ms = \(unplugSilenceMilliseconds) ")
        }

        /// The shipped policy with the text `old` replaced by `new`, written into the rig's directory.
        private func policy(in rig: AgentRig, replacing old: String, with new: String) throws -> String {
            let shipped = try String(contentsOfFile: AgentRig.shippedPolicy, encoding: .utf8)
            let changed = shipped.replacingOccurrences(of: old, with: new)
            #expect(changed != shipped, "the shipped policy has \(old)")
            let path = rig.directory + "/changed-policy.toml"
            try changed.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }

        /// Plugs the headphones and plays a legacy paplay (`media.name=legacy`) of `role` and
        /// `seconds` on them, returned once it plays there, with the headphones to unplug.
        private func legacyOnHeadphones(_ rig: AgentRig, role: String, seconds: Double) async throws -> (ChildProcess, PluggedDevice) {
            let headphones = try await rig.server.plug(.headphones)
            let headphonesIndex = try await waitForValue("the headphones are listed") { try await rig.server.sinkIndex(named: "headphones") }
            let command = rig.insideRoot(
                ["paplay", "--property=media.name=legacy", "--property=media.role=\(role)", "-d", "headphones", try rig.tone(role, seconds: seconds)])
            let legacy = try rig.server.spawn(command[0], Array(command.dropFirst()))
            do {
                try await waitUntil("the legacy \(role) stream plays on the headphones") {
                    try await rig.stream(named: "legacy").map { $0.sink == headphonesIndex && !$0.isCorked } == true
                }
            } catch {
                legacy.kill()
                throw error
            }
            return (legacy, headphones)
        }

        /// The new stream `name`, of a role whose last stream ended held muted, plays on the speaker
        /// unmuted. WirePlumber 0.5 (Debian 13's stack) saved the hold's mute and takes no repair
        /// of it: it gives the role's next stream that mute as it links it, and the agent undoes it.
        private func expectUnmutedOnTheSpeaker(_ name: String, _ rig: AgentRig, _ setup: SoundSetup) async throws {
            _ = try await playsOnTheSpeaker(name, rig)
            if SoundSetup.pipewireStackIsDebian13 && setup != .pulseMinimal {
                try await waitUntil("the agent unmutes \(name)", timeout: .seconds(5)) { try await rig.stream(named: name)?.isMuted == false }
            } else {
                #expect(try await rig.stream(named: name)?.isMuted == false, "\(name) starts unmuted")
            }
        }

        /// Waits until the stream named `name` plays on the speaker and returns the speaker's index.
        /// pipewire-pulse lists a new stream before it is linked, on no sink yet.
        private func playsOnTheSpeaker(_ name: String, _ rig: AgentRig) async throws -> Int {
            let speaker = try #require(try await rig.server.sinkIndex(named: "speaker"))
            try await waitUntil("\(name) plays on the speaker") { try await rig.stream(named: name)?.sink == speaker }
            return speaker
        }

        /// Whether the agent holds the legacy paplay silent as its setup silences: muted (pactl) on
        /// the pulse protocol; on the native backend the agent's status says it, whether it paused
        /// the node or muted it (unplugSilenceEnds also checks the speaker's monitor).
        private func isLegacySilenced(_ rig: AgentRig) async throws -> Bool {
            if rig.setup.silencesByMuting { return try await rig.stream(named: "legacy")?.isMuted == true }
            // The agent lists streams by id and app: the legacy paplay is the one without a session.
            let row = try await agentStream(rig) {
                ($0["application"] as? String)?.lowercased().contains("paplay") == true && ($0["session"] as? String ?? "").isEmpty
            }
            return row?["effect"] as? String == "silenced"
        }

        /// Runs `body`; if it fails, what the agent saw goes into the issue with the failure: its
        /// `status --json`, its log and, if given, the monitor's output. An unplug's outcome turns on
        /// the order of the server's events, which only the agent's side shows.
        private func recordingTheAgentsSide(
            _ rig: AgentRig, _ agent: ChildProcess, monitor: ChildProcess? = nil, _ body: () async throws -> Void
        ) async throws {
            do {
                try await body()
            } catch {
                let status = (try? await rig.ctl(["status", "--json"]).standardOutput) ?? "-"
                Issue.record(
                    "status --json:\n\(status)\nagent log:\n\(agent.standardError)\nmonitor:\n\(monitor?.standardOutput ?? "-")")
                throw error
            }
        }

        private func defaultSink(_ rig: AgentRig) async throws -> String {
            try await rig.server.pactl("get-default-sink").trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// mpv's row of `audiosessionctl status --json`, or nil when it has no stream.
        private func mpvStream(_ rig: AgentRig) async throws -> [String: Any]? {
            try await agentStream(rig) { ($0["application"] as? String)?.lowercased().contains("mpv") == true }
        }

        /// The first stream row of `audiosessionctl status --json` that `matches`, or nil.
        private func agentStream(_ rig: AgentRig, where matches: ([String: Any]) -> Bool) async throws -> [String: Any]? {
            let result = try await rig.ctl(["status", "--json"])
            guard let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any],
                let streams = object["streams"] as? [[String: Any]]
            else { return nil }
            return streams.first(where: matches)
        }

        private func playerStatus(_ rig: AgentRig) async throws -> String {
            let status = try await rig.server.run(
                "playerctl", ["-p", "mpv", "status"], extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": rig.bus.address])
            return status.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
}
