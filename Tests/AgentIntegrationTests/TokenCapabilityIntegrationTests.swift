import AudioSessionBus
import AudioSessionTesting
import Foundation
import Testing

extension AgentIntegrationTests {
    /// Stream tokens as capabilities (issue 18, finding 3): a token read from the sound server does
    /// not let another client's stream join its session, and an ended session's token goes to
    /// nobody who cannot show its secret. With real paplay and pactl; the attacks on PulseAudio
    /// (minimal) and through pipewire-pulse, the registration on PulseAudio alone.
    @Suite("stream tokens as capabilities")
    struct TokenCapabilities {
        @Test(
            "borrow: paplay tagged with a call's token, read from pactl, is the music it declares: silent during the call",
            arguments: [SoundSetup.pulseMinimal, .pipewirePulse])
        func borrowedCallToken(setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let speaker = try await MonitorRecorder.start("speaker.monitor", in: rig.server)
            defer { speaker.stop() }
            let agent = try await rig.startAgent()
            defer { agent.kill() }
            let app = try BusConnection(address: rig.bus.address)
            defer { app.close() }

            let call = try await Self.boundSession(on: app, category: "play-and-record", mode: "voice-chat", options: [])
            let voice = try rig.server.spawn("paplay", try Self.tagged("call", call, try ToneFile.silence(seconds: 60, in: rig.directory, name: "voice.wav")))
            defer { voice.kill() }
            let token = try #require(try await rig.waitForStream("call").properties["audiosession.token"])

            let borrower = try await Self.detachedPaplay(
                rig, ["--property=media.role=music", "--property=media.name=borrower", "--property=audiosession.token=\(token)"],
                try rig.tone("borrower", seconds: 60))
            defer { kill(borrower, SIGKILL) }
            _ = try await rig.waitForStream("borrower")
            try await waitUntil("before the call is active the borrower is heard") {
                try await speaker.rms(over: .milliseconds(200)) > 0.1
            }

            _ = try await Self.call(app, "Activate", [.string(call.session)])
            try await waitUntil("during the call the borrower, music by its role, is silent on the speaker's monitor") {
                try await speaker.rms(over: .milliseconds(200)) < 0.005
            }
            // ExplainStream says why the token did not count.
            let index = try #require(try await rig.stream(named: "borrower")?.index)
            let listed = try await Self.call(app, "ListStreams", [])
            guard case .array(_, let entries)? = listed.first else {
                Issue.record("ListStreams answered \(listed)")
                return
            }
            let ids = entries.compactMap { entry -> String? in
                guard case .structure(let fields) = entry, case .string(let id)? = fields.first else { return nil }
                return id.hasPrefix("sink-input:\(index)@") ? id : nil
            }
            let id = try #require(ids.first, "ListStreams has the borrower: \(listed)")
            let summary = try await Self.call(app, "ExplainStream", [.string(id)]).decode(String.self, at: 9)
            #expect(summary.contains("session token \(token) not accepted: session \(call.session) binds its token"), "\(summary)")
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }

        @Test(
            "duck at rank: a stream of another client carrying a duck-others session's token is ducked like other music",
            arguments: [SoundSetup.pulseMinimal, .pipewirePulse])
        func borrowedDuckToken(setup: SoundSetup) async throws {
            try await AgentRig.withAgentAndApp(setup) { rig, agent, app in

                let prompter = try await Self.boundSession(
                    on: app, category: "playback", mode: "voice-prompt", options: ["mix-with-others", "duck-others"])
                let prompt = try rig.server.spawn("paplay", try Self.tagged("prompt", prompter, try rig.tone("prompt", seconds: 60, frequency: 660)))
                defer { prompt.kill() }
                let token = try #require(try await rig.waitForStream("prompt").properties["audiosession.token"])

                let borrower = try await Self.detachedPaplay(
                    rig, ["--property=media.role=music", "--property=media.name=borrower", "--property=audiosession.token=\(token)"],
                    try rig.tone("borrower", seconds: 60))
                defer { kill(borrower, SIGKILL) }
                try await rig.setVolume("borrower", 80)

                _ = try await Self.call(app, "Activate", [.string(prompter.session)])
                try await rig.waitForDucked("borrower")
                #expect(try await rig.stream(named: "prompt")?.volumePercents.allSatisfy { $0 == 100 } == true, "the prompt itself is not ducked")
                #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
            }
        }

