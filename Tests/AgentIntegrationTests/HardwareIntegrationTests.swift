import AudioSessionBus
import AudioSessionContract
import AudioSessionTesting
import Foundation
import Testing

extension AgentIntegrationTests {
    /// Hardware values and preferences through the agent (issue 19 item 5, issue 20 item 4): what
    /// `GetHardwareValues` answers is what `pactl` and `pw-metadata` show, and a preference forces
    /// PipeWire's clock only while its session is active, and comes back off when the session
    /// deactivates, its app is killed, or the agent is killed and another starts.
    @Suite("hardware values and preferences")
    struct Hardware {
        @Test("GetHardwareValues answers the server's rates, channels and buffer for the route", arguments: SoundSetup.allCases.filter { $0 != .pulseStock })
        func valuesAreTheServers(setup: SoundSetup) async throws {
            try await AgentRig.withAgentAndApp(setup) { rig, agent, app in
                let session = try await Self.session(on: app, category: "play-and-record")

                let values = try await Self.values(app, session)
                #expect(values.outputChannels == 2, "\(values)")
                #expect(values.inputChannels != nil && values.inputChannels != 0, "\(values)")
                #expect(values.preferredSampleRate == 0 && values.preferredIOBufferDuration == 0 && !values.preferencesApplied)
                if setup == .pulseMinimal {
                    let sink = try #require(try await Self.shortListing(rig, "sinks", "speaker"))
                    #expect(values.outputSampleRate == sink.rate, "pactl: \(sink), agent: \(values)")
                    #expect(values.outputLatency != nil, "\(values)")
                    #expect(values.ioBufferDuration == values.outputLatency, "\(values)")
                } else {
                    let settings = try await Self.settings(rig)
                    let rate = try #require(settings["clock.rate"].flatMap { UInt32($0) })
                    let quantum = try #require(settings["clock.quantum"].flatMap { UInt32($0) })
                    #expect(values.outputSampleRate == rate && values.inputSampleRate == rate, "settings: \(settings), agent: \(values)")
                    #expect(values.ioBufferFrames == quantum, "settings: \(settings), agent: \(values)")
                    #expect(values.ioBufferDuration == Double(quantum) / Double(rate), "\(values)")
                    // The null devices state a zero Latency on their ports, as pipewire-pulse tells pactl.
                    let stated = try await Self.statedLatencies(rig, rate: rate, quantum: quantum)
                    #expect(values.outputLatency == stated.output && values.inputLatency == stated.input, "ports: \(stated), agent: \(values)")
                }
                #expect(try await Self.call(app, "GetSecondaryAudioHint", [.string(session)]).decode(Bool.self) == false)
                #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
            }
        }

        @Test("a preference forces PipeWire's clock while its session is active and not mixable, and is written back", arguments: [SoundSetup.pipewirePulse, .pipewireNative])
        func preferenceForcesTheClockWhileActive(setup: SoundSetup) async throws {
            try await AgentRig.withAgentAndApp(setup) { rig, agent, app in
                let before = try await Self.settings(rig)
                let session = try await Self.session(on: app, category: "playback")

                try await Self.prefer(app, session, rate: 44_100, seconds: 0.01)
                #expect(try await Self.settings(rig)[Self.forceRate] == before[Self.forceRate], "nothing is forced before the session is active")
                var values = try await Self.values(app, session)
                #expect(values.preferredSampleRate == 44_100 && values.preferredIOBufferDuration == 0.01 && !values.preferencesApplied)

                _ = try await Self.call(app, "Activate", [.string(session)])
                try await waitUntil("pw-metadata shows the forced rate and quantum") {
                    let settings = try await Self.settings(rig)
                    return settings[Self.forceRate] == "44100" && settings[Self.forceQuantum] == "441"
                }
                values = try await Self.values(app, session)
                #expect(values.outputSampleRate == 44_100 && values.ioBufferFrames == 441 && values.preferencesApplied, "\(values)")

                _ = try await Self.call(app, "Deactivate", [.string(session), .boolean(true)])
                try await Self.waitForSettings(rig, before)
                values = try await Self.values(app, session)
                #expect(!values.preferencesApplied && values.preferredSampleRate == 44_100, "\(values)")
                #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
            }
        }

