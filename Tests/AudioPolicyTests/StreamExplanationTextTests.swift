import Testing
import AudioSessionModel

@testable import AudioPolicy

/// The text behind `audiosessionctl explain`: words for people, no Swift type names, and the
/// effect said once.
@Suite("Engine: explanation text")
struct StreamExplanationTextTests {
    @Test func aCallSilencingMusicReadsAsWords() throws {
        var engine = PolicyEngine(
            policy: try PolicyLoader.forFile().load(explicitFile: PolicyTestPaths.shipped("default.toml")).policy)
        _ = engine.handle(.streamAppeared(StreamInfo(id: "music", direction: .playback, properties: ["media.role": "music"], isSounding: true)))
        _ = engine.handle(.streamAppeared(StreamInfo(id: "call", direction: .playback, properties: ["media.role": "phone"], isSounding: true)))
        let text = try #require(engine.explanation(of: "music")).description
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "stream music: silenced, role music, through stream music", "\(text)")
        #expect(lines.contains { $0 == "silenced: stream call (rank 90) outranks it and plays alone (exclusive)" }, "the call's rank: \(text)")
        #expect(!text.contains("AudioPolicy."), "no type names: \(text)")
        #expect(!text.contains("SilenceCause"), "\(text)")
        #expect(lines.filter { $0.contains("silenced,") }.count == 1, "the effect is said once: \(text)")
    }

    @Test func anInterruptedSessionsStreamSaysWhoInterruptedIt() {
        let explanation = StreamExplanation(
            stream: "song", effect: .silenced(.interruption), role: .music, participant: .session("1"),
            excludedBecause: nil, duckedBy: [:], silencedBy: [:], sessionInterruptedBy: [.session("2")], policyEnabled: true)
        #expect(explanation.description == "stream song: silenced, role music, through session 1\nsilenced: interrupted by session 2")
    }

    @Test func aSessionsInterrupterAndADuckerCarryTheirRanks() throws {
        var engine = PolicyEngine(
            policy: try PolicyLoader.forFile().load(explicitFile: PolicyTestPaths.shipped("default.toml")).policy)
        let player = try SessionConfiguration(category: .playback)
        let prompt = try SessionConfiguration(category: .playback, mode: .voicePrompt, options: [.duckOthers])
        _ = engine.handle(.sessionRegistered("player", app: AppIdentity(applicationID: "org.example.Player")))
        _ = engine.handle(.sessionConfigured("player", player))
        _ = engine.handle(.streamAppeared(StreamInfo(id: "song", direction: .playback, properties: [:], session: "player", isSounding: true)))
        _ = engine.handle(.sessionActivated("player"))
        _ = engine.handle(.streamAppeared(StreamInfo(id: "tab", direction: .playback, properties: [:], isSounding: true)))
        _ = engine.handle(.sessionRegistered("maps", app: AppIdentity(applicationID: "org.example.Maps")))
        _ = engine.handle(.sessionConfigured("maps", prompt))
        _ = engine.handle(.streamAppeared(StreamInfo(id: "cue", direction: .playback, properties: [:], session: "maps", isSounding: true)))
        _ = engine.handle(.sessionActivated("maps"))
        let ducked = try #require(engine.explanation(of: "tab")).description
        #expect(ducked.contains("ducked to 0.3 by session maps (duck-others, rank 80)"), "\(ducked)")

        _ = engine.handle(.sessionRegistered("phone", app: AppIdentity(applicationID: "org.example.Phone")))
        _ = engine.handle(.sessionConfigured("phone", try SessionConfiguration(category: .playAndRecord, mode: .voiceChat)))
        _ = engine.handle(.sessionActivated("phone"))
        let interrupted = try #require(engine.explanation(of: "song")).description
        #expect(interrupted.contains("silenced: interrupted by session phone (rank 90)"), "\(interrupted)")
    }

    @Test func aDuckReadsAsAFractionOfTheVolume() throws {
        let explanation = StreamExplanation(
            stream: "song", effect: .ducked(level: 0.3), role: .music, participant: .stream("song"),
            excludedBecause: nil, duckedBy: [.session("nav"): 0.3], silencedBy: [:], sessionInterruptedBy: [],
            policyEnabled: true)
        #expect(explanation.description == "stream song: ducked to 0.3 of its volume, role music, through stream song\nducked to 0.3 by session nav (duck-others)")
    }

    @Test func theAppsIdsAndProcessShowWithTheirEvidence() throws {
        var engine = PolicyEngine(
            policy: try PolicyLoader.forFile().load(explicitFile: PolicyTestPaths.shipped("default.toml")).policy)
        let app = AppIdentity(
            processBinary: "pw-cat", processID: 4242, evidence: AppIdentity.Evidence(processID: .verified))
        _ = engine.handle(.streamAppeared(StreamInfo(id: "tone", direction: .playback, properties: [:], app: app, isSounding: true)))
        _ = engine.handle(.streamAppeared(StreamInfo(id: "bare", direction: .playback, properties: [:], isSounding: true)))
        let lines = try #require(engine.explanation(of: "tone")).description.split(separator: "\n").map(String.init)
        #expect(lines.contains(#"app: process binary "pw-cat" (claimed), process 4242 (verified)"#), "\(lines)")
        let bare = try #require(engine.explanation(of: "bare")).description
        #expect(!bare.contains("app:"), "an app that names nothing has no line: \(bare)")
    }
}
