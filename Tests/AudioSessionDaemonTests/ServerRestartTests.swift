import AudioSessionAgent
import AudioSessionBus
import AudioSessionTesting
import Foundation
import Glibc
import Testing

/// The built `audiosessiond` outliving its sound server: the server processes are stopped by their
/// PIDs and started again on the same sockets, as when a user's server crashes or is restarted.
@Suite("audiosessiond across a sound-server restart", .serialized, .timeLimit(.minutes(4)))
struct ServerRestartTests {
    /// The servers a restart is tried on: PulseAudio (minimal, and Debian's stock configuration
    /// with the role-cork the agent takes over and the restore database), pipewire-pulse alone
    /// (PipeWire and WirePlumber keep running), and the whole PipeWire stack under the native agent.
    enum Server: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case pulseaudio = "PulseAudio (minimal)"
        case pulseaudioStock = "PulseAudio (stock)"
        case pipewirePulse = "pipewire-pulse"
        /// `--backend pipewire`; PipeWire, WirePlumber and pipewire-pulse all restart (the test's
        /// clients play through pipewire-pulse).
        case pipewireNative = "PipeWire (native agent)"

        var testDescription: String { rawValue }

        func start() async throws -> any PulseProtocolServer {
            switch self {
            case .pulseaudio: try await PrivatePulseAudio.start(.minimal)
            case .pulseaudioStock: try await PrivatePulseAudio.start(.stock)
            case .pipewirePulse, .pipewireNative: try await PrivatePipeWire.start()
            }
        }

        /// The agent's arguments and the environment it finds its server through.
        func agent(on server: any PulseProtocolServer) -> (arguments: [String], environment: [String: String]) {
            guard self == .pipewireNative else { return (["--backend", "pulse"], [:]) }
            return (["--backend", "pipewire"], ["PIPEWIRE_REMOTE": server.directory + "/runtime/pipewire-0"])
        }

        /// Stops the server the agent speaks to, and what it depends on.
        func halt(_ server: any PulseProtocolServer) async throws {
            if self == .pipewireNative, let pipewire = server as? PrivatePipeWire {
                try await pipewire.haltStack()
            } else {
                try await server.haltServerProcess()
            }
        }