        @Test("a session interrupted while its preferences hold has the clock written back; the interrupter's own preference then holds")
        func interruptionWritesTheClockBack() async throws {
            try await AgentRig.withAgentAndApp(.pipewirePulse) { rig, agent, app in
                let before = try await Self.settings(rig)
                let game = try await Self.session(on: app, category: "playback")
                try await Self.prefer(app, game, rate: 44_100, seconds: 0.01)
                _ = try await Self.call(app, "Activate", [.string(game)])
                #expect(try await Self.settings(rig)[Self.forceRate] == "44100")

                let player = try await Self.session(on: app, category: "playback")
                _ = try await Self.call(app, "Activate", [.string(player)])
                let (activity, _, _, _, _) = try await Self.call(app, "GetState", [.string(game)])
                    .decode(String.self, String.self, String.self, [String].self, Bool.self)
                #expect(activity == "interrupted")
                try await Self.waitForSettings(rig, before)

                try await Self.prefer(app, player, rate: 32_000, seconds: 0)
                let settings = try await Self.settings(rig)
                #expect(settings[Self.forceRate] == "32000" && settings[Self.forceQuantum] == before[Self.forceQuantum], "\(settings)")
                _ = try await Self.call(app, "Deactivate", [.string(player), .boolean(false)])
                try await Self.waitForSettings(rig, before)
                #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
            }
        }

        @Test("an app SIGKILLed while its preferences hold leaves PipeWire's clock as it was")
        func killedAppLeavesTheClock() async throws {
            let rig = try await AgentRig.start(.pipewirePulse)
            defer { rig.stop() }
            let agent = try await rig.startAgent()
            defer { agent.kill() }
            let before = try await Self.settings(rig)
            let app = try await Self.hardwareApp(rig, rate: 32_000, seconds: 0.02)
            defer { app.kill() }
            try await waitUntil("pw-metadata shows the app's rate and quantum") {
                let settings = try await Self.settings(rig)
                return settings[Self.forceRate] == "32000" && settings[Self.forceQuantum] == "640"
            }
            app.kill()
            #expect(await app.waitForExit() == 128 + SIGKILL)
            try await Self.waitForSettings(rig, before)
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }

        @Test("an agent SIGKILLed while it forces the clock: the next agent writes the journalled values back at its start")
        func killedAgentIsRepairedByTheNext() async throws {
            let rig = try await AgentRig.start(.pipewirePulse)
            defer { rig.stop() }
            let first = try await rig.startAgent()
            defer { first.kill() }
            let before = try await Self.settings(rig)
            let app = try await Self.hardwareApp(rig, rate: 44_100, seconds: 0.005)
            defer { app.kill() }
            try await waitUntil("pw-metadata shows the app's rate") { try await Self.settings(rig)[Self.forceRate] == "44100" }
            first.kill()
            _ = await first.waitForExit()
            #expect(try await Self.settings(rig)[Self.forceRate] == "44100", "the killed agent wrote nothing back")

            let second = try await rig.startAgent()
            defer { second.kill() }
            try await Self.waitForSettings(rig, before)
            #expect(await rig.stopAgent(second) == 0, "\(second.standardError)")
        }

