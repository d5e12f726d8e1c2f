import AudioSession
import AudioSessionBus
import AudioSessionContract
import AudioSessionTesting
import Foundation
import Testing

/// Routing through the real agent, seen by library sessions on a real server and bus: route
/// changes on plug and unplug, a call on the headset, default-to-speaker and the speaker override
/// on the speaker, the preferred input, and a record session without any input.
@Suite(.serialized) struct RoutingWithAgentTests {
    @Test(arguments: [SoundSetup.pulseMinimal, .pipewirePulse])
    func plugAndUnplugReachTheSessionWithThePreviousRoute(setup: SoundSetup) async throws {
        let rig = try await LibraryRig.start(setup)
        defer { rig.stop() }
        // Control: without the agent the server keeps its default when headphones come.
        let control = try await rig.server.plug(.headphones)
        _ = try await waitForValue("the control headphones are listed") { try await rig.server.sinkIndex(named: "headphones") }
        #expect(try await defaultSink(rig) == "speaker")
        try await rig.server.unplug(control)
        try await waitUntil("the control headphones are gone") { try await rig.server.sinkIndex(named: "headphones") == nil }

        let agent = try await rig.startAgent(policy: Self.shippedPolicy)
        defer { agent.kill() }
        let session = rig.session("org.example.Music")
        defer { session.close() }
        try session.setCategory(.playback)
        await session.waitUntilReady()
        try await session.setActive(true)
        let changes = session.routeChanges

        let headphones = try await rig.server.plug(.headphones)
        let plugged = try await nextEvent("new-device-available", from: changes) { $0.reason == .newDeviceAvailable }
        #expect(plugged.previousRoute.outputs.map(\.uid) == ["speaker"])
        try await waitUntil("the session's route is the headphones") {
            session.currentRoute.outputs.map(\.uid) == ["headphones"]
        }

        try await rig.server.unplug(headphones)
        let unplugged = try await nextEvent("old-device-unavailable", from: changes) { $0.reason == .oldDeviceUnavailable }
        #expect(unplugged.previousRoute.outputs.map(\.uid) == ["headphones"])
        #expect(unplugged.previousRoute.outputs.first?.portType == .headphones)
        try await waitUntil("the session's route is the speaker again") { session.currentRoute.outputs.map(\.uid) == ["speaker"] }
    }

    @Test(arguments: [SoundSetup.pulseMinimal, .pipewirePulse])
    func callsGoToTheHeadsetAndDefaultToSpeakerToTheSpeaker(setup: SoundSetup) async throws {
        let rig = try await LibraryRig.start(setup)
        defer { rig.stop() }
        let agent = try await rig.startAgent(policy: Self.shippedPolicy)
        defer { agent.kill() }
        // The harness's "speaker" has no form factor (a virtual device): a built-in speaker is plugged.
        _ = try await rig.server.plug(.secondSpeaker)
        _ = try await rig.server.plug(.usbHeadset)
        let builtIn = try await waitForValue("the built-in speaker is listed") { try await rig.server.sinkIndex(named: "speaker2") }
        let headset = try await waitForValue("the headset is listed") { try await rig.server.sinkIndex(named: "usb_headset") }
        // The user picks the virtual speaker as the default (last-in wins made it the headset).
        try await waitUntil("last-in wins makes the headset the default") { try await defaultSink(rig) == "usb_headset" }
        _ = try await rig.server.pactl("set-default-sink", "speaker")
        try await waitUntil("the user's default is the speaker") { try await defaultSink(rig) == "speaker" }
        let speaker = try #require(try await rig.server.sinkIndex(named: "speaker"))

        // Control: music (not a call) plays on the default.
        let music = rig.session("org.example.Music")
        defer { music.close() }
        try music.setCategory(.playback)
        await music.waitUntilReady()
        try await music.setActive(true)
        let musicPlayer = try play(rig, music, "music")
        defer { musicPlayer.kill() }

        let call = rig.session("org.example.Call")
        defer { call.close() }
        try call.setCategory(.playAndRecord, mode: .voiceChat)
        await call.waitUntilReady()
        try await call.setActive(true)
        let callPlayer = try play(rig, call, "call")
        defer { callPlayer.kill() }
        try await waitUntil("the call plays on the headset") { try await sink(of: "call", rig) == headset }
        try await waitUntil("the music stays on the default") { try await sink(of: "music", rig) == speaker }

        // The speaker override moves the call to the built-in speaker, and the agent says so.
        let changes = call.routeChanges
        try call.overrideOutputAudioPort(.speaker)
        let overridden = try await nextEvent("the override's route change", from: changes) { $0.reason == .override }
        #expect(overridden.previousRoute.outputs.map(\.uid) == ["usb_headset"])
        try await explainingFailure(rig, agent) {
            try await waitUntil("the call plays on the built-in speaker") { try await sink(of: "call", rig) == builtIn }
        }
        try call.overrideOutputAudioPort(.none)
        try await explainingFailure(rig, agent) {
            try await waitUntil("the call is back on the headset") { try await sink(of: "call", rig) == headset }
        }

        // default-to-speaker: another call session that asks for the speaker gets the built-in one.
        let speakerphone = rig.session("org.example.Speakerphone")
        defer { speakerphone.close() }
        try speakerphone.setCategory(.playAndRecord, mode: .voiceChat, options: [.defaultToSpeaker, .mixWithOthers])
        await speakerphone.waitUntilReady()
        try await speakerphone.setActive(true)
        let speakerphonePlayer = try play(rig, speakerphone, "speakerphone")
        defer { speakerphonePlayer.kill() }
        try await explainingFailure(rig, agent) {
            try await waitUntil("default-to-speaker plays on the built-in speaker") {
                try await sink(of: "speakerphone", rig) == builtIn
            }
        }
        #expect(try await sink(of: "music", rig) == speaker)
    }