        @Test("dead token: an ended session's token is refused to another connection without its secret; its owner gets it back with it")
        func deadToken() async throws {
            let rig = try await AgentRig.start(.pulseMinimal)
            defer { rig.stop() }
            let agent = try await rig.startAgent()
            defer { agent.kill() }

            let owner = try BusConnection(address: rig.bus.address)
            let first = try await Self.register(on: owner, [:])
            owner.close()
            try await waitUntil("the session ended with its connection") { try await rig.sessions().isEmpty }

            let stranger = try BusConnection(address: rig.bus.address)
            defer { stranger.close() }
            for (method, properties) in [
                ("RegisterSession", ["stream-token": first.token]),
                ("RegisterSessionWithSecret", ["stream-token": first.token]),
                ("RegisterSessionWithSecret", ["stream-token": first.token, "stream-token-secret": String(repeating: "0", count: 32)]),
            ] {
                do {
                    let reply = try await Self.call(stranger, method, [Self.wire(properties)])
                    Issue.record("\(method) \(properties) got \(reply)")
                } catch let error as BusError {
                    #expect(error.name.rawValue == "org.freedesktop.DBus.Error.AccessDenied", "\(error)")
                    #expect(error.message.contains("stream-token-secret"), "\(error.message)")
                }
            }

            let again = try BusConnection(address: rig.bus.address)
            defer { again.close() }
            let back = try await Self.register(on: again, ["stream-token": first.token, "stream-token-secret": first.secret])
            #expect(back.token == first.token)
            #expect(back.nonce != first.nonce, "a new client nonce each registration")
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }

        // MARK: Helpers

        struct Registration {
            let session: String
            let token: String
            let secret: String
            let nonce: String
        }

        static func wire(_ properties: [String: String]) -> BusValue {
            var wire: [BusValue: BusValue] = [:]
            for (key, value) in properties { wire[.string(key)] = .variant(.string(value)) }
            return .dictionary(key: .string, value: .variant, wire)
        }

        static func call(_ connection: BusConnection, _ method: String, _ arguments: BusArguments) async throws -> BusArguments {
            try await connection.call(
                destination: "org.audiosession.Agent", path: "/org/audiosession/Agent", interface: "org.audiosession.Agent1",
                method: method, arguments: arguments, timeout: .seconds(30))
        }

        static func register(on connection: BusConnection, _ properties: [String: String]) async throws -> Registration {
            let (session, token, secret, nonce) = try await call(connection, "RegisterSessionWithSecret", [wire(properties)])
                .decode(String.self, String.self, String.self, String.self)
            return Registration(session: session, token: token, secret: secret, nonce: nonce)
        }

        /// A session registered and configured over the bus, as a bus client (not `run`) does it.
        static func boundSession(
            on connection: BusConnection, category: String, mode: String, options: [String]
        ) async throws -> Registration {
            let registration = try await register(on: connection, [:])
            _ = try await call(
                connection, "SetConfiguration",
                [.string(registration.session), .string(category), .string(mode), .array(element: .string, options.map(BusValue.string))])
            return registration
        }

        /// paplay's arguments for the session's own stream: its token and its client nonce, which binds paplay's client.
        static func tagged(_ name: String, _ registration: Registration, _ file: String) throws -> [String] {
            [
                "--property=media.name=\(name)", "--property=audiosession.token=\(registration.token)",
                "--property=audiosession.client-nonce=\(registration.nonce)", file,
            ]
        }

        /// paplay started through a shell that exits at once, so the player descends from no process
        /// that registered a session (another app); returns its PID.
        static func detachedPaplay(_ rig: AgentRig, _ arguments: [String], _ file: String) async throws -> Int32 {
            let quoted = (arguments + [file]).map { "'\($0)'" }.joined(separator: " ")
            let output = try await rig.server.tool("sh", ["-c", "paplay \(quoted) >/dev/null 2>&1 & echo $!"])
            return try #require(Int32(output.split(separator: "\n").first.map(String.init) ?? ""))
        }
    }
}
