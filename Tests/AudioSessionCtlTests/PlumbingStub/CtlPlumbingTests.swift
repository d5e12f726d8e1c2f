import AudioSessionBus
import AudioSessionTesting
import Foundation
import Testing

/// audiosessionctl's calls, child environment, signal forwarding and exit codes, against
/// ``PlumbingStubAgent`` (a scripted stand-in, NOT the agent) on a private bus. What the agent
/// decides is tested against the real `audiosessiond`, not here.
@Suite("audiosessionctl plumbing against a stub service (not the agent)")
struct CtlPlumbingTests {
    /// A private bus with the stub on it, and a scratch directory; both removed by `stop`.
    struct Rig {
        let bus: PrivateDBus
        let stub: PlumbingStubAgent
        var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": bus.address] }
        var directory: String { bus.directory }

        static func start(_ script: PlumbingStubAgent.Script = .init()) async throws -> Rig {
            let bus = try await PrivateDBus.start()
            do {
                return Rig(bus: bus, stub: try await PlumbingStubAgent.start(address: bus.address, script: script))
            } catch {
                bus.stop()
                throw error
            }
        }

        func stop() {
            stub.stop()
            bus.stop()
        }
    }

    @Test("run registers, configures, activates, runs CMD, deactivates with notify-others, unregisters; exits with CMD's status")
    func runLifecycle() async throws {
        let rig = try await Rig.start()
        defer { rig.stop() }
        let result = try await CtlBinary.run(
            ["run", "--category", "playback", "--mode", "spoken-audio", "--option", "duck-others", "--app-id", "org.example.Reader",
             "--", "sh", "-c", "exit 3"],
            environment: rig.environment)
        #expect(result.status == 3, "\(result.standardError)")
        let calls = rig.stub.received
        #expect(calls.map(\.method) == ["RegisterSession", "SetConfiguration", "Activate", "Deactivate", "UnregisterSession"])
        // run's token goes to CMD through the environment: a bearer token (docs/dbus-api.md, "Stream tokens").
        let properties = BusValue.dictionary(
            key: .string, value: .variant,
            [
                .string("application-id"): .variant(.string("org.example.Reader")),
                .string("stream-token-use"): .variant(.string("bearer")),
            ])
        #expect(calls.first?.arguments == [properties])
        #expect(
            calls.dropFirst().first?.arguments == [
                .string(PlumbingStubAgent.session), .string("playback"), .string("spoken-audio"),
                .array(element: .string, [.string("mix-with-others"), .string("duck-others")]),
            ])
        #expect(calls.dropFirst(3).first?.arguments == [.string(PlumbingStubAgent.session), .boolean(true)])
    }

    @Test("--no-notify-others deactivates without notify-others")
    func noNotifyOthers() async throws {
        let rig = try await Rig.start()
        defer { rig.stop() }
        let result = try await CtlBinary.run(["run", "--no-notify-others", "--", "true"], environment: rig.environment)
        #expect(result.status == 0, "\(result.standardError)")
        let deactivate = rig.stub.received.first { $0.method == "Deactivate" }
        #expect(deactivate?.arguments == [.string(PlumbingStubAgent.session), .boolean(false)])
    }

    @Test("a refused activation says why, exits 75 and never runs CMD")
    func refusedActivation() async throws {
        let why = "a call holds the audio: session 3 (rank 100, calls) outranks playback (rank 50)"
        let rig = try await Rig.start(.init(refuseActivation: why))
        defer { rig.stop() }
        let marker = rig.directory + "/ran"
        let result = try await CtlBinary.run(["run", "--", "touch", marker], environment: rig.environment)
        #expect(result.status == 75)
        #expect(result.standardError.contains("activation refused: \(why)"))
        #expect(!FileManager.default.fileExists(atPath: marker))
        #expect(rig.stub.methods() == ["RegisterSession", "SetConfiguration", "Activate", "UnregisterSession"])
    }

    @Test("CMD gets the token in PULSE_PROP and PIPEWIRE_PROPS, merged with what was there")
    func tokenEnvironment() async throws {
        let rig = try await Rig.start()
        defer { rig.stop() }
        let token = PlumbingStubAgent.token
        var environment = rig.environment
        environment["PULSE_PROP"] = "media.role=music application.name='My Player'"
        environment["PIPEWIRE_PROPS"] = "{ media.role = Music }"
        let result = try await CtlBinary.run(
            ["run", "--", "sh", "-c", "printf '%s\\n%s\\n' \"$PULSE_PROP\" \"$PIPEWIRE_PROPS\""], environment: environment)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput
                == "media.role=music application.name='My Player' audiosession.token='\(token)'\n"
                + "{ media.role = Music audiosession.token = \"\(token)\" }\n")

        let bare = try await CtlBinary.run(
            ["run", "--", "sh", "-c", "printf '%s\\n%s\\n' \"$PULSE_PROP\" \"$PIPEWIRE_PROPS\""], environment: rig.environment)
        #expect(bare.standardOutput == "audiosession.token='\(token)'\n{ audiosession.token = \"\(token)\" }\n")
    }

    @Test("run -- paplay: the sink input carries audiosession.token; run exits with paplay's status")
    func paplayIsTagged() async throws {
        let rig = try await Rig.start()
        defer { rig.stop() }
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        let tone = try ToneFile.sine(frequency: 440, seconds: 2, in: pulse.directory)
        var environment = pulse.environment
        environment.merge(rig.environment) { _, new in new }
        let run = try CtlBinary.spawn(
            ["run", "--category", "playback", "--", "paplay", tone], environment: environment, in: pulse.directory)
        let input = try await waitForValue("paplay's sink input with the session token") {
            try await pulse.sinkInput(where: "audiosession.token", is: PlumbingStubAgent.token)
        }
        #expect(input.properties["media.name"]?.contains("sine-440hz") == true, "\(input.properties)")
        #expect(await run.waitForExit() == 0, "\(run.standardError)")

        let missing = try await CtlBinary.run(["run", "--", "paplay", pulse.directory + "/no-such.wav"], environment: environment)
        #expect(missing.status == 1, "paplay's own failure status comes back: \(missing.standardError)")
        let notFound = try await CtlBinary.run(["run", "--", "no-such-command-here"], environment: environment)
        #expect(notFound.status == 127)
        #expect(notFound.standardError.contains("no-such-command-here: command not found"))
    }

    @Test("SIGTERM to run is forwarded to CMD; run exits 128+15 and still ends the session")
    func signalForwarding() async throws {
        let rig = try await Rig.start()
        defer { rig.stop() }
        let run = try CtlBinary.spawn(["run", "--", "sleep", "30"], environment: rig.environment, in: rig.directory)
        try await waitUntil("the session is activated") { rig.stub.methods().contains("Activate") }
        // The child is started right after Activate returns; wait for it before signalling.
        try await waitUntil("sleep runs under run") { Self.children(of: run.pid).contains("sleep") }
        run.terminate()
        #expect(await run.waitForExit() == 143)
        #expect(rig.stub.methods().suffix(2) == ["Deactivate", "UnregisterSession"])
    }

    @Test("the agent leaving while CMD runs: run still exits with CMD's status, with a warning")
    func agentGoneWhileRunning() async throws {
        let rig = try await Rig.start()
        defer { rig.stop() }
        let release = rig.directory + "/release"
        let run = try CtlBinary.spawn(
            ["run", "--", "sh", "-c", "while [ ! -e '\(release)' ]; do sleep 0.05; done; exit 4"],
            environment: rig.environment, in: rig.directory)
        defer { run.kill() }
        try await waitUntil("sh runs under run") { Self.children(of: run.pid).contains("sh") }
        rig.stub.stop()
        #expect(FileManager.default.createFile(atPath: release, contents: nil))
        #expect(await run.waitForExit() == 4, "\(run.standardError)")
        #expect(run.standardError.contains("warning: could not end session \(PlumbingStubAgent.session)"))
    }

    @Test("interruptions of the session are printed to standard error as they arrive")
    func interruptionsReported() async throws {
        let rig = try await Rig.start()
        defer { rig.stop() }
        let run = try CtlBinary.spawn(["run", "--", "sleep", "30"], environment: rig.environment, in: rig.directory)
        defer { run.kill() }
        try await waitUntil("sleep runs under run") { Self.children(of: run.pid).contains("sleep") }
        let owner = try Self.owner(of: rig)
        try await waitUntil("run prints the interruption") {
            try rig.stub.emit("InterruptionBegan", [.string(PlumbingStubAgent.session), .string("default")], to: owner)
            return run.standardError.contains("interruption-began session=\(PlumbingStubAgent.session) reason=default")
        }
        run.signal(SIGINT)
        #expect(await run.waitForExit() == 130)
    }

    @Test("status --json lists the agent, sessions and streams; the table shows them too")
    func status() async throws {
        let session = BusValue.structure([
            .string("7"), .string(":1.9"), .uint32(4242), .uint32(1000), .string("org.example.Player"), .string("playback"),
            .string("default"), .array(element: .string, []), .string("interrupted"),
        ])
        let stream = BusValue.structure([
            .string("42"), .string("playback"), .string("music"), .string("paplay"), .string("7"), .boolean(true),
            .string("silenced"), .double(1), .string("interruption"),
        ])
        let rig = try await Rig.start(.init(sessions: [session], streams: [stream]))
        defer { rig.stop() }
        let json = try await CtlBinary.run(["status", "--json"], environment: rig.environment)
        #expect(json.status == 0, "\(json.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let sessions = try #require(object["sessions"] as? [[String: Any]])
        #expect(sessions.first?["session"] as? String == "7")
        #expect(sessions.first?["application_id"] as? String == "org.example.Player")
        #expect(sessions.first?["activity"] as? String == "interrupted")
        #expect(sessions.first?["interrupted_by"] as? [String] == ["session:9"])
        let streams = try #require(object["streams"] as? [[String: Any]])
        #expect(streams.first?["stream"] as? String == "42")
        #expect(streams.first?["silence_cause"] as? String == "interruption")

        let table = try await CtlBinary.run(["status"], environment: rig.environment)
        #expect(table.status == 0)
        #expect(table.standardOutput.contains("org.example.Player"))
        #expect(table.standardOutput.contains("silenced (interruption)"))
    }

    @Test("explain prints the agent's summary; an unknown stream exits 64 with the agent's message")
    func explain() async throws {
        let rig = try await Rig.start()
        defer { rig.stop() }
        let result = try await CtlBinary.run(["explain", "42"], environment: rig.environment)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("silenced by session:9 (rule: interruption by rank)"))
        let json = try await CtlBinary.run(["explain", "--json", "42"], environment: rig.environment)
        #expect(json.standardOutput.contains("\"interrupted_by\":[\"session:9\"]"))
        let unknown = try await CtlBinary.run(["explain", "5"], environment: rig.environment)
        #expect(unknown.status == 64)
        #expect(unknown.standardError.contains("no stream has id 5"))
    }

    @Test("monitor --json prints one object per signal; SIGINT ends it with 0")
    func monitorUntilSignal() async throws {
        let rig = try await Rig.start()
        defer { rig.stop() }
        let monitor = try CtlBinary.spawn(["monitor", "--json"], environment: rig.environment, in: rig.directory)
        defer { monitor.kill() }
        let line = #"{"event":"session-state","session":"7","activity":"interrupted","rule":"interruption by rank calls"}"#
        try await waitUntil("monitor prints the session-state event") {
            try rig.stub.emit(
                "SessionStateChanged", [.string("7"), .string("interrupted"), .string("interruption by rank calls")])
            return monitor.standardOutput.contains(line)
        }
        try rig.stub.emit("StreamStateChanged", [.string("42"), .string("ducked"), .double(0.3), .string("duck-others"), .string("session:7")])
        try rig.stub.emit("MediaServicesLost", [])
        try await waitUntil("monitor prints the stream-state and media-services-lost events") {
            monitor.standardOutput.contains(
                #"{"event":"stream-state","stream":"42","effect":"ducked","level":0.3,"rule":"duck-others","source":"session:7"}"#)
                && monitor.standardOutput.contains(#"{"event":"media-services-lost"}"#)
        }
        for line in monitor.standardOutput.split(separator: "\n") {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "not JSON: \(line)")
        }
        monitor.signal(SIGINT)
        #expect(await monitor.waitForExit() == 0, "\(monitor.standardError)")
    }

    @Test("monitor exits 1 with a message when the agent leaves the bus")
    func monitorAgentGone() async throws {
        let rig = try await Rig.start()
        defer { rig.stop() }
        let monitor = try CtlBinary.spawn(["monitor"], environment: rig.environment, in: rig.directory)
        defer { monitor.kill() }
        try await waitUntil("monitor is listening") {
            try rig.stub.emit("MediaServicesReset", [])
            return monitor.standardOutput.contains("media-services-reset")
        }
        rig.stub.stop()
        #expect(await monitor.waitForExit() == 1)
        #expect(monitor.standardError.contains("audiosessiond left the session bus"))
    }

    /// The command names of `pid`'s children, from /proc (any thread of `pid` may have spawned them).
    static func children(of pid: Int32) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard Int32(entry) != nil,
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")"),
                let open = stat.firstIndex(of: "(")
            else { return nil }
            // stat: "PID (comm) STATE PPID ..."; comm may hold spaces, so fields count from the ")".
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 1, Int32(fields[1]) == pid else { return nil }
            return String(stat[stat.index(after: open)..<close])
        }
    }

    /// The unique name of the connection that registered the stub's session (the `run` process).
    static func owner(of rig: Rig) throws -> String {
        try #require(rig.stub.received.first { $0.method == "RegisterSession" }?.sender)
    }
}
