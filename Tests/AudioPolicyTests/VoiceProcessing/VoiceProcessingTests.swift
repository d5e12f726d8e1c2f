import AudioSessionModel
import Testing

@testable import AudioPolicy

/// Echo cancellers by mode: decided from activation, deactivation, end and route changes alone.
@Suite struct VoiceProcessingTests {
    static let speex = Policy.VoiceProcessing(canceller: EchoCancellerSettings(kind: .speex, gainControl: false, noiseSuppression: false))

    /// A rig with processing on, a call with a playback and a capture stream on the speaker and mic.
    static func callRig(mode: Mode = .voiceChat) throws -> RoutingRig {
        var rig = RoutingRig(voiceProcessing: speex)
        try rig.activeSession("call", .playAndRecord, mode: mode)
        rig.stream("voice", session: "call", on: RoutingRig.speaker)
        rig.stream("mic-in", .capture, session: "call", on: RoutingRig.mic)
        return rig
    }

    @Test func activatingACallLoadsACancellerBeforeMovingItsStreamsOntoIt() throws {
        var rig = RoutingRig(voiceProcessing: Self.speex)
        rig.handle(.sessionRegistered("call", app: AppIdentity(applicationID: "call")))
        rig.handle(.sessionConfigured("call", try SessionConfiguration(category: .playAndRecord, mode: .voiceChat)))
        rig.stream("voice", session: "call", on: RoutingRig.speaker)
        rig.stream("mic-in", .capture, session: "call", on: RoutingRig.mic)
        let decisions = rig.handle(.sessionActivated("call"))
        let texts = decisions.map(\.scenarioLikeText)
        let load = try #require(texts.firstIndex { $0.hasPrefix("load-echo-canceller") })
        #expect(texts[load].contains("speex sink-master=sink:speaker source-master=source:mic"))
        let moves = texts.indices.filter { texts[$0].hasPrefix("move ") && texts[$0].contains("to-echo-canceller") }
        #expect(moves.count == 2)
        #expect(moves.allSatisfy { $0 > load })
    }

    @Test func deactivatingMovesStreamsBackThenUnloads() throws {
        var rig = try Self.callRig()
        let id = try #require(rig.engine.echoCanceller(of: "call")?.id)
        let texts = rig.handle(.sessionDeactivated("call", notifyOthers: true)).map(\.scenarioLikeText)
        let unload = try #require(texts.firstIndex(of: "unload-echo-canceller \(id)"))
        let unmoves = texts.indices.filter { texts[$0].hasPrefix("unmove ") }
        #expect(unmoves.count == 2)
        #expect(unmoves.allSatisfy { $0 < unload })
        #expect(rig.engine.echoCanceller(of: "call") == nil)
    }

    @Test func endingTheSessionUnloadsItsCanceller() throws {
        var rig = try Self.callRig()
        let id = try #require(rig.engine.echoCanceller(of: "call")?.id)
        let texts = rig.handle(.sessionEnded("call")).map(\.scenarioLikeText)
        #expect(texts.contains("unload-echo-canceller \(id)"))
    }

    @Test func twoCallsOnTheSameDevicesShareOneCanceller() throws {
        var rig = try Self.callRig()
        let first = try #require(rig.engine.echoCanceller(of: "call")?.id)
        let decisions = try rig.activeSession("second", .playAndRecord, mode: .voiceChat, options: [.mixWithOthers])
        #expect(!decisions.map(\.scenarioLikeText).contains { $0.hasPrefix("load-echo-canceller") })
        #expect(rig.engine.echoCanceller(of: "second")?.id == first)
        // The first call ending keeps it for the second.
        let texts = rig.handle(.sessionEnded("call")).map(\.scenarioLikeText)
        #expect(!texts.contains { $0.hasPrefix("unload-echo-canceller") })
        let last = rig.handle(.sessionDeactivated("second", notifyOthers: false)).map(\.scenarioLikeText)
        #expect(last.contains("unload-echo-canceller \(first)"))
    }

    @Test(arguments: [Mode.measurement, .default, .gameChat, .videoRecording])
    func otherModesGetNoCanceller(mode: Mode) throws {
        let rig = try Self.callRig(mode: mode)
        #expect(rig.engine.echoCanceller(of: "call") == nil)
    }

    @Test func recordingWithoutPlaybackGetsNoCanceller() throws {
        var rig = RoutingRig(voiceProcessing: Self.speex)
        let decisions = try rig.activeSession("rec", .record, mode: .default)
        #expect(!decisions.map(\.scenarioLikeText).contains { $0.hasPrefix("load-echo-canceller") })
    }

    @Test func disabledPolicyOrSwitchGivesNoCanceller() throws {
        var off = Self.speex
        off.enabled = false
        var rig = RoutingRig(voiceProcessing: off)
        try rig.activeSession("call", .playAndRecord, mode: .voiceChat)
        #expect(rig.engine.echoCanceller(of: "call") == nil)
    }

    @Test func aHeadsetPluggedMidCallMovesTheCanceller() throws {
        var rig = try Self.callRig()
        rig.handle(.deviceAdded(RoutingRig.headphones))
        // Output on the headphones, input still on the built-in mic: a canceller between those.
        let old = try #require(rig.engine.echoCanceller(of: "call"))
        #expect(old.playbackMaster == RoutingRig.headphones.id && old.captureMaster == RoutingRig.mic.id)
        let texts = rig.handle(.deviceAdded(RoutingRig.headsetMic)).map(\.scenarioLikeText)
        let new = try #require(rig.engine.echoCanceller(of: "call"))
        #expect(new.id != old.id)
        #expect(new.playbackMaster == RoutingRig.headphones.id)
        #expect(new.captureMaster == RoutingRig.headsetMic.id)
        let load = try #require(texts.firstIndex { $0.hasPrefix("load-echo-canceller \(new.id)") })
        let unload = try #require(texts.firstIndex(of: "unload-echo-canceller \(old.id)"))
        let moves = texts.indices.filter { texts[$0].contains("to-echo-canceller=\(new.id)") }
        #expect(moves.count == 2)
        #expect(moves.allSatisfy { load < $0 && $0 < unload })
    }