        /// Starts what ``halt(_:)`` stopped again, on the same sockets.
        func resume(_ server: any PulseProtocolServer) async throws {
            if self == .pipewireNative, let pipewire = server as? PrivatePipeWire {
                try await pipewire.resumeStack()
            } else {
                try await server.resumeServerProcess()
            }
        }
    }

    /// The shipped policy ducks to 0.3 in amplitude: ∛0.3 of a stream's volume on pactl's cubic
    /// scale, 100 % → 67 %. The native agent lowers the node's Props `volume` factor to 0.3
    /// instead and pactl keeps showing 100 %.
    static let duckedPercent = 67

    @Test(
        "lost: broadcast once, Activate refused, sessions kept, agent running; reset: the active duck-others session ducks new music; SIGTERM undoes it",
        arguments: Server.allCases)
    func survivesRestart(server kind: Server) async throws {
        let server = try await kind.start()
        defer { server.stop() }
        let bus = try await PrivateDBus.start()
        defer { bus.stop() }
        let binary = try DaemonBinary()
        defer { binary.cleanUp() }
        let client = DaemonClient(connection: try BusConnection(address: bus.address))
        defer { client.connection.close() }
        let signals = SignalRecorder(try await client.connection.signals(matching: BusMatchRule(interface: AgentInterface.name)))

        let agent = kind.agent(on: server)
        let daemon = try binary.spawn(agent.arguments + ["--log-level", "debug"], bus: bus, pulse: server, extraEnvironment: agent.environment)
        defer { daemon.kill() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await signals.follow() }
            defer { group.cancelAll() }
            try await waitUntil("audiosessiond owns its name", timeout: .seconds(30)) {
                guard daemon.isRunning else { throw DaemonExited(output: daemon.standardError) }
                return await client.agentOwner() != nil
            }
            let prompt = try ToneFile.sine(frequency: 660, seconds: 120, in: binary.scratch, name: "prompt.wav")
            let song = try ToneFile.sine(frequency: 440, seconds: 120, in: binary.scratch, name: "song.wav")
            func volume(of name: String) async throws -> [Int]? {
                try await server.sinkInput(where: "media.name", is: name)?.volumePercents
            }
            /// The node's Props factor on the native setup: 1 (or no Props yet) when not ducked.
            func factor(of name: String) async throws -> Double? {
                guard let pipewire = server as? PrivatePipeWire else { return nil }
                return try await pipewire.node(where: "media.name", is: name)?.props?["volume"]?.number
            }
            func isDucked(_ name: String) async throws -> Bool {
                if kind == .pipewireNative { return try await factor(of: name).map { abs($0 - 0.3) < 0.01 } ?? false }
                return try await volume(of: name) == [Self.duckedPercent, Self.duckedPercent]
            }
            func isUnducked(_ name: String) async throws -> Bool {
                guard try await volume(of: name) == [100, 100] else { return false }
                if kind == .pipewireNative { return try await factor(of: name).map { abs($0 - 1) < 0.01 } ?? false }
                return true
            }
            func waitForDuck(of name: String) async throws {
                do {
                    try await waitUntil("\(name) is ducked", timeout: .seconds(30)) { try await isDucked(name) }
                } catch {
                    Issue.record("\(try await server.sinkInputs())\n\(daemon.standardError)")
                    throw error
                }
            }

            // Music first (an app without a session), settled before anything ducks it.
            let firstMusic = try server.spawn("paplay", ["--property=media.name=music-1", "--property=media.role=music", song])
            defer { firstMusic.kill() }
            try await waitUntil("music-1 plays at 100 %", timeout: .seconds(30)) { try await isUnducked("music-1") }
            // audiosessionctl monitor prints the agent's events. It has no "ready" line: a
            // throwaway ambient session is activated and deactivated until the monitor shows it.
            let monitor = try binary.spawnCtl(["monitor"], bus: bus, pulse: server)
            defer { monitor.kill() }
            let warmUp = try await client.configuredSession(category: "ambient")
            try await waitUntil("monitor listens", timeout: .seconds(30)) {
                guard monitor.isRunning else { throw DaemonExited(output: monitor.standardError) }
                try await client.call("Activate", [.string(warmUp.id)])
                try await client.call("Deactivate", [.string(warmUp.id), .boolean(false)])
                return monitor.standardOutput.contains("session=\(warmUp.id) ")
            }
            try await client.call("UnregisterSession", [.string(warmUp.id)])
            // A navigation app in a duck-others session that plays its prompt again whenever it
            // can (its stream dies with the server), while the gate file exists.
            let gate = binary.scratch + "/prompting"
            _ = FileManager.default.createFile(atPath: gate, contents: nil)
            let navigation = try binary.spawnCtl(
                [
                    "run", "--category", "playback", "--option", "mix-with-others", "--option", "duck-others", "--",
                    "sh", "-c", PromptLoop.script, "prompt-loop", gate, prompt,
                ], bus: bus, pulse: server)
            defer { navigation.kill() }
            try await waitForDuck(of: "music-1")
            if kind == .pipewireNative, let pipewire = server as? PrivatePipeWire {
                // WirePlumber saves the node's Props factor per role. The agent writes the music's
                // own factor back after each ramp, but the node's last step reaches WirePlumber by
                // another path and is often saved after it (seen in about one run in four): then
                // the ducked 0.3 is what WirePlumber keeps when PipeWire goes away. The test makes
                // that happen every time, through the same route-settings entry WirePlumber reads.
                // Written again until saved: the agent's own correction, 500 ms after the ramp, can
                // come after the test's.
                try await waitUntil("WirePlumber saved the ducked Music factor", timeout: .seconds(30)) {
                    if try pipewire.wirePlumberState("restore-stream")["Output/Audio:media.role:Music:volume"]?.hasPrefix("0.3") == true {
                        return true
                    }
                    _ = try await pipewire.tool(
                        "pw-metadata",
                        ["-n", "route-settings", "0", "restore.stream.Output/Audio.media.role:Music", "{ \"volume\": 0.3 }", "Spa:String:JSON"])
                    return false
                }
            }

            // The server goes away.
            let journalsBefore = Self.journals(in: binary)
            #expect(journalsBefore.count == 1, "the agent journals its server instance: \(journalsBefore)")
            try FileManager.default.removeItem(atPath: gate)
            try await kind.halt(server)
            try await waitUntil("MediaServicesLost is broadcast", timeout: .seconds(30)) { signals.count("MediaServicesLost") == 1 }
            #expect(daemon.isRunning, "the agent stays: \(daemon.standardError)")
            #expect(try await client.status().3 == false, "GetStatus: media services unavailable")
            let probe = try await client.configuredSession(category: "playback")
            let refusal = try await client.refusal("Activate", [.string(probe.id)])
            #expect(refusal?.name.rawValue == "org.audiosession.Error.MediaServicesUnavailable", "\(String(describing: refusal))")
            let route = try await client.call("GetCurrentRoute", [.string(probe.id)])
            #expect(Self.portCount(route) == 0, "no server, no route: \(route)")
            let kept = try await client.sessions().first { $0.options.contains("duck-others") }
            #expect(kept?.activity == "active", "the navigation session keeps its activity: \(String(describing: kept))")
            #expect(kept?.category == "playback")
            #expect(signals.count("MediaServicesReset") == 0)

            // The server is back on the same socket.
            try await kind.resume(server)
            try await waitUntil("MediaServicesReset is broadcast", timeout: .seconds(30)) { signals.count("MediaServicesReset") == 1 }
            #expect(try await client.status().3 == true, "GetStatus: media services available again")
            // The restarted server's devices may come after the agent reconnected (PipeWire's null
            // sinks are made once WirePlumber and pipewire-pulse run): the route follows them.
            try await waitUntil("the route names the new server's default sink", timeout: .seconds(30)) {
                Self.portCount(try await client.call("GetCurrentRoute", [.string(probe.id)])) == 1
            }
            #expect(signals.count("MediaServicesLost") == 1, "lost once")
            #expect(daemon.isRunning)
            // A restarted server is a new instance (pipewire-pulse restarted alone is not: PipeWire
            // keeps its cookie): the old instance's journal is stale, and only the new one's is kept.
            let journalsAfter = Self.journals(in: binary)
            #expect(journalsAfter.count == 1, "one journal: \(journalsAfter)")
            if kind == .pipewirePulse {
                #expect(journalsAfter == journalsBefore, "the same instance keeps its journal")
            } else {
                #expect(journalsAfter.isDisjoint(with: journalsBefore), "the old instance's journal is gone: \(journalsAfter)")
                #expect(
                    daemon.standardError.contains("discarded the journal of a server instance that no longer exists"),
                    "\(daemon.standardError)")
            }

            // A new music stream, then the navigation app's new prompt: the session, still active,
            // ducks it.
            let secondMusic = try server.spawn("paplay", ["--property=media.name=music-2", "--property=media.role=music", song])
            defer { secondMusic.kill() }
            do {
                try await waitUntil("music-2 plays at 100 %", timeout: .seconds(30)) { try await isUnducked("music-2") }
            } catch {
                Issue.record(
                    "music-2: \(String(describing: try await volume(of: "music-2"))), factor \(String(describing: try await factor(of: "music-2")))\n\((server as? PrivatePipeWire).map { (try? $0.wirePlumberState("restore-stream")) ?? [:] } ?? [:])\n\(daemon.standardError)")
                throw error
            }
            _ = FileManager.default.createFile(atPath: gate, contents: nil)
            try await waitForDuck(of: "music-2")
            if kind == .pipewireNative {
                // WirePlumber saved the ducked 0.3: the next agent writes the music's own factor
                // into route-settings as it starts (0.4 takes it), or gives music-2 its own factor.
                let log = daemon.standardError
                #expect(
                    log.contains("repairing a saved stream state the agent held when PipeWire went away")
                        || log.contains("giving a stream its own volume factor back"),
                    "the agent repaired WirePlumber's saved 0.3: \(log)")
            }

            try await waitUntil("monitor printed the reset", timeout: .seconds(30)) {
                monitor.standardOutput.contains("media-services-reset")
            }
            let printed = monitor.standardOutput.split(separator: "\n").filter { $0.hasPrefix("media-services") }
            #expect(printed == ["media-services-lost", "media-services-reset"], "\(monitor.standardOutput)")
            monitor.terminate()
            #expect(await monitor.waitForExit() == 0, "\(monitor.standardError)")

            daemon.terminate()
            #expect(await daemon.waitForExit() == 0, "\(daemon.standardError)")
            let left = (volume: try await volume(of: "music-2"), factor: try await factor(of: "music-2"))
            #expect(try await isUnducked("music-2"), "nothing is left ducked: \(String(describing: left))")
            #expect(daemon.standardError.contains("media services lost"), "\(daemon.standardError)")
            #expect(daemon.standardError.contains("media services reset"), "\(daemon.standardError)")
        }
    }
}

extension ServerRestartTests {
    /// The agent's journal files (one per server instance) in the scratch runtime directory.
    static func journals(in binary: DaemonBinary) -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: binary.scratch + "/runtime/audiosession")) ?? []
        return Set(names.filter { $0.hasPrefix("journal-") && $0.hasSuffix(".log") })
    }

    /// The number of ports, inputs and outputs, in a `GetCurrentRoute` reply; nil when malformed.
    static func portCount(_ reply: BusArguments) -> Int? {
        guard case .structure(let sides)? = reply.first, sides.count == 2,
            case .array(_, let inputs) = sides[0], case .array(_, let outputs) = sides[1]
        else { return nil }
        return inputs.count + outputs.count
    }
}