    /// PulseAudio only: pipewire-pulse has no module-null-source to plug a second input with.
    @Test(arguments: [SoundSetup.pulseMinimal])
    func preferredInputMovesTheSessionsCapture(setup: SoundSetup) async throws {
        let rig = try await LibraryRig.start(setup)
        defer { rig.stop() }
        let agent = try await rig.startAgent(policy: Self.shippedPolicy)
        defer { agent.kill() }
        _ = try await rig.server.plug(.microphone)
        let session = rig.session("org.example.Recorder")
        defer { session.close() }
        try session.setCategory(.record)
        await session.waitUntilReady()
        try await session.setActive(true)
        let recorder = try rig.server.spawn(
            "parec", ["--property=media.name=recording", "/dev/null"],
            extraEnvironment: ["PULSE_PROP": session.pulsePropEnvironmentValue])
        defer { recorder.kill() }
        try await waitUntil("the recording reads the default input") { try await source(of: "recording", rig) == "mic" }

        let second = try await waitForValue("the session lists the second microphone") {
            session.availableInputs.first { $0.uid == "mic2" }
        }
        let changes = session.routeChanges
        try session.setPreferredInput(second)
        let change = try await nextEvent("the preferred input's route change", from: changes) { $0.reason == .override }
        #expect(change.previousRoute.inputs.map(\.uid) == ["mic"])
        try await waitUntil("the recording reads the preferred input") { try await source(of: "recording", rig) == "mic2" }
        #expect(try await rig.server.pactl("get-default-source").trimmingCharacters(in: .whitespacesAndNewlines) == "mic")
        try session.setPreferredInput(nil)
        try await waitUntil("the recording is back on the default input") { try await source(of: "recording", rig) == "mic" }
    }

    @Test(arguments: [SoundSetup.pulseMinimal, .pipewirePulse])
    func recordWithoutAnyInputHasNoSuitableRoute(setup: SoundSetup) async throws {
        let rig = try await LibraryRig.start(setup)
        defer { rig.stop() }
        try await removeMicrophone(rig)
        try await waitUntil("no input is left") {
            try await rig.server.pactl("list", "short", "sources").split(separator: "\n").allSatisfy { $0.contains(".monitor") }
        }
        let agent = try await rig.startAgent(policy: Self.shippedPolicy)
        defer { agent.kill() }
        let session = rig.session("org.example.Recorder")
        defer { session.close() }
        try session.setCategory(.record)
        await session.waitUntilReady()
        let changes = session.routeChanges
        try await session.setActive(true)
        let change = try await nextEvent("no-suitable-route-for-category", from: changes)
        #expect(change.reason == .noSuitableRouteForCategory)
        #expect(session.currentRoute.inputs.isEmpty)
    }

