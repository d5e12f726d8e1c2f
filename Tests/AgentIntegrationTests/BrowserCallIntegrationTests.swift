import AudioSessionTesting
import Foundation
import Testing

extension AgentIntegrationTests {
    /// A WebRTC call in a real browser from Debian's packages, with the shipped policy: the
    /// browser declares nothing, yet while its page holds the microphone its playback is a call.
    /// Browsers are slow to start: CI runs one test per browser on PulseAudio; with
    /// `AUDIOSESSION_BROWSER_MATRIX=1` (`scripts/browser-matrix`) every setup runs.
    @Suite("calls nobody declared: real browsers")
    struct BrowserCall {
        static var setups: [SoundSetup] {
            ProcessInfo.processInfo.environment["AUDIOSESSION_BROWSER_MATRIX"] == "1" ? SoundSetup.allCases : [.pulseMinimal]
        }

        @Test(
            "chromium: a WebRTC call silences mpv and pauses it over MPRIS, a phone stream does not silence the call, mpv plays again after the hang-up",
            .enabled(if: Browser.chromium.isInstalled, Comment(rawValue: Browser.chromium.missingMessage)),
            arguments: setups)
        func chromiumCall(setup: SoundSetup) async throws {
            try await Self.call(in: .chromium, on: setup)
        }

        @Test(
            "firefox-esr: a WebRTC call silences mpv and pauses it over MPRIS, a phone stream does not silence the call, mpv plays again after the hang-up",
            .enabled(if: Browser.firefox.isInstalled, Comment(rawValue: Browser.firefox.missingMessage)),
            arguments: setups)
        func firefoxCall(setup: SoundSetup) async throws {
            try await Self.call(in: .firefox, on: setup)
        }

