import AudioSessionBus
import AudioSessionContract
import AudioSessionModel
import Testing

/// Every wire format of the contract: what one side encodes decodes back to the same value, has
/// the signature the contract's table gives it, and a reply of another shape is refused naming the
/// field and the type expected.
@Suite("Wire formats")
struct WireFormatTests {
    static let route = RouteDescription(
        inputs: [PortDescription(name: "Microphone", uid: "mic", type: .builtInMic, channels: 1)],
        outputs: [PortDescription(name: "Headphones", uid: "headphones", type: .headphones, channels: 2)])

    static func outputs(of method: String) -> String? { AgentContract.method(named: method)?.outputSignature }

    static let calls: [AgentCall] = [
        .registerSession(properties: [
            "application-id": BusVariant(.string("org.example.Maps")), "stream-token": BusVariant(.string("0123456789abcdef")),
        ]),
        .registerSession(properties: [:]),
        .registerSessionWithSecret(properties: [
            "stream-token": BusVariant(.string("0123456789abcdef")), "stream-token-secret": BusVariant(.string("fedcba")),
            "stream-token-use": BusVariant(.string("bound")),
        ]),
        .unregisterSession(session: "1"),
        .setConfiguration(session: "1", category: "playback", mode: "voice-prompt", options: ["duck-others"]),
        .activate(session: "1"),
        .deactivate(session: "1", notifyOthers: true),
        .getState(session: "1"),
        .getCurrentRoute(session: "1"),
        .overrideOutputPort(session: "1", port: "speaker"),
        .setPreferredInput(session: "1", portUID: ""),
        .getAvailableInputs(session: "1"),
        .getHardwareValues(session: "1"),
        .getSecondaryAudioHint(session: "1"),
        .setPreferredHardware(
            session: "1", preferences: ["sample-rate": BusVariant(.uint32(44_100)), "io-buffer-duration": BusVariant(.double(0.01))]),
        .setPrefersEchoCancelledInput(session: "1", prefers: true),
        .isEchoCancelledInputAvailable(session: "1"),
        .setInputMuted(session: "1", muted: true),
        .isInputMuted(session: "1"),
        .setSessionPreference(session: "1", preference: "interruption-on-route-disconnect", value: true),
        .getStatus,
        .listSessions,
        .listStreams,
        .explainStream(stream: "sink-input:7"),
        .getInputProcessing(session: "1"),
        .getDesktopState,
        .setDoNotDisturb(enabled: true),
        .reloadPolicy,
    ]

    @Test("every method's call round-trips with the table's signature, and the table has no method without a case")
    func calls() throws {
        #expect(Set(Self.calls.map(\.method)) == Set(AgentContract.methods.map(\.name)))
        for call in Self.calls {
            #expect(call.arguments.signature.rawValue == AgentContract.method(named: call.method)?.inputSignature, "\(call.method)")
            #expect(try AgentCall(method: call.method, arguments: call.arguments) == call)
        }
        let wrong = #expect(throws: CallMismatch.self) { try AgentCall(method: "SetPreferredInput", arguments: [.string("1")]) }
        #expect(wrong.map { "\($0)" } == "SetPreferredInput takes (s session, s port_uid), not (s)")
    }

    @Test("GetStatus's reply round-trips with the table's signature")
    func status() throws {
        let reply = StatusReply(
            agentVersion: "0.1.0", backend: "pipewire", server: "PipeWire 1.2.7", mediaServicesAvailable: false,
            policySource: "/etc/xdg/audiosession/policy.toml", policyEnabled: true)
        #expect(reply.arguments.signature.rawValue == Self.outputs(of: "GetStatus"))
        #expect(try StatusReply(arguments: reply.arguments) == reply)
    }

