import Testing

@testable import AudioPolicy

/// Streams the backend marks as left to a server module (`audiosession.left-to-server`).
@Suite("Engine: streams left to a server module")
struct LeftToServerStreamTests {
    static func engine() throws -> PolicyEngine {
        PolicyEngine(
            policy: try PolicyLoader.forFile().load(explicitFile: PolicyTestPaths.shipped("default.toml")).policy)
    }

    static let left = [StreamInfo.leftToServerKey: "module-role-cork"]

    @Test func explainSaysWhichModuleHasTheStream() throws {
        var engine = try Self.engine()
        let call = StreamInfo(
            id: "call", direction: .playback, properties: ["media.role": "phone"].merging(Self.left) { $1 },
            isSounding: true)
        _ = engine.handle(.streamAppeared(call))
        let explanation = try #require(engine.explanation(of: "call"))
        #expect(explanation.excludedBecause == "left to the server: module-role-cork")
        #expect(explanation.description.contains("left to the server: module-role-cork"))
    }

    /// A stream marked after the agent acted on it (the policy now leaves its role to the server)
    /// is handed back as the user had it: the agent's silence ends.
    @Test func aStreamMarkedLaterIsHandedBack() throws {
        var engine = try Self.engine()
        _ = engine.handle(
            .streamAppeared(
                StreamInfo(id: "song", direction: .playback, properties: ["media.role": "music"], isSounding: true)))
        _ = engine.handle(
            .streamAppeared(
                StreamInfo(id: "ring", direction: .playback, properties: ["media.role": "phone"], isSounding: true)))
        #expect(engine.effects(on: "song") == .silenced(.exclusive))

        let marked = StreamInfo(
            id: "song", direction: .playback, properties: ["media.role": "music"].merging(Self.left) { $1 },
            isSounding: true)
        let decisions = engine.handle(.streamChanged(marked))
        #expect(decisions.contains { if case .unsilence("song", _, _) = $0 { true } else { false } })
        #expect(engine.effects(on: "song") == .playing)
        #expect(engine.explanation(of: "song")?.excludedBecause == "left to the server: module-role-cork")
    }

    @Test func anEmptyMarkLeavesNothing() {
        #expect(
            StreamInfo(id: "s", direction: .playback, properties: [StreamInfo.leftToServerKey: ""]).leftToServerModule
                == nil)
        #expect(StreamInfo(id: "s", direction: .playback).leftToServerModule == nil)
    }
}
