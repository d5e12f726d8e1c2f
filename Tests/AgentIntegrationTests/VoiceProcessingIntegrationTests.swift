import AudioSessionTesting
import Foundation
import Testing

extension AgentIntegrationTests {
    /// Voice processing on real PulseAudio: a voice-chat session's far end played to the speaker
    /// comes back on the microphone through a simulated room (``SimulatedRoom``); the canceller the
    /// agent loads removes it from the session's capture. The canceller exists only while a call is
    /// active, and nothing of it remains after the session, its app or the agent ends. On
    /// pipewire-pulse the canceller is a `pipewire` process of the agent's, not module-echo-cancel.
    @Suite("voice processing")
    struct VoiceProcessing {
        /// How much of the end of each capture is measured: the canceller has had the far end's
        /// first 20 s (silence, then speech) to converge.
        static let measuredSeconds = 10
        static let rate = 16_000

        /// The shipped policy with the canceller chosen (noise suppression off: the echo alone is measured).
        static func policy(_ canceller: String, in rig: AgentRig) throws -> String {
            var text = try String(contentsOfFile: AgentRig.shippedPolicy, encoding: .utf8)
            text = text.replacingOccurrences(of: #"canceller = "webrtc""#, with: #"canceller = "\#(canceller)""#)
            text = text.replacingOccurrences(of: "noise-suppression = true", with: "noise-suppression = false")
            let path = rig.directory + "/policy-\(canceller).toml"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }

        /// The far end: 3 s of silence, then 14 s of espeak-ng speech twice (``SimulatedRoom/farEnd(from:at:on:leadingSilenceSeconds:repeats:)``).
        static func farEnd(in rig: AgentRig, room: SimulatedRoom) async throws -> String {
            let path = rig.directory + "/speech.wav"
            let text = "The quick brown fox jumps over the lazy dog. Echo cancellation for voice chat is tested by playing "
                + "speech to the speaker and recording the room microphone. Every second counts while the filter converges "
                + "on the fixed delay of the loop back path."
            let espeak = try rig.server.spawn("espeak-ng", ["-w", path, text])
            #expect(await espeak.waitForExit() == 0)
            return try await room.farEnd(from: path, at: rig.directory + "/far-end.wav", on: rig.server)
        }

        /// The call: records the default source while the far end plays, then ends.
        static func callScript(speech: String, capture: String) -> String {
            "parec --raw --format=s16le --rate=\(rate) --channels=1 --property=media.name=call-capture > '\(capture)' & P=$!; "
                + "paplay --property=media.name=far-end '\(speech)'; kill $P; wait $P; exit 0"
        }

        /// The echo level of a raw mono s16le capture: the median of the RMS (0...1) of each of its
        /// last ``measuredSeconds`` seconds.
        ///
        /// The median, not the whole stretch: when a load spike delays the server's playback thread,
        /// module-echo-cancel pads the late reference with silence, which moves the echo in the
        /// canceller's filter, and speex takes about 3 s to learn it again (docs/voice-processing.md).
        /// One such spike in the last seconds must not decide the figure; a canceller that never
        /// converges (speex realigned every second) stays high in every second.
        static func echoLevel(_ path: String) throws -> Double {
            let levels = try secondLevels(path).suffix(measuredSeconds).sorted()
            guard !levels.isEmpty else { return 0 }
            let middle = levels.count / 2
            return levels.count.isMultiple(of: 2) ? (levels[middle - 1] + levels[middle]) / 2 : levels[middle]
        }

        /// The RMS (0...1) of each whole second of a raw mono s16le capture.
        static func secondLevels(_ path: String) throws -> [Double] {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            let samples: [Int16] = data.prefix(data.count & ~1).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
            return stride(from: 0, to: samples.count - rate + 1, by: rate).map { start in
                let sum = samples[start..<(start + rate)].reduce(0.0) { $0 + Double($1) * Double($1) }
                return (sum / Double(rate)).squareRoot() / 32768
            }
        }

        func echoCancellerModules(_ rig: AgentRig) async throws -> [String] {
            try await rig.server.pactl("list", "short", "modules").split(separator: "\n")
                .filter { $0.contains("module-echo-cancel") }.map(String.init)
        }

        /// Runs the call once in a voice-chat session under an agent with `canceller`, and returns
        /// the echo reduction in dB against the same call without the agent.
        func echoReduction(_ canceller: String, on setup: SoundSetup = .pulseMinimal) async throws -> Double {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let room = try await SimulatedRoom.build(on: rig.server, delayMilliseconds: 40)
            let speech = try await Self.farEnd(in: rig, room: room)

            // Control: the same call without the agent hears its far end back at full level.
            let control = try rig.server.spawn("sh", ["-c", Self.callScript(speech: speech, capture: rig.directory + "/control.raw")])
            #expect(await control.waitForExit() == 0, "\(control.standardError)")
            let echo = try Self.echoLevel(rig.directory + "/control.raw")
            #expect(echo > 0.01, "the simulated room carries the far end to the microphone")

            let server = rig.server.serverProcessID()
            let agent = try await rig.startAgent(policy: try Self.policy(canceller, in: rig))
            defer { agent.kill() }
            #expect(try await echoCancellerModules(rig).isEmpty, "no canceller before a call")
            #expect(try await rig.cancellerDevices().sources.isEmpty, "no canceller before a call")
            let call = try rig.spawnCtl(
                ["run", "--category", "play-and-record", "--mode", "voice-chat", "--", "sh", "-c",
                 Self.callScript(speech: speech, capture: rig.directory + "/call.raw")])
            defer { call.kill() }
            try await waitUntil("the call's capture records through the canceller", timeout: .seconds(30)) {
                let sources = try await rig.cancellerDevices().sources
                let captured = try await rig.capturesThroughCanceller("call-capture")
                return sources.count == 1 && captured
            }
            // PulseAudio runs module-echo-cancel; pipewire-pulse never does: a process of the agent's runs it.
            let processes = NativeVoiceProcessing.cancellerProcesses(rig)
            #expect(try await echoCancellerModules(rig).count == (setup == .pipewirePulse ? 0 : 1))
            #expect(processes.count == (setup == .pipewirePulse ? 1 : 0), "canceller processes: \(processes)")
            let expected = "echo-cancellation (\(setup == .pipewirePulse ? "webrtc" : canceller))"
            let processing = try await rig.sessions().compactMap { $0["input_processing"] as? String }
            #expect(processing == [expected], "status --json names the call's input processing")
            #expect(try await rig.ctl(["status"]).standardOutput.contains(expected))
            #expect(await call.waitForExit() == 0, "\(call.standardError)")
            let residual = try Self.echoLevel(rig.directory + "/call.raw")
            try await waitUntil("the canceller is gone once the call ended", timeout: .seconds(30)) {
                let modules = try await echoCancellerModules(rig)
                let sources = try await rig.cancellerDevices().sources
                return modules.isEmpty && sources.isEmpty && NativeVoiceProcessing.cancellerProcesses(rig).isEmpty
            }
            #expect(rig.server.serverProcessID() == server, "the server is the same process after the call")
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
            let reduction = 20 * log10(echo / max(residual, 1e-6))
            let seconds = try Self.secondLevels(rig.directory + "/call.raw").map { String(format: "%.4f", $0) }.joined(separator: " ")
            print("voice processing on \(setup.rawValue): \(canceller) echo \(echo) -> \(residual): \(reduction) dB; each second: \(seconds)")
            return reduction
        }

        @Test("webrtc reduces the echo in a voice-chat capture by at least 10 dB")
        func webrtcReducesEcho() async throws {
            #expect(try await echoReduction("webrtc") >= 10)
        }

        /// Debian's stock configuration, with its policy modules (role-cork, filter-apply, ...) beside the agent's canceller.
        @Test("webrtc reduces the echo by at least 10 dB on the stock PulseAudio configuration")
        func webrtcReducesEchoOnStock() async throws {
            #expect(try await echoReduction("webrtc", on: .pulseStock) >= 10)
        }

        /// Speex converges only when the module aligns once (`adjust_time=0`, EchoCancellerModule):
        /// with the module's default realignment every second it stays under 1 dB on this rig.
        @Test("speex reduces the echo in a voice-chat capture by at least 10 dB after convergence")
        func speexReducesEcho() async throws {
            #expect(try await echoReduction("speex") >= 10)
        }

        /// Reported, not asserted: pipewire-pulse runs PipeWire's WebRTC canceller whatever the method.
        @Test("pipewire-pulse runs the canceller for a voice-chat session; its echo reduction is reported")
        func pipewireFigureIsReported() async throws {
            _ = try await echoReduction("webrtc", on: .pipewirePulse)
        }

        @Test("nothing of the canceller remains after kill -9 of the app, or of the agent and a restart")
        func nothingRemains() async throws {
            let rig = try await AgentRig.start(.pulseMinimal)
            defer { rig.stop() }
            _ = try await SimulatedRoom.build(on: rig.server, delayMilliseconds: 40)
            let tone = try rig.tone("far", seconds: 120)
            let script = "parec --raw --property=media.name=call-capture > /dev/null & paplay --property=media.name=far-end '\(tone)'"
            let agent = try await rig.startAgent()
            defer { agent.kill() }

            // kill -9 of the app holding the session.
            let app = try rig.spawnCtl(["run", "--category", "play-and-record", "--mode", "voice-chat", "--", "sh", "-c", script])
            defer { app.kill() }
            try await waitUntil("a canceller is loaded for the call", timeout: .seconds(30)) {
                try await echoCancellerModules(rig).count == 1
            }
            app.kill()
            try await waitUntil("the canceller is unloaded after kill -9 of the app", timeout: .seconds(30)) {
                try await echoCancellerModules(rig).isEmpty
            }
            try await endLeftoverClients(rig)

            // An agent stopping (SIGTERM) mid-call moves the call back to the devices and unloads its canceller.
            let stopped = try rig.spawnCtl(["run", "--category", "play-and-record", "--mode", "voice-chat", "--", "sh", "-c", script])
            defer { stopped.kill() }
            try await waitUntil("a canceller is loaded for the call", timeout: .seconds(30)) {
                try await echoCancellerModules(rig).count == 1
            }
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
            #expect(try await echoCancellerModules(rig).isEmpty, "a stopped agent leaves no canceller")
            let capture = try #require(try await rig.sourceOutput(named: "call-capture"))
            let sources = try JSONSerialization.jsonObject(
                with: Data(try await rig.server.pactl("-f", "json", "list", "short", "sources").utf8)) as? [[String: Any]] ?? []
            let roommic = sources.first { $0["name"] as? String == "roommic" }
            #expect("\(capture["source"] ?? "")" == "\(roommic?["index"] ?? "none")", "the call records from the device again")
            stopped.kill()
            try await endLeftoverClients(rig)
            let killed = try await rig.startAgent()
            defer { killed.kill() }

            // kill -9 of the agent while a call is active, then the call ends and an agent starts.
            let call = try rig.spawnCtl(["run", "--category", "play-and-record", "--mode", "voice-chat", "--", "sh", "-c", script])
            defer { call.kill() }
            try await waitUntil("a canceller is loaded for the second call", timeout: .seconds(30)) {
                try await echoCancellerModules(rig).count == 1
            }
            killed.kill()
            _ = await killed.waitForExit()
            call.kill()
            try await endLeftoverClients(rig)
            #expect(try await echoCancellerModules(rig).count == 1, "a killed agent leaves its canceller loaded")
            let next = try await rig.startAgent()
            defer { next.kill() }
            try await waitUntil("the next agent unloads the canceller its predecessor left", timeout: .seconds(60)) {
                try await echoCancellerModules(rig).isEmpty
            }
            #expect(await rig.stopAgent(next) == 0, "\(next.standardError)")
        }

        @Test("a measurement session records straight from the device: no canceller")
        func measurementGetsNoCanceller() async throws {
            let rig = try await AgentRig.start(.pulseMinimal)
            defer { rig.stop() }
            _ = try await SimulatedRoom.build(on: rig.server, delayMilliseconds: 40)
            let agent = try await rig.startAgent()
            defer { agent.kill() }
            // The device's own format, so the session's capture and a plain recording get the same samples.
            let spec = try await rig.server.pactl("list", "short", "sources").split(separator: "\n")
                .first { $0.split(separator: "\t").dropFirst().first == "roommic" }?.split(separator: "\t").dropFirst(3).first ?? ""
            let parts = spec.split(separator: " ")
            try #require(parts.count == 3, "roommic's sample spec: \(spec)")
            let format = ["--raw", "--format=\(parts[0])", "--channels=\(parts[1].dropLast(2))", "--rate=\(parts[2].dropLast(2))"]
            #expect(parts[0] == "s16le", "the comparison reads 16-bit samples")
            let noise = rig.directory + "/far-noise.wav"
            let sox = try rig.server.spawn("sox", ["-n", "-r", "48000", "-c", "2", noise, "synth", "60", "pinknoise", "vol", "0.5"])
            #expect(await sox.waitForExit() == 0)
            let meterFile = rig.directory + "/meter.raw"
            let referenceFile = rig.directory + "/reference.raw"
            let reference = try rig.server.spawn(
                "sh", ["-c", "exec parec -d roommic --property=media.name=reference \(format.joined(separator: " ")) > '\(referenceFile)'"])
            defer { reference.kill() }
            let script = "parec --property=media.name=meter-capture \(format.joined(separator: " ")) > '\(meterFile)' & "
                + "paplay --property=media.name=far-end '\(noise)'"
            let meter = try rig.spawnCtl(["run", "--category", "play-and-record", "--mode", "measurement", "--", "sh", "-c", script])
            defer { meter.kill() }
            try await waitUntil("the measurement session is active with its capture", timeout: .seconds(30)) {
                let sessions = try await rig.sessions()
                return try await rig.sourceOutput(named: "meter-capture") != nil
                    && sessions.contains { ($0["mode"] as? String) == "measurement" }
            }
            let unprocessed = try #require(try await rig.sourceOutput(named: "meter-capture"))
            #expect(unprocessed["mute"] as? Bool == false)
            #expect(try await echoCancellerModules(rig).isEmpty, "no canceller for a measurement session")
            #expect(try await rig.sessions().compactMap { $0["input_processing"] as? String } == ["none"])
            let channels = Int(parts[1].dropLast(2)) ?? 2
            let rate = Int(parts[2].dropLast(2)) ?? 44_100
            try await waitUntil("both recordings hold 5 s", timeout: .seconds(30)) {
                try Self.samples(meterFile, channels: channels).count > 5 * rate && Self.samples(referenceFile, channels: channels).count > 5 * rate
            }
            // The plain recording started first: the session's capture is found in it.
            let correlation = try Self.alignedCorrelation(
                Self.samples(referenceFile, channels: channels), Self.samples(meterFile, channels: channels), rate: rate)
            print("voice processing: measurement capture vs the device, correlation \(correlation)")
            #expect(correlation >= 0.999, "the measurement capture is the device's signal")
            // (Measured before the call: the shipped policy's exclusive call silences other sessions' streams.)
            // A voice-chat call started now gets a canceller, which the measurement capture never joins.
            let call = try rig.spawnCtl(
                ["run", "--category", "play-and-record", "--mode", "voice-chat", "--option", "mix-with-others", "--", "sleep", "60"])
            defer { call.kill() }
            try await waitUntil("the call's canceller is loaded", timeout: .seconds(30)) {
                try await echoCancellerModules(rig).count == 1
            }
            let capture = try #require(try await rig.sourceOutput(named: "meter-capture"))
            let sources = try JSONSerialization.jsonObject(
                with: Data(try await rig.server.pactl("-f", "json", "list", "short", "sources").utf8)) as? [[String: Any]] ?? []
            let roommic = sources.first { $0["name"] as? String == "roommic" }
            #expect("\(capture["source"] ?? "")" == "\(roommic?["index"] ?? "none")", "the measurement capture stays on the device")
            call.terminate()
            meter.terminate()
            _ = await call.waitForExit()
            _ = await meter.waitForExit()
            try await endLeftoverClients(rig)
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }

        /// The first channel of a raw s16le recording.
        static func samples(_ path: String, channels: Int) throws -> [Double] {
            let data = (try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()
            let all: [Int16] = data.prefix(data.count & ~1).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
            return stride(from: 0, to: all.count - channels + 1, by: channels).map { Double(all[$0]) }
        }

        /// The correlation of two recordings of one device over 1 s, aligned where a 20 ms stretch of
        /// `reference` recurs in `capture`, which started earlier; 0 when it never does.
        static func alignedCorrelation(_ capture: [Double], _ reference: [Double], rate: Int) -> Double {
            // Half a second into the far end's noise, past the silence before it reached the room.
            guard let sound = reference.firstIndex(where: { abs($0) > 100 }), reference.count >= sound + rate / 2 + rate else { return 0 }
            let start = sound + rate / 2
            let probe = Array(reference[start..<(start + rate / 50)])
            guard capture.count > rate + probe.count,
                let offset = (0..<(capture.count - rate - probe.count)).first(where: { index in
                    capture[index] == probe[0] && zip(capture[index...], probe).allSatisfy { $0 == $1 }
                })
            else { return 0 }
            let a = Array(capture[offset..<(offset + rate)])
            let b = Array(reference[start..<(start + rate)])
            let meanA = a.reduce(0, +) / Double(a.count)
            let meanB = b.reduce(0, +) / Double(b.count)
            var product = 0.0, squaresA = 0.0, squaresB = 0.0
            for (x, y) in zip(a, b) {
                product += (x - meanA) * (y - meanB)
                squaresA += (x - meanA) * (x - meanA)
                squaresB += (y - meanB) * (y - meanB)
            }
            return squaresA > 0 && squaresB > 0 ? product / (squaresA * squaresB).squareRoot() : 0
        }

        /// Ends the players and recorders a killed `audiosessionctl run` left (its shell's children).
        func endLeftoverClients(_ rig: AgentRig) async throws {
            for line in try await rig.server.pactl("list", "short", "sink-inputs").split(separator: "\n") {
                if let index = line.split(separator: "\t").first, line.contains("protocol-native") {
                    _ = try? await rig.server.pactl("kill-sink-input", String(index))
                }
            }
            for line in try await rig.server.pactl("list", "short", "source-outputs").split(separator: "\n") {
                if let index = line.split(separator: "\t").first, line.contains("protocol-native") {
                    _ = try? await rig.server.pactl("kill-source-output", String(index))
                }
            }
        }
    }
}