    @Test("RegisterSession's, RegisterSessionWithSecret's, GetState's, GetInputProcessing's and GetCurrentRoute's replies round-trip with the table's signatures")
    func sessionReplies() throws {
        let registration = RegistrationReply(session: "7", streamToken: String(repeating: "ab", count: 16))
        #expect(registration.arguments.signature.rawValue == Self.outputs(of: "RegisterSession"))
        #expect(try RegistrationReply(arguments: registration.arguments) == registration)
        let secret = SecretRegistrationReply(
            session: "8", streamToken: String(repeating: "cd", count: 16), tokenSecret: String(repeating: "ef", count: 32),
            clientNonce: String(repeating: "01", count: 16))
        #expect(secret.arguments.signature.rawValue == Self.outputs(of: "RegisterSessionWithSecret"))
        #expect(try SecretRegistrationReply(arguments: secret.arguments) == secret)

        let state = SessionStateReply(
            activity: "interrupted", category: "play-and-record", mode: "voice-chat", options: ["duck-others", "allow-bluetooth"],
            otherAudioPlaying: true)
        #expect(state.arguments.signature.rawValue == Self.outputs(of: "GetState"))
        #expect(try SessionStateReply(arguments: state.arguments) == state)

        let processing = InputProcessingReply(processing: "echo-cancellation", canceller: "webrtc")
        #expect(processing.arguments.signature.rawValue == Self.outputs(of: "GetInputProcessing"))
        #expect(try InputProcessingReply(arguments: processing.arguments) == processing)

        let route = RouteWireFormat.reply(Self.route)
        #expect(route.signature.rawValue == Self.outputs(of: "GetCurrentRoute"))
        #expect(try RouteWireFormat.route(reply: route) == Self.route)
    }

    @Test("GetAvailableInputs' reply round-trips, empty or not, with the table's signature; an unknown port type reads as generic")
    func availableInputs() throws {
        for inputs in [Self.route.inputs, []] {
            let reply = RouteWireFormat.inputsReply(inputs)
            #expect(reply.signature.rawValue == Self.outputs(of: "GetAvailableInputs"))
            #expect(try RouteWireFormat.inputs(reply: reply) == inputs)
        }
        let newer: BusArguments = [
            .array(element: RouteWireFormat.portType, [.structure([.string("Ear"), .string("ear"), .string("neural-link"), .uint32(1)])])
        ]
        #expect(try RouteWireFormat.inputs(reply: newer).map(\.type) == [.generic])
        #expect(throws: WireFormatError.self) { try RouteWireFormat.inputs(reply: [.string("mic")]) }
    }

    @Test("GetHardwareValues' reply round-trips, full or with the server's values absent; keys it does not know are ignored, a known key of another type is refused")
    func hardwareValues() throws {
        let full = HardwareValuesReply(
            outputSampleRate: 48_000, inputSampleRate: 44_100, outputChannels: 2, inputChannels: 1, outputLatency: 0.02,
            inputLatency: 0.01, ioBufferDuration: 1024.0 / 48_000, ioBufferFrames: 1024, preferredSampleRate: 44_100,
            preferredIOBufferDuration: 0.005, preferencesApplied: true)
        for reply in [full, HardwareValuesReply()] {
            #expect(reply.arguments.signature.rawValue == Self.outputs(of: "GetHardwareValues"))
            #expect(try HardwareValuesReply(arguments: reply.arguments) == reply)
        }
        let newer: BusArguments = [
            .dictionary(key: .string, value: .variant, [
                .string("output-sample-rate"): .variant(.uint32(96_000)), .string("dsp-load"): .variant(.double(0.3)),
            ])
        ]
        #expect(try HardwareValuesReply(arguments: newer) == HardwareValuesReply(outputSampleRate: 96_000))
        let wrongType: BusArguments = [.dictionary(key: .string, value: .variant, [.string("output-sample-rate"): .variant(.string("fast"))])]
        let refusal = #expect(throws: WireFormatError.self) { try HardwareValuesReply(arguments: wrongType) }
        #expect(refusal.map { "\($0)" }?.contains("values[output-sample-rate]") == true, "\(String(describing: refusal))")
    }

    @Test("ListSessions's and ListStreams's replies round-trip, empty or not, with the table's signatures")
    func lists() throws {
        let sessions = [
            SessionListing(
                session: "1", owner: ":1.42", processID: 4242, userID: 1000, applicationID: "org.example.Maps",
                category: "playback", mode: "voice-prompt", options: ["duck-others"], activity: "active"),
            SessionListing(
                session: "2", owner: ":1.43", processID: 0, userID: UInt32.max, applicationID: "", category: "ambient",
                mode: "default", options: [], activity: "inactive"),
        ]
        for rows in [sessions, []] {
            let reply = SessionListing.reply(rows)
            #expect(reply.signature.rawValue == Self.outputs(of: "ListSessions"))
            #expect(try SessionListing.rows(from: reply) == rows)
        }
        let streams = [
            StreamListing(
                stream: "sink-input:7", direction: "playback", role: "music", application: "paplay", session: "1",
                sounding: true, effect: "ducked", level: 0.3, silenceCause: ""),
            StreamListing(
                stream: "source-output:2", direction: "capture", role: "none", application: "", session: "",
                sounding: false, effect: "silenced", level: 1, silenceCause: "record"),
        ]
        for rows in [streams, []] {
            let reply = StreamListing.reply(rows)
            #expect(reply.signature.rawValue == Self.outputs(of: "ListStreams"))
            #expect(try StreamListing.rows(from: reply) == rows)
        }
    }

