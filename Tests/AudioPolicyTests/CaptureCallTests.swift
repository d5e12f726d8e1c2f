import AudioSessionModel
import Testing

@testable import AudioPolicy

/// Calls nobody declared: while an app whose `[[app]]` rule says `call-while-capturing` captures
/// from a microphone, its role-less playback from the same process is a call; after its last
/// capture closes it stays one for `capture-call-hold-ms`.
@Suite("Engine: calls inferred from a microphone capture")
struct CaptureCallTests {
    static func shippedPolicy() throws -> Policy {
        try PolicyLoader.forFile().load(explicitFile: PolicyTestPaths.shipped("default.toml")).policy
    }

    static let firefox = AppIdentity(processBinary: "firefox-esr", processID: 4242)

    /// A browser's playback stream, as Firefox plays a WebRTC call: no role, its tab's title.
    static func tab(_ id: StreamID = "tab", app: AppIdentity = firefox, properties: [String: String] = [:]) -> StreamInfo {
        StreamInfo(
            id: id, direction: .playback, properties: ["application.name": "Firefox", "media.name": "Meeting"].merging(properties) { $1 },
            app: app, isSounding: true)
    }

    /// A capture stream of the same process: its microphone unless `properties` mark it otherwise.
    static func microphone(_ id: StreamID = "mic", app: AppIdentity = firefox, properties: [String: String] = [:]) -> StreamInfo {
        StreamInfo(id: id, direction: .capture, properties: properties, app: app, isSounding: true)
    }

    static let music = StreamInfo(
        id: "music", direction: .playback, properties: ["media.role": "music"],
        app: AppIdentity(processBinary: "mpv", processID: 77), isSounding: true)

    /// An engine with music and the browser's tab playing.
    static func engine(_ policy: Policy? = nil) throws -> PolicyEngine {
        var engine = PolicyEngine(policy: try policy ?? shippedPolicy())
        _ = engine.handle(.streamAppeared(music))
        _ = engine.handle(.streamAppeared(tab()))
        return engine
    }

    static func isSilence(_ decision: PolicyDecision, of id: StreamID) -> Bool {
        if case .silence(id, _, _) = decision { true } else { false }
    }

