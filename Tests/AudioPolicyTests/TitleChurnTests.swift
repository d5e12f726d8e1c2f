import Testing

@testable import AudioPolicy

/// A stream whose title changes (Firefox sets `media.name` to the tab's title at every change).
@Suite("Engine: changes the policy does not read")
struct TitleChurnTests {
    static func engine() throws -> PolicyEngine {
        PolicyEngine(
            policy: try PolicyLoader.forFile().load(explicitFile: PolicyTestPaths.shipped("default.toml")).policy)
    }

    static func browser(title: String, sounding: Bool = true) -> StreamInfo {
        StreamInfo(
            id: "tab", direction: .playback, properties: ["media.name": title, "application.name": "Firefox"],
            app: AppIdentity(processBinary: "firefox-esr"), isSounding: sounding)
    }

    @Test("a silenced stream whose title changes is not touched, and its new title is kept")
    func titleChangeDuringACall() throws {
        var engine = try Self.engine()
        _ = engine.handle(.streamAppeared(Self.browser(title: "Chat")))
        _ = engine.handle(
            .streamAppeared(
                StreamInfo(id: "call", direction: .playback, properties: ["media.role": "phone"], isSounding: true)))
        #expect(engine.effects(on: "tab") == .silenced(.exclusive))
        for n in 1...20 {
            let decisions = engine.handle(.streamChanged(Self.browser(title: "(\(n)) Chat")))
            #expect(decisions.isEmpty, "title change \(n)")
        }
        #expect(engine.effects(on: "tab") == .silenced(.exclusive))
        #expect(engine.state.streams["tab"]?.info.properties["media.name"] == "(20) Chat")
    }

    @Test("a paused, silenced stream whose title changes is not touched")
    func titleChangeWhilePaused() throws {
        var engine = try Self.engine()
        _ = engine.handle(.streamAppeared(Self.browser(title: "Chat")))
        _ = engine.handle(
            .streamAppeared(
                StreamInfo(id: "call", direction: .playback, properties: ["media.role": "phone"], isSounding: true)))
        // The player paused over MPRIS; it stays paused long enough to count as paused.
        _ = engine.handle(.timePassed(milliseconds: 100))
        _ = engine.handle(.streamSoundingChanged("tab", isSounding: false))
        _ = engine.handle(.timePassed(milliseconds: 5000))
        for n in 1...20 {
            let decisions = engine.handle(.streamChanged(Self.browser(title: "(\(n)) Chat", sounding: false)))
            #expect(decisions.isEmpty, "title change \(n)")
        }
        #expect(engine.effects(on: "tab") == .silenced(.exclusive))
        #expect(engine.state.streams["tab"]?.info.properties["media.name"] == "(20) Chat")
    }

    @Test("a change of role is still a change: the stream is decided again")
    func roleChangeIsDecided() throws {
        var engine = try Self.engine()
        _ = engine.handle(.streamAppeared(Self.browser(title: "Chat")))
        _ = engine.handle(
            .streamAppeared(
                StreamInfo(id: "call", direction: .playback, properties: ["media.role": "phone"], isSounding: true)))
        var call = Self.browser(title: "Chat")
        call.properties["media.role"] = "phone"
        let decisions = engine.handle(.streamChanged(call))
        #expect(decisions.contains { if case .unsilence("tab", _, _) = $0 { true } else { false } })
    }
}
