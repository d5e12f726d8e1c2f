import AudioSessionContract
import AudioPolicy
import AudioSessionAgent
import AudioSessionBus
import AudioSessionTesting
import Logging
import ServiceLifecycle
import Glibc
import Testing

/// The whole agent in-process (``AgentDaemon``: pulse agent, bus service, reloader) on a private
/// PulseAudio and a private bus, driven by a real client connection and real paplay streams: what
/// the bus reports about streams matches what the agent does to them on the server.
@Suite("Agent over the bus on PulseAudio", .serialized, .timeLimit(.minutes(2)))
struct AgentOverPulseTests {
    @Test("two playback sessions over the bus: the second silences the first's stream on the server and tells it; notify-others gives it back")
    func interruptOverTheBus() async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        let bus = try await PrivateDBus.start()
        defer { bus.stop() }
        let harness = AgentHarness(server: pulse)
        try await withAgent(on: pulse, bus: bus) { app, monitor in
            let player = try await AgentClient(address: bus.address)
            defer { player.connection.close() }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await player.log.follow() }
                defer { group.cancelAll() }
                let (music, musicToken, _, musicNonce) = try await player.call(
                    "RegisterSessionWithSecret", [[String: BusVariant]().busValue]
                ).decode(String.self, String.self, String.self, String.self)
                try await player.call("SetConfiguration", [.string(music), .string("playback"), .string("default"), [String]().busValue])
                try await player.call("Activate", [.string(music)])
                let song = try harness.play("song", seconds: 30, properties: [AgentInterface.streamTokenProperty: musicToken, AgentBusAddress.clientNonceProperty: musicNonce])
                defer { song.kill() }
                _ = try await harness.waitForStream("song")
                #expect(try await harness.stream(named: "song")?.isMuted == false)

                let (podcast, podcastToken, _, podcastNonce) = try await app.call(
                    "RegisterSessionWithSecret", [[String: BusVariant]().busValue]
                ).decode(String.self, String.self, String.self, String.self)
                try await app.call("SetConfiguration", [.string(podcast), .string("playback"), .string("spoken-audio"), [String]().busValue])
                try await app.call("Activate", [.string(podcast)])
                let episode = try harness.play("episode", seconds: 30, properties: [AgentInterface.streamTokenProperty: podcastToken, AgentBusAddress.clientNonceProperty: podcastNonce])
                defer { episode.kill() }

                let began = try await player.waitForSignal("InterruptionBegan") { $0.first == .string(music) }
                #expect(began.destination == player.connection.uniqueName)
                try await waitUntil("the song is silenced on the server") { try await harness.stream(named: "song")?.isMuted == true }
                #expect(try await harness.stream(named: "episode")?.isMuted == false)