        @Test("bad preferences get named errors saying what is accepted; PulseAudio keeps a preference without error and applies none")
        func badPreferencesAndPulseAudio() async throws {
            try await AgentRig.withAgentAndApp(.pulseMinimal) { rig, agent, app in
                let session = try await Self.session(on: app, category: "playback")

                let refusals: [([String: BusValue], String, [String])] = [
                    (["sample-rate": .uint32(7)], "org.freedesktop.DBus.Error.InvalidArgs", ["sample-rate 7", "8000 to 384000"]),
                    (["io-buffer-duration": .double(5)], "org.freedesktop.DBus.Error.InvalidArgs", ["io-buffer-duration 5", "0.0005 to 2"]),
                    (["sample-rate": .string("fast")], "org.freedesktop.DBus.Error.InvalidArgs", ["must be a u"]),
                    (["latency": .double(0.01)], "org.audiosession.Error.UnknownName", ["latency", "sample-rate, io-buffer-duration"]),
                ]
                for (preferences, name, phrases) in refusals {
                    do {
                        _ = try await Self.call(app, "SetPreferredHardware", [.string(session), Self.wire(preferences)])
                        Issue.record("\(preferences) was accepted")
                    } catch let error as BusError {
                        #expect(error.name.rawValue == name, "\(error)")
                        for phrase in phrases { #expect(error.message.contains(phrase), "\(error)") }
                    }
                }

                try await Self.prefer(app, session, rate: 48_000, seconds: 0.005)
                _ = try await Self.call(app, "Activate", [.string(session)])
                let values = try await Self.values(app, session)
                #expect(values.preferredSampleRate == 48_000 && values.preferredIOBufferDuration == 0.005, "\(values)")
                #expect(!values.preferencesApplied, "PulseAudio's device rate is its configuration's: \(values)")
                let sink = try #require(try await Self.shortListing(rig, "sinks", "speaker"))
                #expect(values.outputSampleRate == sink.rate, "\(values)")
                #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
            }
        }

        @Test("GetSecondaryAudioHint reads true while another app's music plays, false once it stops")
        func currentHint() async throws {
            try await AgentRig.withAgentAndApp(.pulseMinimal) { rig, agent, app in
                let game = try await Self.session(on: app, category: "solo-ambient")
                #expect(try await Self.call(app, "GetSecondaryAudioHint", [.string(game)]).decode(Bool.self) == false)

                // Another app's music: detached, so that process ancestry does not make it the test's (the session's) own.
                let music = try await TokenCapabilities.detachedPaplay(
                    rig, ["--property=media.role=music", "--property=media.name=music"], try rig.tone("music", seconds: 60))
                defer { _ = Foundation.kill(music, SIGKILL) }
                try await waitUntil("the hint has begun") {
                    try await Self.call(app, "GetSecondaryAudioHint", [.string(game)]).decode(Bool.self)
                }
                _ = Foundation.kill(music, SIGKILL)
                try await waitUntil("the hint has ended") {
                    try await !Self.call(app, "GetSecondaryAudioHint", [.string(game)]).decode(Bool.self)
                }
                #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
            }
        }

        // MARK: Helpers

        static let forceRate = "clock.force-rate"
        static let forceQuantum = "clock.force-quantum"

        static func call(_ connection: BusConnection, _ method: String, _ arguments: BusArguments) async throws -> BusArguments {
            try await connection.call(
                destination: "org.audiosession.Agent", path: "/org/audiosession/Agent", interface: "org.audiosession.Agent1",
                method: method, arguments: arguments, timeout: .seconds(30))
        }

        static func wire(_ values: [String: BusValue]) -> BusValue {
            var wire: [BusValue: BusValue] = [:]
            for (key, value) in values { wire[.string(key)] = .variant(value) }
            return .dictionary(key: .string, value: .variant, wire)
        }

        /// A session registered and configured as `category` over the bus; returns its id.
        static func session(on connection: BusConnection, category: String) async throws -> String {
            let session = try await call(connection, "RegisterSession", [wire([:])]).decode(String.self, String.self).0
            _ = try await call(
                connection, "SetConfiguration", [.string(session), .string(category), .string("default"), .array(element: .string, [])])
            return session
        }

        static func prefer(_ connection: BusConnection, _ session: String, rate: UInt32, seconds: Double) async throws {
            _ = try await call(
                connection, "SetPreferredHardware",
                [.string(session), wire(["sample-rate": .uint32(rate), "io-buffer-duration": .double(seconds)])])
        }

        static func values(_ connection: BusConnection, _ session: String) async throws -> HardwareValuesReply {
            try HardwareValuesReply(arguments: try await call(connection, "GetHardwareValues", [.string(session)]))
        }

        /// `pw-metadata -n settings`: key → value of subject 0.
        static func settings(_ rig: AgentRig) async throws -> [String: String] {
            let output = try await rig.pipewire.stackTool("pw-metadata", ["-n", "settings"])
            var values: [String: String] = [:]
            for line in output.split(separator: "\n") where line.contains("id:0 key:'") {
                let parts = line.split(separator: "'")
                if parts.count >= 4 { values[String(parts[1])] = String(parts[3]) }
            }
            return values
        }

        /// The latency the ports of the speaker (input direction) and the mic (output direction)
        /// state, as the stack's own `pw-dump` shows them, in seconds at `rate` and `quantum`.
        static func statedLatencies(_ rig: AgentRig, rate: UInt32, quantum: UInt32) async throws -> (output: Double?, input: Double?) {
            // The stack's own pw-dump: this machine's 0.3.65 prints invalid JSON against 1.4.
            let dump = try await rig.pipewire.pwDump()
            let objects = try #require(try JSONSerialization.jsonObject(with: Data(dump.utf8)) as? [[String: Any]])
            func nodeID(_ name: String) -> Int? {
                objects.first { (($0["info"] as? [String: Any])?["props"] as? [String: Any])?["node.name"] as? String == name }?["id"] as? Int
            }
            func latency(node name: String, direction: String) -> Double? {
                guard let node = nodeID(name) else { return nil }
                let seconds = objects.compactMap { object -> Double? in
                    guard let info = object["info"] as? [String: Any], (info["props"] as? [String: Any])?["node.id"] as? Int == node,
                        let latencies = (info["params"] as? [String: Any])?["Latency"] as? [[String: Any]],
                        let stated = latencies.first(where: { $0["direction"] as? String == direction })
                    else { return nil }
                    let quanta = (stated["minQuantum"] as? Double) ?? 0
                    let frames = Double((stated["minRate"] as? Int) ?? 0)
                    let nanoseconds = Double((stated["minNs"] as? Int) ?? 0)
                    return (quanta * Double(quantum) + frames) / Double(rate) + nanoseconds / 1e9
                }
                return seconds.max()
            }
            return (latency(node: "speaker", direction: "Input"), latency(node: "mic", direction: "Output"))
        }

        /// Waits until the clock keys are back to `before`'s.
        static func waitForSettings(_ rig: AgentRig, _ before: [String: String]) async throws {
            try await waitUntil("pw-metadata shows the clock as it was: \(before)") {
                let settings = try await settings(rig)
                return settings[forceRate] == before[forceRate] && settings[forceQuantum] == before[forceQuantum]
            }
        }

        /// `pactl list short KIND`'s line for the device `name`: its rate and channel count.
        static func shortListing(_ rig: AgentRig, _ kind: String, _ name: String) async throws -> (rate: UInt32, channels: UInt32)? {
            let listing = try await rig.server.pactl("list", "short", kind)
            for line in listing.split(separator: "\n") {
                let fields = line.split(whereSeparator: \.isWhitespace)
                guard fields.count >= 6, fields[1] == name else { continue }
                let channels = UInt32(fields[4].dropLast(2))
                let rate = UInt32(fields[5].dropLast(2))
                if let rate, let channels { return (rate, channels) }
            }
            return nil
        }

        /// `Tests/Clients/hardware-app.c`, built with cc and pkg-config dbus-1, run as the desktop's
        /// app: once it prints `active` its session holds its preferences.
        static func hardwareApp(_ rig: AgentRig, rate: UInt32, seconds: Double) async throws -> ChildProcess {
            let binary = rig.directory + "/hardware-app"
            var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
            parts.removeLast(2)
            let source = parts.joined(separator: "/") + "/Clients/hardware-app.c"
            let flags = try await rig.server.tool("pkg-config", ["--cflags", "--libs", "dbus-1"])
            _ = try await rig.server.tool(
                "cc", ["-O2", "-Wall", "-Wextra", "-o", binary, source] + flags.split(whereSeparator: \.isWhitespace).map(String.init))
            let app = try ChildProcess([binary, String(rate), String(seconds)], environment: rig.environment, outputDirectory: rig.directory)
            try await waitUntil("the hardware app's session is active") {
                guard app.isRunning else { throw AgentRig.AgentExited(log: "hardware-app exited: \(app.standardError)") }
                return app.standardOutput.contains("active")
            }
            return app
        }
    }
}