        static func call(in browser: Browser, on setup: SoundSetup) async throws {
            let started = ContinuousClock.now
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let agent = try await rig.startAgent()
            defer { agent.kill() }
            let mpv = try rig.server.spawn(
                "mpv",
                [
                    "--no-config", "--script=\(MpvCall.mprisScript)", "--no-video", "--ao=pulse", "--audio-device=pulse/speaker",
                    try rig.tone("mpv-music", seconds: 300),
                ],
                extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": rig.bus.address])
            defer { mpv.kill() }
            let music = try await waitForValue("mpv plays") {
                guard mpv.isRunning else { throw AgentRig.AgentExited(log: "mpv exited: \(mpv.standardError)") }
                return try await rig.server.sinkInputs().first { $0.properties["application.name"]?.lowercased().contains("mpv") == true }
            }
            let song = try await CaptureCall.Heard(index: music.index, setup: setup, in: rig)
            defer { song.stop() }
            try await waitUntil("mpv is heard before the call") { try await song.isHeard() }

            let page = try await CallPage.serve(in: rig)
            defer { page.stop() }
            let opened = ContinuousClock.now
            let running = try BrowserProcess.start(browser, opening: page.url, in: rig)
            var failure: (any Error)?
            do {
                try await converse(in: running, page: page, song: song, setup: setup, rig: rig)
            } catch {
                failure = error
                // What the agent decided (its log is at debug level) tells a failure's cause.
                print("audiosessiond's log, the end:\n\(agent.standardError.suffix(12000))")
            }
            let survivors = await running.stop()
            #expect(survivors.isEmpty, "\(browser) processes outlived the test: \(survivors)")
            if let failure { throw failure }
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
            // CI's cost of the test (timings are reported, never asserted).
            print("browser call \(browser) on \(setup): \(ContinuousClock.now - started) in all, \(ContinuousClock.now - opened) with the browser")
        }

        /// The call itself, from the browser's first stream to its hang-up.
        private static func converse(
            in running: BrowserProcess, page: CallPage, song: CaptureCall.Heard, setup: SoundSetup, rig: AgentRig
        ) async throws {
            let browser = running.browser
            // A browser's first start (profile, GPU probing, the page) takes seconds on a loaded machine.
            try await waitUntil("\(browser) records from the microphone", timeout: .seconds(120), poll: .milliseconds(250)) {
                guard running.process.isRunning else {
                    throw AgentRig.AgentExited(log: "\(browser) exited: \(running.process.standardError.suffix(2000))")
                }
                return try await captureStream(of: browser, in: rig) != nil
            }
            // On PipeWire the stream shows before the session manager links it to a source.
            let sources = try await rig.server.pactl("list", "short", "sources").split(separator: "\n").map { $0.split(separator: "\t") }
            let microphone = try #require(sources.first { $0.count > 1 && $0[1] == "mic" }.flatMap { Int($0[0]) }, "the server has a mic")
            try await waitUntil("\(browser) records from the default source, mic", timeout: .seconds(30), poll: .milliseconds(250)) {
                try await captureStream(of: browser, in: rig)?["source"] as? Int == microphone
            }
            let playback = try await waitForValue("\(browser) plays its tone", timeout: .seconds(60), poll: .milliseconds(250)) {
                try await rig.server.sinkInputs().first { $0.properties["application.process.binary"] == browser.binary && !$0.isCorked }
            }
            let call = try await CaptureCall.Heard(index: playback.index, setup: setup, in: rig)
            defer { call.stop() }

            try await waitUntil("the browser's call silences mpv", timeout: .seconds(30)) { try await song.isSilent() }
            try await waitUntil("mpv is paused over MPRIS", timeout: .seconds(30)) { try await mprisStatus(in: rig) == "Paused" }
            // The recorder of the browser's stream has only just started: its first samples may lag.
            try await waitUntil("the browser's call itself plays", timeout: .seconds(10)) { try await call.isHeard() }
            let callID = try await agentID(ofSinkInput: playback.index, in: rig)
            let explained = try await rig.ctl(["explain", callID])
            #expect(
                explained.standardOutput.contains("counts as a call because its process captures from a microphone"),
                "\(explained.standardOutput)\(explained.standardError)")

            // A legacy phone call of equal rank starts: the shipped policy lets both calls play.
            let phone = try rig.play("phone", try ToneFile.silence(seconds: 120, in: rig.directory, name: "phone.wav"), role: "phone")
            defer { phone.kill() }
            let phoneStream = try await rig.waitForStream("phone")
            _ = try await agentID(ofSinkInput: phoneStream.index, in: rig)
            // The agent has the phone stream: what it would do to the browser is done within a
            // few hundred milliseconds; each reading below is one more chance to see it.
            for reading in 1...5 {
                #expect(try await call.isHeard(), "the phone stream silenced the browser's call (reading \(reading))")
                #expect(try await rig.stream(named: "phone")?.isMuted == false, "the phone stream is silenced (reading \(reading))")
                try await Task.sleep(for: .milliseconds(300))
            }
            #expect(try await song.isSilent(), "mpv plays during two calls")
            phone.terminate()
            _ = await phone.waitForExit()

            // The page hangs up: the microphone closes, the hold passes, mpv plays again.
            try page.hangUp()
            try await waitUntil("\(browser) closes its microphone", timeout: .seconds(30), poll: .milliseconds(250)) {
                try await captureStream(of: browser, in: rig) == nil
            }
            try await waitUntil("mpv plays again after the hang-up", timeout: .seconds(60)) { try await song.isHeard() }
            try await waitUntil("mpv reports Playing over MPRIS", timeout: .seconds(30)) { try await mprisStatus(in: rig) == "Playing" }
        }

        /// The browser's capture stream (a source output of its binary), as `pactl -f json` lists it.
        static func captureStream(of browser: Browser, in rig: AgentRig) async throws -> [String: Any]? {
            let json = try await rig.server.pactl("-f", "json", "list", "source-outputs")
            let outputs = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
            return outputs.first { ($0["properties"] as? [String: Any])?["application.process.binary"] as? String == browser.binary }
        }

        static func mprisStatus(in rig: AgentRig) async throws -> String {
            let status = try await rig.server.run(
                "playerctl", ["-p", "mpv", "status"], extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": rig.bus.address])
            return status.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// The agent's id of sink input `index`, once `status --json` lists it.
        static func agentID(ofSinkInput index: Int, in rig: AgentRig) async throws -> String {
            try await waitForValue("the agent lists sink input \(index)") {
                try await CaptureCall.streams(in: rig).compactMap { $0["stream"] as? String }.first { $0.hasPrefix("sink-input:\(index)@") }
            }
        }
    }
}