                try await app.call("Deactivate", [.string(podcast), .boolean(true)])
                let ended = try await player.waitForSignal("InterruptionEnded") { $0.first == .string(music) }
                #expect(ended.arguments == [.string(music), .boolean(true)])
                try await waitUntil("the song is heard again") { try await harness.stream(named: "song")?.isMuted == false }
                #expect(!app.log.signals.contains { $0.member.hasPrefix("Interruption") })
                _ = try await monitor.waitForSignal("SessionStateChanged") { $0.first == .string(music) && $0[1] == .string("inactive") }
            }
        }
    }

    @Test("a duck-others session over the bus: its token ties the prompt to it; music is ducked, listed, explained, announced, released")
    func duckOverTheBus() async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        let bus = try await PrivateDBus.start()
        defer { bus.stop() }
        let harness = AgentHarness(server: pulse)
        // The music is another app's: not a descendant of this process, which registers the session
        // (process ancestry would tie it to the session otherwise).
        let tone = try ToneFile.sine(frequency: 440, seconds: 60, amplitude: 0.5, in: pulse.directory, name: "music.wav")
        let detached = try await pulse.tool(
            "sh", ["-c", "paplay --property=media.role=music --property=media.name=music '\(tone)' >/dev/null 2>&1 & echo $!"])
        let musicPID = try #require(Int32(detached.split(separator: "\n").first.map(String.init) ?? ""))
        defer { kill(musicPID, SIGKILL) }
        _ = try await harness.waitForStream("music")

        try await withAgent(on: pulse, bus: bus) { app, monitor in
            let (session, token, _, nonce) = try await app.call("RegisterSessionWithSecret", [[String: BusVariant]().busValue])
                .decode(String.self, String.self, String.self, String.self)
            try await app.call(
                "SetConfiguration",
                [.string(session), .string("playback"), .string("voice-prompt"), ["duck-others"].busValue])
            try await app.call("Activate", [.string(session)])
            let prompt = try harness.play("prompt", seconds: 30, properties: [AgentInterface.streamTokenProperty: token, AgentBusAddress.clientNonceProperty: nonce])
            defer { prompt.kill() }

            let ducked: BusSignal
            do {
                ducked = try await monitor.waitForSignal("StreamStateChanged") {
                    $0[1] == .string("ducked") && $0[4] == .string("session:\(session)")
                }
            } catch {
                let streams = try await monitor.call("ListStreams")
                Issue.record("streams: \(streams)\nsignals: \(monitor.log.signals.map { "\($0.member)\($0.arguments)" })")
                throw error
            }
            let musicID = try ducked.arguments.decode(String.self, at: 0)
            #expect(try ducked.arguments.decode(Double.self, at: 2) == 0.3)
            try await harness.waitForVolume("music", 67)  // ∛0.3 of 100 % on pactl's scale

            let (rows) = try await monitor.call("ListStreams").decode([ListedStream].self)
            let musicRow = try #require(rows.first { $0.stream == musicID })
            #expect(musicRow.role == "music" && musicRow.effect == "ducked" && musicRow.level == 0.3 && musicRow.sounding)
            #expect(musicRow.session.isEmpty)
            #expect(musicRow.application == "paplay", "the name paplay sets, not its binary pacat")
            let promptRow = try #require(rows.first { $0.session == session }, "the token ties the prompt to its session")
            #expect(promptRow.direction == "playback" && promptRow.effect == "playing")

            let explanation = try await monitor.call("ExplainStream", [.string(musicID)])
            let duckedBy = try explanation.decode([DuckedBy].self, at: 5)
            #expect(duckedBy == [DuckedBy(participant: "session:\(session)", level: 0.3)])
            #expect(try explanation.decode(String.self, at: 9).contains("ducked to 0.3 by session \(session)"))

            #expect(try await app.call("GetState", [.string(session)]).decode(Bool.self, at: 4), "the music plays besides it")
            let route = try await app.call("GetCurrentRoute", [.string(session)])
            guard case .structure(let sides)? = route.values.first, sides.count == 2, case .array(_, let outputs) = sides[1],
                case .structure(let port)? = outputs.first
            else {
                Issue.record("GetCurrentRoute gave \(route)")
                return
            }
            #expect(port[1] == .string("speaker"), "the prompt plays on the speaker sink: \(port)")

            // An ambient game learns that another app's primary audio (the music) is playing.
            let game = try await app.register(applicationID: "org.example.Game")
            try await app.call("SetConfiguration", [.string(game), .string("ambient"), .string("default"), [String]().busValue])
            let hint = try await app.waitForSignal("SecondaryAudioHint") { $0.first == .string(game) }
            #expect(hint.arguments == [.string(game), .string("begin")])
            #expect(hint.destination == app.connection.uniqueName)

            try await app.call("Deactivate", [.string(session), .boolean(true)])
            _ = try await monitor.waitForSignal("StreamStateChanged") {
                $0.first == .string(musicID) && $0[1] == .string("playing")
            }
            try await harness.waitForVolume("music", 100)
            let unknown = try await monitor.refusal("ExplainStream", [.string("sink-input:999999@0")])
            #expect(unknown.name.rawValue == AgentErrorName.noSuchStream.rawValue)
        }
    }
}

extension AgentOverPulseTests {
    /// Starts the whole agent in-process on `pulse` and `bus`, runs `body` with an app's and a
    /// monitor's connection while the agent's services run, then stops it (undoing its changes).
    func withAgent(
        on pulse: PrivatePulseAudio, bus: PrivateDBus, _ body: (AgentClient, AgentClient) async throws -> Void
    ) async throws {
        let daemon = try await AgentDaemon.start(
            AgentDaemonConfiguration(
                backend: .pulse,
                policy: PolicySource(explicitFile: nil, environment: [:], shippedPolicy: DefaultPolicyFile.path),
                busAddress: bus.address, soundServer: pulse.serverAddress,
                journalDirectory: JournalDirectory(path: pulse.directory + "/agent-journal"),
                recoveryGrace: .milliseconds(300),
                logger: Logger(label: "test.agent.daemon") { _ in SwiftLogNoOpLogHandler() }))
        let app = try await AgentClient(address: bus.address)
        let monitor = try await AgentClient(address: bus.address)
        defer {
            app.connection.close()
            monitor.connection.close()
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for service in daemon.services { group.addTask { try await service.run() } }
            group.addTask { await app.log.follow() }
            group.addTask { await monitor.log.follow() }
            defer { group.cancelAll() }
            try await body(app, monitor)
        }
    }
}

/// The shipped default policy's path in the source tree.
enum DefaultPolicyFile {
    static var path: String {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/") + "/policies/default.toml"
    }
}