    @Test func aNewStreamOfAnActiveCallGoesOntoItsCanceller() throws {
        var rig = try Self.callRig()
        let id = try #require(rig.engine.echoCanceller(of: "call")?.id)
        let texts = rig.stream("ring", session: "call", on: RoutingRig.speaker).map(\.scenarioLikeText)
        #expect(texts.contains("move ring to-echo-canceller=\(id)"))
    }

    @Test func replacingThePolicyWithProcessingOffUnloads() throws {
        var rig = try Self.callRig()
        let id = try #require(rig.engine.echoCanceller(of: "call")?.id)
        var policy = rig.engine.state.policy
        policy.voiceProcessing.enabled = false
        let texts = rig.handle(.policyReplaced(policy)).map(\.scenarioLikeText)
        #expect(texts.contains("unload-echo-canceller \(id)"))
        #expect(texts.filter { $0.hasPrefix("unmove ") }.count == 2)
    }

    @Test func measurementInputIsNeverDucked() throws {
        var policy = Policy(
            roles: [.none: RoleBehavior(category: .playback, options: [.mixWithOthers])])
        policy.voiceProcessing.enabled = true
        var engine = PolicyEngine(policy: policy)
        _ = engine.handle(.sessionRegistered("meter", app: AppIdentity(applicationID: "meter")))
        _ = engine.handle(.sessionConfigured("meter", try SessionConfiguration(category: .playAndRecord, mode: .measurement, options: [.mixWithOthers])))
        _ = engine.handle(.sessionActivated("meter"))
        _ = engine.handle(.streamAppeared(StreamInfo(id: "in", direction: .capture, properties: [:], session: "meter", isSounding: true)))
        _ = engine.handle(.sessionRegistered("nav", app: AppIdentity(applicationID: "nav")))
        _ = engine.handle(.sessionConfigured("nav", try SessionConfiguration(category: .playback, mode: .voicePrompt, options: [.duckOthers])))
        _ = engine.handle(.sessionActivated("nav"))
        let decisions = engine.handle(.streamAppeared(StreamInfo(id: "prompt", direction: .playback, properties: [:], session: "nav", isSounding: true)))
        #expect(!decisions.contains { $0.stream == "in" })
        #expect(engine.effects(on: "in") == .playing)
    }
}

extension PolicyDecision {
    /// The scenario text (`load-echo-canceller …`, `move voice to-echo-canceller=…`).
    var scenarioLikeText: String {
        switch self {
        case .loadEchoCanceller(let canceller, _):
            "load-echo-canceller \(canceller.id) \(canceller.settings.kind.rawValue) sink-master=\(canceller.playbackMaster) source-master=\(canceller.captureMaster)"
        case .moveToEchoCanceller(let id, let canceller, _): "move \(id) to-echo-canceller=\(canceller)"
        case .unloadEchoCanceller(let canceller, _): "unload-echo-canceller \(canceller)"
        default: shortText
        }
    }
}

/// The `[voice-processing]` table as files write it.
@Suite struct VoiceProcessingPolicyFileTests {
    static func load(_ text: String) throws -> Result<Policy, PolicyLoadError> {
        try PolicyLoaderTemporaryTree.with { tree in
            let path = try tree.write("policy.toml", "version = 1\n" + text)
            return Result { () throws(PolicyLoadError) in try PolicyLoader.forFile().load(explicitFile: path).policy }
        }
    }

    @Test func theTableIsRead() throws {
        let policy = try Self.load(
            """
            [voice-processing]
            modes = ["voice-chat"]
            canceller = "speex"
            gain-control = true
            noise-suppression = false
            """
        ).get()
        #expect(policy.voiceProcessing.modes == [.voiceChat])
        #expect(policy.voiceProcessing.canceller == EchoCancellerSettings(kind: .speex, gainControl: true, noiseSuppression: false))
    }

    @Test func measurementIsRefusedWithTheReason() throws {
        guard case .failure(let error) = try Self.load("[voice-processing]\nmodes = [\"voice-chat\", \"measurement\"]\n") else {
            Issue.record("measurement was accepted")
            return
        }
        #expect("\(error)".contains("measurement mode records straight from the device"))
    }

    @Test func anUnknownCancellerNamesTheChoices() throws {
        guard case .failure(let error) = try Self.load("[voice-processing]\ncanceller = \"spex\"\n") else {
            Issue.record("an unknown canceller was accepted")
            return
        }
        #expect("\(error)".contains(#"unknown canceller "spex"; expected one of: speex, webrtc"#))
    }

    @Test func shippedPoliciesEnableItForCalls() throws {
        for name in ["default.toml", "office.toml", "car.toml"] {
            let policy = try PolicyLoader.forFile().load(explicitFile: PolicyTestPaths.shipped(name)).policy
            #expect(policy.voiceProcessing.enabled)
            #expect(policy.voiceProcessing.modes.contains(.voiceChat))
        }
        let desktop = try PolicyLoader.forFile().load(explicitFile: PolicyTestPaths.shipped("default.toml")).policy
        #expect(desktop.voiceProcessing == Policy.VoiceProcessing())
    }
}