    @Test("a microphone makes the browser's playback a call: music is silenced, explain says why")
    func microphoneMakesACall() throws {
        var engine = try Self.engine()
        #expect(engine.effects(on: "music") == .playing)
        #expect(engine.explanation(of: "tab")?.role == Role.none)

        let decisions = engine.handle(.streamAppeared(Self.microphone()))
        #expect(decisions.contains { Self.isSilence($0, of: "music") }, "\(decisions)")
        #expect(engine.effects(on: "music") == .silenced(.exclusive))
        let explanation = try #require(engine.explanation(of: "tab"))
        #expect(explanation.role == .communication)
        #expect(explanation.effect == .playing)
        #expect(
            explanation.description.contains(
                "counts as a call because its process captures from a microphone: process 4242 (firefox-esr), stream mic"),
            "\(explanation)")
        #expect(explanation.description.contains(#"matched as claimed process binary "firefox-esr""#), "\(explanation)")
        #expect(engine.rank(of: .stream("tab")) == 90)
    }

    @Test("a phone stream of equal rank no longer silences the browser's call, unless the policy says so")
    func phoneStreamAndBrowserCall() throws {
        let phone = StreamInfo(id: "phone", direction: .playback, properties: ["media.role": "phone"], isSounding: true)
        var engine = try Self.engine()
        _ = engine.handle(.streamAppeared(Self.microphone()))
        _ = engine.handle(.streamAppeared(phone))
        #expect(engine.effects(on: "tab") == .playing)
        #expect(engine.effects(on: "phone") == .playing)

        // Without the microphone the same phone stream silences the browser, as before.
        var withoutMicrophone = try Self.engine()
        _ = withoutMicrophone.handle(.streamAppeared(phone))
        #expect(withoutMicrophone.effects(on: "tab") == .silenced(.exclusive))

        // A policy whose calls may be interrupted lets the phone stream silence the browser's call.
        var policy = try Self.shippedPolicy()
        policy.roles[.communication]?.interruptible = true
        var interruptible = try Self.engine(policy)
        _ = interruptible.handle(.streamAppeared(Self.microphone()))
        _ = interruptible.handle(.streamAppeared(phone))
        #expect(interruptible.effects(on: "tab") == .silenced(.interruption))
    }

    @Test(
        "a capture that reads no microphone makes no call, whatever the policy's exclusions",
        arguments: [
            ["audiosession.monitor-capture": "true"], ["stream.capture.sink": "true"], ["resample.method": "peaks"],
            ["resample.peaks": "true", "stream.monitor": "true"], ["audiosession.agent": "true"],
            ["audiosession.owner-module": "module-echo-cancel"], ["node.virtual": "true"], ["pulse.module.id": "536870914"],
        ])
    func notAMicrophone(_ properties: [String: String]) throws {
        for exclusions in [try Self.shippedPolicy().exclusions, []] {
            var policy = try Self.shippedPolicy()
            policy.exclusions = exclusions
            var engine = try Self.engine(policy)
            let decisions = engine.handle(.streamAppeared(Self.microphone(properties: properties)))
            #expect(decisions.isEmpty, "\(properties), \(exclusions.count) exclusions: \(decisions)")
            #expect(engine.explanation(of: "tab")?.role == Role.none)
            #expect(engine.effects(on: "music") == .playing)
            #expect(engine.nextDeadline == nil)
        }
    }

    @Test("the call ends a hold after the microphone closes: music resumes then, not before")
    func holdThenBack() throws {
        var engine = try Self.engine()
        _ = engine.handle(.streamAppeared(Self.microphone()))
        _ = engine.handle(.timePassed(milliseconds: 1_000))
        #expect(engine.handle(.streamVanished("mic")).isEmpty)
        #expect(engine.effects(on: "music") == .silenced(.exclusive))
        #expect(engine.nextDeadline == 3_000)
        #expect(engine.explanation(of: "tab")?.description.contains("captured from a microphone until 0 ms ago") == true)

        #expect(engine.handle(.timePassed(milliseconds: 2_999)).isEmpty)
        #expect(engine.explanation(of: "tab")?.role == .communication)
        let decisions = engine.handle(.timePassed(milliseconds: 3_000))
        #expect(decisions.count == 1)
        guard case .unsilence("music", let resume, let why) = decisions.first else {
            Issue.record("expected music unsilenced: \(decisions)")
            return
        }
        #expect(resume, "music was silenced by the call: it may resume")
        #expect(why.rule.contains("stopped capturing from a microphone"))
        #expect(engine.explanation(of: "tab")?.role == Role.none)
        #expect(engine.nextDeadline == nil)
        #expect(engine.state.capturingProcesses.isEmpty)
    }

    @Test("a microphone toggled off and on within the hold lets nothing resume")
    func toggleWithinHold() throws {
        var engine = try Self.engine()
        _ = engine.handle(.streamAppeared(Self.microphone()))
        _ = engine.handle(.timePassed(milliseconds: 1_000))
        #expect(engine.handle(.streamVanished("mic")).isEmpty)
        _ = engine.handle(.timePassed(milliseconds: 2_500))
        #expect(engine.handle(.streamAppeared(Self.microphone("mic-2"))).isEmpty)
        #expect(engine.nextDeadline == nil)
        #expect(engine.handle(.timePassed(milliseconds: 10_000)).isEmpty)
        #expect(engine.effects(on: "music") == .silenced(.exclusive))
        #expect(engine.explanation(of: "tab")?.role == .communication)
    }

    @Test("with no hold the call ends as the microphone closes; a second microphone keeps it")
    func noHold() throws {
        var policy = try Self.shippedPolicy()
        policy.interruption.captureCallHoldMilliseconds = 0
        var engine = try Self.engine(policy)
        _ = engine.handle(.streamAppeared(Self.microphone("mic-1")))
        _ = engine.handle(.streamAppeared(Self.microphone("mic-2")))
        #expect(engine.handle(.streamVanished("mic-1")).isEmpty)
        let decisions = engine.handle(.streamVanished("mic-2"))
        #expect(decisions.contains { if case .unsilence("music", true, _) = $0 { true } else { false } }, "\(decisions)")
        #expect(engine.explanation(of: "tab")?.role == Role.none)
    }

    @Test("a playback stream that appears during the call is the call from the start; one that names its role keeps it; an excluded one is none")
    func streamsAppearingDuringTheCall() throws {
        var engine = try Self.engine()
        _ = engine.handle(.streamAppeared(Self.microphone()))
        _ = engine.handle(.streamAppeared(Self.tab("other-tab")))
        #expect(engine.explanation(of: "other-tab")?.role == .communication)
        _ = engine.handle(.streamAppeared(Self.tab("ding", properties: ["media.role": "event"])))
        #expect(engine.explanation(of: "ding")?.role == .notification)
        // A stream the policy excludes is never made a call.
        _ = engine.handle(.streamAppeared(Self.tab("loop", properties: ["node.virtual": "true"])))
        let loop = try #require(engine.explanation(of: "loop"))
        #expect(loop.role == Role.none && loop.captureCallBecause == nil, "\(loop)")
    }

    @Test("another process's microphone, or a process numbered alike in another sandbox, makes no call")
    func otherProcesses() throws {
        var engine = try Self.engine()
        let otherFirefox = AppIdentity(processBinary: "firefox-esr", processID: 5151)
        let sameNumberOtherProgram = AppIdentity(processBinary: "firefox-esr", flatpakID: "org.example.Recorder", processID: 4242)
        let noProcessID = AppIdentity(processBinary: "firefox-esr")
        for (index, app) in [otherFirefox, sameNumberOtherProgram, noProcessID].enumerated() {
            let decisions = engine.handle(.streamAppeared(Self.microphone(StreamID("mic-\(index)"), app: app)))
            #expect(decisions.isEmpty, "\(app): \(decisions)")
        }
        #expect(engine.explanation(of: "tab")?.role == Role.none)
        #expect(engine.effects(on: "music") == .playing)
    }

    @Test("an app without the rule is no call; any app can opt in by [[app]], at the evidence its rule accepts")
    func optIn() throws {
        let softphone = AppIdentity(processBinary: "softphone", processID: 900)
        let ringing = StreamInfo(id: "voice", direction: .playback, app: softphone, isSounding: true)
        var engine = try Self.engine()
        _ = engine.handle(.streamAppeared(ringing))
        #expect(engine.handle(.streamAppeared(Self.microphone(app: softphone))).isEmpty)
        #expect(engine.effects(on: "music") == .playing)

        var policy = try Self.shippedPolicy()
        policy.appRules.append(AppRule(match: ["softphone"], callWhileCapturing: true))
        var optedIn = try Self.engine(policy)
        _ = optedIn.handle(.streamAppeared(ringing))
        _ = optedIn.handle(.streamAppeared(Self.microphone(app: softphone)))
        #expect(optedIn.effects(on: "music") == .silenced(.exclusive))
        #expect(optedIn.explanation(of: "voice")?.role == .communication)

        // A rule that accepts verified ids only: a claimed binary does not count.
        policy.appRules[policy.appRules.count - 1].evidence = [.verified]
        var verifiedOnly = try Self.engine(policy)
        _ = verifiedOnly.handle(.streamAppeared(ringing))
        #expect(verifiedOnly.handle(.streamAppeared(Self.microphone(app: softphone))).isEmpty)
        #expect(verifiedOnly.explanation(of: "voice")?.role == Role.none)
    }

    @Test("capture-calls = false turns the rule off for every app")
    func switchedOff() throws {
        var policy = try Self.shippedPolicy()
        policy.interruption.captureCalls = false
        var engine = try Self.engine(policy)
        #expect(engine.handle(.streamAppeared(Self.microphone())).isEmpty)
        #expect(engine.explanation(of: "tab")?.role == Role.none)
    }

    @Test("a policy replaced during the hold keeps the call held until the hold ends")
    func policyReplacedDuringHold() throws {
        var engine = try Self.engine()
        _ = engine.handle(.streamAppeared(Self.microphone()))
        _ = engine.handle(.timePassed(milliseconds: 1_000))
        _ = engine.handle(.streamVanished("mic"))
        #expect(engine.handle(.policyReplaced(try Self.shippedPolicy())).isEmpty)
        #expect(engine.effects(on: "music") == .silenced(.exclusive))
        #expect(engine.nextDeadline == 3_000)
        let decisions = engine.handle(.timePassed(milliseconds: 3_000))
        #expect(decisions.contains { if case .unsilence("music", true, _) = $0 { true } else { false } }, "\(decisions)")
    }
}
