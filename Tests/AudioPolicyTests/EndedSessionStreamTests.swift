import AudioSessionModel
import Testing

@testable import AudioPolicy

/// A call app deactivates with notify-others and quits; its stream lingers on the server for a
/// moment, and the server may still report it changed (corked, its session resolved anew). The
/// music app resuming meanwhile must not find that leftover holding priority.
@Suite("Streams an ended session leaves behind")
struct EndedSessionStreamTests {
    static let policy = Policy(
        rankRules: [RankRule(name: "calls", categories: [.playAndRecord], modes: [.voiceChat], rank: 90, exclusive: false)],
        roles: [
            .communication: RoleBehavior(category: .playAndRecord, mode: .voiceChat, trigger: true),
            .music: RoleBehavior(category: .playback),
        ])

    /// The call's far-end stream as the agent reports it: role phone, sounding.
    static func farEnd(session: SessionID?) -> StreamInfo {
        StreamInfo(id: "sink-input:1", direction: .playback, properties: ["media.role": "phone"], session: session, isSounding: true)
    }

    @Test("a change reported for the leftover stream does not make it hold priority")
    func leftoverStaysExcluded() throws {
        var engine = PolicyEngine(policy: Self.policy)
        let player: SessionID = "player"
        let call: SessionID = "call"
        _ = engine.handle(.sessionRegistered(player, app: AppIdentity(applicationID: "org.example.Music")))
        _ = engine.handle(.sessionConfigured(player, try SessionConfiguration(category: .playback)))
        _ = engine.handle(.sessionActivated(player))
        _ = engine.handle(.sessionRegistered(call, app: AppIdentity(applicationID: "org.example.Call")))
        _ = engine.handle(.sessionConfigured(call, try SessionConfiguration(category: .playAndRecord, mode: .voiceChat)))
        _ = engine.handle(.sessionActivated(call))
        _ = engine.handle(.streamAppeared(Self.farEnd(session: call)))
        _ = engine.handle(.sessionDeactivated(call, notifyOthers: true))
        _ = engine.handle(.sessionEnded(call))

        // The server's last word about the stream, with the session the agent resolved before.
        _ = engine.handle(.streamChanged(Self.farEnd(session: call)))
        let resumed = engine.handle(.sessionActivated(player))
        #expect(resumed.contains { if case .activated(player, _) = $0 { true } else { false } }, "\(resumed)")

        // Resolved to no session at all: still the leftover of the ended one.
        _ = engine.handle(.streamChanged(Self.farEnd(session: nil)))
        _ = engine.handle(.sessionDeactivated(player, notifyOthers: false))
        let again = engine.handle(.sessionActivated(player))
        #expect(again.contains { if case .activated(player, _) = $0 { true } else { false } }, "\(again)")
    }

    @Test("a stream still there two seconds after its session ended is its app's legacy stream")
    func leftoverThatPlaysOnBecomesLegacy() throws {
        var engine = PolicyEngine(policy: Self.policy)
        let player: SessionID = "player"
        let call: SessionID = "call"
        _ = engine.handle(.timePassed(milliseconds: 10_000))
        _ = engine.handle(.sessionRegistered(player, app: AppIdentity(applicationID: "org.example.Music")))
        _ = engine.handle(.sessionConfigured(player, try SessionConfiguration(category: .playback)))
        _ = engine.handle(.sessionRegistered(call, app: AppIdentity(applicationID: "org.example.Call")))
        _ = engine.handle(.sessionConfigured(call, try SessionConfiguration(category: .playAndRecord, mode: .voiceChat)))
        _ = engine.handle(.sessionActivated(call))
        _ = engine.handle(.streamAppeared(Self.farEnd(session: call)))
        _ = engine.handle(.sessionEnded(call))  // closed its session; its process plays on
        _ = engine.handle(.streamChanged(Self.farEnd(session: nil)))
        #expect(engine.nextDeadline == 10_000 + PolicyEngine.leftoverGraceMilliseconds)

        _ = engine.handle(.timePassed(milliseconds: 10_000 + PolicyEngine.leftoverGraceMilliseconds - 1))
        let early = engine.handle(.sessionActivated(player))
        #expect(early.contains { if case .activated(player, _) = $0 { true } else { false } }, "\(early)")
        _ = engine.handle(.sessionDeactivated(player, notifyOthers: false))

        _ = engine.handle(.timePassed(milliseconds: 10_000 + PolicyEngine.leftoverGraceMilliseconds))
        #expect(engine.nextDeadline == nil)
        let late = engine.handle(.sessionActivated(player))
        #expect(late.contains { if case .activationRefused(player, _, _) = $0 { true } else { false } }, "\(late)")
    }

    @Test("control: a phone stream no session ever owned holds priority against the music")
    func legacyPhoneStreamHoldsPriority() throws {
        var engine = PolicyEngine(policy: Self.policy)
        let player: SessionID = "player"
        _ = engine.handle(.sessionRegistered(player, app: AppIdentity(applicationID: "org.example.Music")))
        _ = engine.handle(.sessionConfigured(player, try SessionConfiguration(category: .playback)))
        _ = engine.handle(.streamAppeared(Self.farEnd(session: nil)))
        let refused = engine.handle(.sessionActivated(player))
        #expect(refused.contains { if case .activationRefused(player, _, _) = $0 { true } else { false } }, "\(refused)")
    }
}