    @Test func strangersCannotRouteAnotherConnectionsSession() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        let agent = try await rig.startAgent(policy: Self.shippedPolicy)
        defer { agent.kill() }
        let session = rig.session("org.example.Call")
        defer { session.close() }
        try session.setCategory(.playAndRecord, mode: .voiceChat)
        await session.waitUntilReady()
        let id = try #require(session.agentSessionID)
        for (method, arguments) in [
            ("OverrideOutputPort", [BusValue.string(id), .string("speaker")]),
            ("SetPreferredInput", [.string(id), .string("mic")]),
        ] {
            let error = await #expect(throws: BusError.self) { try await agentCall(rig, method, BusArguments(arguments)) }
            #expect(error?.name.rawValue == AgentErrorName.accessDenied.rawValue, "\(method)")
        }
    }

    @Test func badValuesAreRefusedWithWhatIsAccepted() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        let agent = try await rig.startAgent(policy: Self.shippedPolicy)
        defer { agent.kill() }
        // The test's own connection registers a session, as any bus client does.
        let registered = try await agentCall(rig, "RegisterSession", [.dictionary(key: .string, value: .variant, [:])])
        let id = try registered.decode(String.self, at: 0)
        _ = try await agentCall(rig, "SetConfiguration", [.string(id), .string("record"), .string("default"), .array(element: .string, [])])

        let unknown = await #expect(throws: BusError.self) {
            try await agentCall(rig, "OverrideOutputPort", [.string(id), .string("loud")])
        }
        #expect(unknown?.name.rawValue == AgentErrorName.unknownName.rawValue)
        #expect(unknown?.message.contains("accepted: none, speaker") == true, "\(unknown?.message ?? "")")

        let missing = await #expect(throws: BusError.self) {
            try await agentCall(rig, "SetPreferredInput", [.string(id), .string("gone")])
        }
        #expect(missing?.name.rawValue == AgentErrorName.noSuchPort.rawValue)
        #expect(missing?.message.contains("available inputs: mic") == true, "\(missing?.message ?? "")")

        // Accepted values change nothing for an inactive session; GetCurrentRoute is the engine's route.
        _ = try await agentCall(rig, "SetPreferredInput", [.string(id), .string("mic")])
        _ = try await agentCall(rig, "SetPreferredInput", [.string(id), .string("")])
        _ = try await agentCall(rig, "OverrideOutputPort", [.string(id), .string("none")])
        let route = try await agentCall(rig, "GetCurrentRoute", [.string(id)])
        let decoded = try #require(RouteWireFormat.route(from: route[0]))
        #expect(decoded.inputs.map(\.uid) == ["mic"])
        #expect(decoded.outputs.isEmpty, "record plays nothing")
    }

    // MARK: Helpers

    private func defaultSink(_ rig: LibraryRig) async throws -> String {
        try await rig.server.pactl("get-default-sink").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// paplay of a long silent file, tagged with `session`'s stream properties, named `name`.
    private func play(_ rig: LibraryRig, _ session: AudioSession, _ name: String) throws -> ChildProcess {
        let file = try ToneFile.silence(seconds: 60, in: rig.directory, name: "\(name).wav")
        return try rig.server.spawn(
            "paplay", ["--property=media.name=\(name)", file], extraEnvironment: ["PULSE_PROP": session.pulsePropEnvironmentValue])
    }

    /// The shipped policy: voice processing on, so every route change of a call also loads the
    /// call's echo canceller on the new devices, moves its streams and unloads the old one
    /// (the succession pipewire-pulse 0.3.65 once went away on; issue 9).
    static let shippedPolicy = LibraryRig.packageRoot + "/policies/default.toml"

    /// Runs `body`; when it throws, the server's sinks, streams and modules and the agent's log
    /// go into the test's issues.
    private func explainingFailure(_ rig: LibraryRig, _ agent: ChildProcess, _ body: () async throws -> Void) async throws {
        do { try await body() } catch {
            let modules = (try? await rig.server.pactl("list", "short", "modules")) ?? ""
            let inputs = (try? await rig.server.pactl("list", "short", "sink-inputs")) ?? ""
            let sinks = (try? await rig.server.pactl("list", "short", "sinks")) ?? ""
            let serverLog = ["pulseaudio.log", "pipewire-pulse.log"].compactMap {
                try? String(contentsOfFile: rig.server.directory + "/" + $0, encoding: .utf8)
            }.joined()
            let report: String = "sinks:\n\(sinks)\nsink inputs:\n\(inputs)\nmodules:\n\(modules)\n"
                + "agent:\n\(agent.standardError.suffix(8000))\nserver log:\n\(serverLog.suffix(4000))"
            Issue.record("\(report)")
            throw error
        }
    }

    /// The sink a stream named `name` plays on; a call's echo canceller (voice processing) counts
    /// as the device it plays to.
    private func sink(of name: String, _ rig: LibraryRig) async throws -> Int? {
        guard let index = try await rig.server.sinkInput(where: "media.name", is: name)?.sink else { return nil }
        let sinks = try JSONSerialization.jsonObject(with: Data(try await rig.server.pactl("-f", "json", "list", "sinks").utf8))
            as? [[String: Any]] ?? []
        guard let sink = sinks.first(where: { $0["index"] as? Int == index }), let sinkName = sink["name"] as? String,
            sinkName.hasPrefix("audiosession.echo-cancel.")
        else { return index }
        // PulseAudio names the master on the sink; through pipewire-pulse only the module's argument does.
        let modules = try await rig.server.pactl("list", "short", "modules")
        let argument = modules.split(separator: "\n").first { $0.contains("sink_name=\(sinkName) ") }
        let master = (sink["properties"] as? [String: Any])?["device.master_device"] as? String
            ?? argument?.split(separator: " ").first { $0.hasPrefix("sink_master=") }.map { String($0.dropFirst("sink_master=".count)) }
        guard let master else { return index }
        return try await rig.server.sinkIndex(named: master)
    }

    /// The source name a capture stream named `name` reads from, from `pactl -f json list source-outputs`.
    private func source(of name: String, _ rig: LibraryRig) async throws -> String? {
        let outputs = try await rig.server.pactl("-f", "json", "list", "source-outputs")
        let sources = try await rig.server.pactl("-f", "json", "list", "short", "sources")
        guard let outputList = try JSONSerialization.jsonObject(with: Data(outputs.utf8)) as? [[String: Any]],
            let sourceList = try JSONSerialization.jsonObject(with: Data(sources.utf8)) as? [[String: Any]],
            let output = outputList.first(where: { ($0["properties"] as? [String: Any])?["media.name"] as? String == name }),
            let index = output["source"] as? Int
        else { return nil }
        return sourceList.first { $0["index"] as? Int == index }?["name"] as? String
    }

    /// Removes the harness's "mic" source: its null-source module on PulseAudio, its node on PipeWire.
    private func removeMicrophone(_ rig: LibraryRig) async throws {
        if let pipewire = rig.server as? PrivatePipeWire {
            let node = try #require(try await pipewire.node(where: "node.name", is: "mic"))
            _ = try await pipewire.tool("pw-cli", ["destroy", String(node.id)])
            return
        }
        let modules = try await rig.server.pactl("list", "short", "modules")
        let line = try #require(modules.split(separator: "\n").first { $0.contains("module-null-source") && $0.contains("source_name=mic") })
        let index = try #require(line.split(whereSeparator: \.isWhitespace).first)
        _ = try await rig.server.pactl("unload-module", String(index))
    }

    /// A call from the test's own connection (not the session's owner).
    private func agentCall(_ rig: LibraryRig, _ method: String, _ arguments: BusArguments) async throws -> BusArguments {
        try await rig.observer.call(
            destination: AgentBusAddress.busName, path: BusObjectPath(stringLiteral: AgentBusAddress.objectPath),
            interface: AgentBusAddress.interface, method: method, arguments: arguments)
    }
}
