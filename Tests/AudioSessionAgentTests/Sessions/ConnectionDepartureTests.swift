import AudioPolicy
import AudioSessionAgent
import AudioSessionModel
import Testing

/// What the registry's events do in the real engine when an app's connection goes away.
@Suite("Connection departure through the engine")
struct ConnectionDepartureTests {
    @Test("the interrupter's connection goes away: the interrupted session is told it may resume, and its music is released")
    func interrupterLeaves() throws {
        var registry = SessionRegistry()
        var engine = PolicyEngine(policy: Policy())
        let music = BusCaller(uniqueName: ":1.10", processID: 10)
        let podcast = BusCaller(uniqueName: ":1.11", processID: 11)

        let player = try registry.register(SessionProperties(applicationID: "org.example.Player"), from: music)
        _ = engine.handle(player.registrationEvent)
        _ = engine.handle(try registry.configure(player.id, by: music.uniqueName, category: "playback", mode: "default", options: []))
        _ = engine.handle(try registry.activate(player.id, by: music.uniqueName))
        _ = engine.handle(.streamAppeared(StreamInfo(id: "song", direction: .playback, session: player.id, isSounding: true)))

        let other = try registry.register(SessionProperties(), from: podcast)
        _ = engine.handle(other.registrationEvent)
        _ = engine.handle(try registry.configure(other.id, by: podcast.uniqueName, category: "playback", mode: "spoken-audio", options: []))
        let interruption = engine.handle(try registry.activate(other.id, by: podcast.uniqueName))
        #expect(interruption.contains { if case .interruptionBegan(player.id, _, _) = $0 { true } else { false } })
        #expect(engine.activity(of: player.id) == .interrupted)

        var decisions: [PolicyDecision] = []
        for event in registry.connectionClosed(podcast.uniqueName) { decisions += engine.handle(event) }

        #expect(decisions.contains { if case .interruptionEnded(player.id, shouldResume: true, _) = $0 { true } else { false } })
        #expect(decisions.contains { if case .unsilence("song", resume: true, _) = $0 { true } else { false } })
        #expect(engine.activity(of: player.id) == .inactive)
        #expect(engine.activity(of: other.id) == nil)
        #expect(engine.effects(on: "song") == .playing)
    }

    @Test("a ducking session's connection goes away: the ducked stream comes back")
    func duckerLeaves() throws {
        var registry = SessionRegistry()
        var engine = PolicyEngine(policy: Policy())
        let navigation = BusCaller(uniqueName: ":1.20")
        _ = engine.handle(.streamAppeared(StreamInfo(id: "music", direction: .playback, properties: ["media.role": "music"], isSounding: true)))

        let prompt = try registry.register(SessionProperties(), from: navigation)
        _ = engine.handle(prompt.registrationEvent)
        _ = engine.handle(try registry.configure(prompt.id, by: navigation.uniqueName, category: "playback", mode: "voice-prompt", options: ["duck-others"]))
        _ = engine.handle(try registry.activate(prompt.id, by: navigation.uniqueName))
        _ = engine.handle(.streamAppeared(StreamInfo(id: "voice", direction: .playback, session: prompt.id, isSounding: true)))
        guard case .ducked = engine.effects(on: "music") else {
            Issue.record("the music should be ducked while the prompt sounds, is \(String(describing: engine.effects(on: "music")))")
            return
        }

        var decisions: [PolicyDecision] = []
        for event in registry.connectionClosed(navigation.uniqueName) { decisions += engine.handle(event) }
        #expect(decisions.contains { if case .unduck("music", _, _) = $0 { true } else { false } })
        #expect(engine.effects(on: "music") == .playing)
    }
}
