import AudioSessionModel
import Testing

@testable import AudioPolicy

/// Firefox replaces a WebRTC call's playback stream now and then: a new one opens and the old one
/// closes within a second, in either order. While the browser still captures from its
/// microphone, the music the call silenced must stay silenced throughout (seen with the native
/// agent: the music resumed over MPRIS between the two streams, then was paused again).
@Suite("Engine: a call whose playback stream is replaced")
struct ReplacedCallStreamTests {
    typealias Call = CaptureCallTests

    /// Music silenced by the browser's call: the tab plays, the microphone is open.
    static func inCall(_ policy: Policy? = nil) throws -> PolicyEngine {
        var engine = try Call.engine(policy)
        _ = engine.handle(.streamAppeared(Call.microphone()))
        _ = engine.handle(.timePassed(milliseconds: 1_000))
        #expect(engine.effects(on: "music") == .silenced(.exclusive))
        return engine
    }

    static func isUnsilence(_ decision: PolicyDecision, of id: StreamID) -> Bool {
        if case .unsilence(id, _, _) = decision { true } else { false }
    }

    @Test("the old stream ends, then the new one starts: no decision in between or after, music stays silenced")
    func endThenStart() throws {
        var engine = try Self.inCall()
        #expect(engine.handle(.streamVanished("tab")).isEmpty)
        #expect(engine.effects(on: "music") == .silenced(.exclusive))
        #expect(!engine.streamIDs.contains("tab"), "the vanished stream is gone to anyone who asks")
        #expect(engine.effects(on: "tab") == nil)
        #expect(engine.nextDeadline == 3_000)

        _ = engine.handle(.timePassed(milliseconds: 1_400))
        let started = engine.handle(.streamAppeared(Call.tab("tab-2")))
        #expect(started.isEmpty, "\(started)")
        #expect(engine.explanation(of: "tab-2")?.role == .communication)
        #expect(engine.nextDeadline == nil, "the stand-in stepped down for the new stream")
        #expect(engine.handle(.timePassed(milliseconds: 10_000)).isEmpty)
        #expect(engine.effects(on: "music") == .silenced(.exclusive))

        // The call's real end still lets music resume.
        _ = engine.handle(.streamVanished("mic"))
        let ended = engine.handle(.timePassed(milliseconds: 12_000))
        #expect(ended.contains { if case .unsilence("music", true, _) = $0 { true } else { false } }, "\(ended)")
    }

    @Test("the new stream starts before the old one ends: nothing is held, nothing changes")
    func startThenEnd() throws {
        var engine = try Self.inCall()
        #expect(engine.handle(.streamAppeared(Call.tab("tab-2"))).isEmpty)
        #expect(engine.handle(.streamVanished("tab")).isEmpty)
        #expect(engine.nextDeadline == nil)
        #expect(engine.effects(on: "music") == .silenced(.exclusive))
    }

    @Test("no stream takes the old one's place: music resumes once the hold has passed, not before")
    func noReplacement() throws {
        var engine = try Self.inCall()
        #expect(engine.handle(.streamVanished("tab")).isEmpty)
        #expect(engine.handle(.timePassed(milliseconds: 2_999)).isEmpty)
        let decisions = engine.handle(.timePassed(milliseconds: 3_000))
        #expect(decisions.count == 1, "\(decisions)")
        guard case .unsilence("music", let resume, let why) = decisions.first else {
            Issue.record("expected music unsilenced: \(decisions)")
            return
        }
        #expect(resume)
        #expect(why.rule.contains("none took its place"), "\(why)")
        #expect(engine.nextDeadline == nil)
    }

    @Test("a new stream that starts corked takes over only when it sounds")
    func corkedReplacement() throws {
        var engine = try Self.inCall()
        _ = engine.handle(.streamVanished("tab"))
        var corked = Call.tab("tab-2")
        corked.isSounding = false
        #expect(engine.handle(.streamAppeared(corked)).isEmpty)
        #expect(engine.nextDeadline == 3_000, "a corked stream does not yet stand for the call")
        #expect(engine.handle(.streamSoundingChanged("tab-2", isSounding: true)).isEmpty)
        #expect(engine.nextDeadline == nil)
        #expect(engine.handle(.timePassed(milliseconds: 10_000)).isEmpty)
        #expect(engine.effects(on: "music") == .silenced(.exclusive))
    }

    @Test("when the microphone has already closed, the playback stream's end ends the call at once")
    func microphoneClosedFirst() throws {
        var engine = try Self.inCall()
        #expect(engine.handle(.streamVanished("mic")).isEmpty)
        let decisions = engine.handle(.streamVanished("tab"))
        #expect(decisions.contains { Self.isUnsilence($0, of: "music") }, "\(decisions)")
    }

    @Test("with no hold in the policy the stream's end ends the call at once")
    func noHold() throws {
        var policy = try Call.shippedPolicy()
        policy.interruption.captureCallHoldMilliseconds = 0
        var engine = try Self.inCall(policy)
        let decisions = engine.handle(.streamVanished("tab"))
        #expect(decisions.contains { Self.isUnsilence($0, of: "music") }, "\(decisions)")
    }

    @Test("a policy replaced during the hold drops the stand-in: nothing names the vanished stream")
    func policyReplacedDuringHold() throws {
        var engine = try Self.inCall()
        _ = engine.handle(.streamVanished("tab"))
        let decisions = engine.handle(.policyReplaced(try Call.shippedPolicy()))
        #expect(!decisions.contains { $0.stream == "tab" }, "\(decisions)")
        #expect(engine.nextDeadline == nil)
        #expect(!engine.state.streams.keys.contains("tab"))
    }