    @Test("ExplainStream's reply round-trips, with and without its lists, with the table's signature")
    func explanation() throws {
        let full = StreamExplanationReply(
            effect: "silenced", level: 1, role: "music", participant: "session:3", excludedBecause: "",
            duckedBy: [.init(participant: "session:4", level: 0.25)],
            silencedBy: [.init(participant: "session:5", cause: "interruption")], interruptedBy: ["session:5"],
            policyEnabled: true, summary: "sink-input:7 is silenced\nby session:5")
        let bare = StreamExplanationReply(
            effect: "playing", level: 1, role: "system", participant: "stream:sink-input:9",
            excludedBecause: "the policy leaves system sounds alone", duckedBy: [], silencedBy: [], interruptedBy: [],
            policyEnabled: false, summary: "")
        for reply in [full, bare] {
            #expect(reply.arguments.signature.rawValue == Self.outputs(of: "ExplainStream"))
            #expect(try StreamExplanationReply(arguments: reply.arguments) == reply)
        }
    }

    static let signals: [AgentSignal] = [
        .interruptionBegan(session: "1", reason: "default"),
        .interruptionEnded(session: "1", shouldResume: true),
        .routeChanged(session: "1", reason: "new-device-available", previousRoute: route),
        .secondaryAudioHint(session: "1", hint: "begin"),
        .inputMuteChanged(session: "1", muted: true),
        .mediaServicesLost,
        .mediaServicesReset,
        .sessionStateChanged(session: "2", activity: "interrupted", rule: "interruption by rank"),
        .streamStateChanged(stream: "sink-input:7", effect: "ducked", level: 0.3, rule: "duck-others", source: "session:2"),
        .sessionRouteChanged(session: "1", reason: "override", previousRoute: route, currentRoute: RouteDescription()),
    ]

    @Test("every signal round-trips with the table's signature, and the table has no signal without a case")
    func signals() throws {
        #expect(Set(Self.signals.map(\.name)) == Set(AgentContract.signals.map(\.name)))
        for signal in Self.signals {
            #expect(signal.arguments.signature.rawValue == AgentContract.signal(named: signal.name)?.signature, "\(signal.name)")
            #expect(try AgentSignal(member: signal.name, arguments: signal.arguments) == signal)
        }
        #expect(try AgentSignal(member: "SomethingNew", arguments: [.string("1")]) == nil)
    }

    @Test("a reply of another shape is refused naming the field, what was expected and what came")
    func refusals() {
        let wrongType = #expect(throws: WireFormatError.self) {
            try StatusReply(arguments: [.string("0.1.0"), .string("pulse"), .string("pulseaudio 16.1"), .string("yes")])
        }
        #expect(wrongType?.field == "media_services_available")
        #expect(wrongType.map { "\($0)" } == "GetStatus's reply: media_services_available should be boolean (b), but it is string (s)")

        let missing = #expect(throws: WireFormatError.self) { try RegistrationReply(arguments: [.string("1")]) }
        #expect(missing.map { "\($0)" } == "RegisterSession's reply: stream_token should be string (s), but it is missing")

        var entry = StreamListing(
            stream: "sink-input:7", direction: "playback", role: "music", application: "paplay", session: "1",
            sounding: true, effect: "playing", level: 1, silenceCause: ""
        ).busValue
        if case .structure(var fields) = entry {
            fields[7] = .string("one")
            entry = .structure(fields)
        }
        let inEntry = #expect(throws: WireFormatError.self) {
            try StreamListing.rows(from: [.array(element: entry.type, [entry])])
        }
        #expect(inEntry.map { "\($0)" } == "ListStreams's reply, streams[0]: level should be double (d), but it is string (s)")

        let emptyOfOtherType = #expect(throws: WireFormatError.self) {
            try SessionListing.rows(from: [.array(element: .string, [])])
        }
        #expect(emptyOfOtherType?.field == "sessions")
        #expect(emptyOfOtherType?.expected == .array(SessionListing.busType))

        let route = #expect(throws: WireFormatError.self) {
            try AgentSignal(member: "RouteChanged", arguments: [.string("1"), .string("override"), .string("speaker")])
        }
        #expect(route.map { "\($0)" } == "signal RouteChanged: previous_route should be struct ((a(sssu)a(sssu))), but it is string (s)")
    }
}