    @Test("as PipeWire shows it: the old stream stops, vanishes, and a new one starts: no decision at any step")
    func stopsThenVanishesThenNew() throws {
        var engine = try Self.inCall()
        #expect(engine.handle(.streamSoundingChanged("tab", isSounding: false)).isEmpty)
        #expect(engine.nextDeadline == 3_000)
        _ = engine.handle(.timePassed(milliseconds: 1_500))
        #expect(engine.handle(.streamVanished("tab")).isEmpty)
        #expect(engine.nextDeadline == 3_000, "the hold counts from when the stream stopped")
        #expect(engine.handle(.streamAppeared(Call.tab("tab-2"))).isEmpty)
        #expect(engine.nextDeadline == nil)
        #expect(engine.handle(.timePassed(milliseconds: 10_000)).isEmpty)
        #expect(engine.effects(on: "music") == .silenced(.exclusive))
    }

    @Test("a call stream that stops and plays again within the hold changes nothing; one that stays stopped ends the call after it")
    func stopsWithinAndBeyondTheHold() throws {
        var engine = try Self.inCall()
        #expect(engine.handle(.streamSoundingChanged("tab", isSounding: false)).isEmpty)
        #expect(engine.handle(.streamSoundingChanged("tab", isSounding: true)).isEmpty)
        #expect(engine.nextDeadline == nil)

        #expect(engine.handle(.streamSoundingChanged("tab", isSounding: false)).isEmpty)
        #expect(engine.handle(.timePassed(milliseconds: 2_999)).isEmpty)
        let decisions = engine.handle(.timePassed(milliseconds: 3_000))
        #expect(decisions.contains { if case .unsilence("music", true, _) = $0 { true } else { false } }, "\(decisions)")
        #expect(engine.effects(on: "tab") == .playing)
        // Sounding again later, it is the call again.
        let again = engine.handle(.streamSoundingChanged("tab", isSounding: true))
        #expect(again.contains { CaptureCallTests.isSilence($0, of: "music") }, "\(again)")
    }

    @Test("a stopped call stream whose facts change (PipeWire unlinks it before removing it) still stands in for the call")
    func changedWhileStopped() throws {
        var engine = try Self.inCall()
        var unlinked = Call.tab()
        unlinked.isSounding = false
        unlinked.device = "elsewhere"
        #expect(engine.handle(.streamChanged(unlinked)).isEmpty)
        #expect(engine.nextDeadline == 3_000)
        #expect(engine.handle(.streamVanished("tab")).isEmpty)
        #expect(engine.handle(.streamAppeared(Call.tab("tab-2"))).isEmpty)
        #expect(engine.handle(.timePassed(milliseconds: 10_000)).isEmpty)
        #expect(engine.effects(on: "music") == .silenced(.exclusive))
    }

    /// A music app's library session under the browser's call: interrupted, not merely silenced.
    static func sessionInCall() throws -> PolicyEngine {
        var engine = try Call.engine()
        _ = engine.handle(.sessionRegistered("player", app: AppIdentity(applicationID: "org.example.Player")))
        _ = engine.handle(.sessionConfigured("player", try SessionConfiguration(category: .playback)))
        _ = engine.handle(.streamAppeared(StreamInfo(id: "song", direction: .playback, properties: [:], session: "player", isSounding: true)))
        _ = engine.handle(.sessionActivated("player"))
        let began = engine.handle(.streamAppeared(Call.microphone()))
        #expect(began.contains { if case .interruptionBegan("player", _, _) = $0 { true } else { false } }, "\(began)")
        return engine
    }

    @Test("a library session under the call hears nothing while the call's stream stops, changes, vanishes and is replaced")
    func sessionUnderAReplacedCall() throws {
        var engine = try Self.sessionInCall()
        #expect(engine.handle(.streamSoundingChanged("tab", isSounding: false)).isEmpty)
        var unlinked = Call.tab()
        unlinked.isSounding = false
        unlinked.device = "elsewhere"
        #expect(engine.handle(.streamChanged(unlinked)).isEmpty)
        #expect(engine.handle(.streamVanished("tab")).isEmpty)
        #expect(engine.handle(.streamAppeared(Call.tab("tab-2"))).isEmpty)
        #expect(engine.handle(.timePassed(milliseconds: 10_000)).isEmpty)

        _ = engine.handle(.streamVanished("mic"))
        let ended = engine.handle(.streamVanished("tab-2"))
        #expect(ended.contains { if case .interruptionEnded("player", true, _) = $0 { true } else { false } }, "\(ended)")
    }

    @Test("a sounding call stream whose device changes keeps its session interrupted without a word")
    func soundingCallChangesDevice() throws {
        var engine = try Self.sessionInCall()
        var moved = Call.tab()
        moved.device = "headphones"
        let decisions = engine.handle(.streamChanged(moved))
        #expect(!decisions.contains { $0.session == "player" }, "\(decisions)")
        #expect(engine.effects(on: "music") == .silenced(.exclusive))
    }

    @Test("a call stream that stops being a call after a change ends its interruptions")
    func changedIntoNoCall() throws {
        var engine = try Self.sessionInCall()
        var event = Call.tab()
        event.properties["media.role"] = "event"
        let decisions = engine.handle(.streamChanged(event))
        #expect(decisions.contains { if case .interruptionEnded("player", _, _) = $0 { true } else { false } }, "\(decisions)")
    }
}
