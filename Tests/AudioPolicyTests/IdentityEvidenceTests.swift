import AudioSessionModel
import Testing

@testable import AudioPolicy

/// `[[app]]` and `[[rank]]` rules count an id only at an evidence level they accept: by default
/// verified or claimed, never a sandboxed app's claimed or declared id.
@Suite("Engine: identity evidence in app and rank rules")
struct IdentityEvidenceTests {
    static func shippedEngine() throws -> PolicyEngine {
        PolicyEngine(policy: try PolicyLoader.forFile().load(explicitFile: PolicyTestPaths.shipped("default.toml")).policy)
    }

    /// A call session interrupts the playback session of `app`, silencing its stream, unless `app` is exempt.
    static func musicEffectDuringACall(app: AppIdentity, policy: Policy? = nil) throws -> (StreamEffect?, String) {
        var engine = try policy.map { PolicyEngine(policy: $0) } ?? shippedEngine()
        _ = engine.handle(.sessionRegistered("reader", app: app))
        _ = engine.handle(.sessionConfigured("reader", try SessionConfiguration(category: .playback)))
        _ = engine.handle(.streamAppeared(
            StreamInfo(id: "speech", direction: .playback, properties: [:], session: "reader", app: app, isSounding: true)))
        _ = engine.handle(.sessionActivated("reader"))
        _ = engine.handle(.sessionRegistered("phone", app: AppIdentity(applicationID: "org.example.Phone")))
        _ = engine.handle(.sessionConfigured("phone", try SessionConfiguration(category: .playAndRecord, mode: .voiceChat)))
        _ = engine.handle(.streamAppeared(
            StreamInfo(id: "call", direction: .playback, properties: [:], session: "phone", isSounding: true)))
        _ = engine.handle(.sessionActivated("phone"))
        let explanation = engine.explanation(of: "speech")
        return (explanation?.effect, explanation?.description ?? "no stream")
    }

    @Test func aDeclaredApplicationIDAloneIsNotExempt() throws {
        let app = AppIdentity(applicationID: "orca", processBinary: "python3", evidence: .init(applicationID: .declared, processBinary: .verified))
        let (effect, text) = try Self.musicEffectDuringACall(app: app)
        #expect(effect == .silenced(.interruption), "\(text)")
    }

    @Test func aClaimedBinaryIsExemptAndExplainSaysSo() throws {
        let (effect, text) = try Self.musicEffectDuringACall(app: AppIdentity(processBinary: "orca"))
        #expect(effect == .playing, "\(text)")
        #expect(text.contains(#"exempt app: claimed process binary "orca" (rule for orca; manifest)"#), "\(text)")
    }

    @Test func explainNamesTheAppRuleARoleLessStreamTookItsRoleFrom() throws {
        var policy = try Self.shippedEngine().state.policy
        policy.appRules.append(AppRule(match: ["org.example.Softphone"], role: .communication))
        var engine = PolicyEngine(policy: policy)
        let app = AppIdentity(applicationID: "org.example.Softphone")
        _ = engine.handle(.streamAppeared(StreamInfo(id: "ring", direction: .playback, properties: [:], app: app, isSounding: true)))
        _ = engine.handle(.streamAppeared(
            StreamInfo(id: "named", direction: .playback, properties: ["media.role": "event"], app: app, isSounding: true)))
        let text = engine.explanation(of: "ring")?.description ?? "no stream"
        #expect(
            text.contains(#"role communication from its app's rule: claimed application id "org.example.Softphone" (rule for org.example.Softphone)"#),
            "\(text)")
        let named = engine.explanation(of: "named")?.description ?? "no stream"
        #expect(!named.contains("from its app's rule"), "a stream that names its role keeps it: \(named)")
    }

    @Test func aVerifiedBinaryIsExemptAndExplainSaysSo() throws {
        let app = AppIdentity(applicationID: "x", processBinary: "orca", evidence: .init(applicationID: .declared, processBinary: .verified))
        let (effect, text) = try Self.musicEffectDuringACall(app: app)
        #expect(effect == .playing, "\(text)")
        #expect(text.contains(#"verified process binary "orca""#), "\(text)")
    }

    @Test func aSandboxedAppsClaimedOrDeclaredIDNeverStandsInForItsFlatpakID() throws {
        let claimed = AppIdentity(processBinary: "orca", flatpakID: "org.example.Game", evidence: .init(flatpakID: .verified))
        #expect(try Self.musicEffectDuringACall(app: claimed).0 == .silenced(.interruption))
        // Even a rule that accepts every level counts only the sandbox's verified id.
        var policy = try Self.shippedEngine().state.policy
        policy.appRules = [AppRule(match: ["orca", "org.example.Reader"], exempt: true, evidence: Set(IdentityEvidence.allCases))]
        let declared = AppIdentity(
            applicationID: "orca", flatpakID: "org.example.Game", evidence: .init(applicationID: .declared, flatpakID: .verified))
        #expect(try Self.musicEffectDuringACall(app: declared, policy: policy).0 == .silenced(.interruption))
        let verified = AppIdentity(
            applicationID: "orca", flatpakID: "org.example.Reader", evidence: .init(applicationID: .declared, flatpakID: .verified))
        let (effect, text) = try Self.musicEffectDuringACall(app: verified, policy: policy)
        #expect(effect == .playing, "\(text)")
        #expect(text.contains(#"verified Flatpak app id "org.example.Reader""#), "\(text)")
    }

    @Test func aRuleThatAcceptsDeclaredIDsMatchesThem() throws {
        var policy = try Self.shippedEngine().state.policy
        policy.appRules = [AppRule(match: ["orca"], exempt: true, evidence: [.declared])]
        let app = AppIdentity(applicationID: "orca", evidence: .init(applicationID: .declared))
        let (effect, text) = try Self.musicEffectDuringACall(app: app, policy: policy)
        #expect(effect == .playing, "\(text)")
        #expect(text.contains(#"declared application id "orca""#), "\(text)")
    }

    @Test func aReservedRankNeedsAnIDAtAnAcceptedLevel() throws {
        let calls = RankRule(name: "calls", categories: [.playAndRecord], apps: ["org.example.Phone"], rank: 90, exclusive: true)
        var engine = PolicyEngine(policy: Policy(rankRules: [calls]))
        let configuration = try SessionConfiguration(category: .playAndRecord, mode: .voiceChat)
        let declared = AppIdentity(applicationID: "org.example.Phone", evidence: .init(applicationID: .declared))
        #expect(engine.rank(of: configuration, app: declared).0 == 50)
        let verified = AppIdentity(flatpakID: "org.example.Phone", evidence: .init(flatpakID: .verified))
        #expect(engine.rank(of: configuration, app: verified).0 == 90)
        engine = PolicyEngine(policy: Policy(rankRules: [RankRule(
            name: "calls", apps: ["org.example.Phone"], rank: 90, evidence: [.verified, .claimed, .declared])]))
        #expect(engine.rank(of: configuration, app: declared).0 == 90)
    }

    @Test func explainNamesTheIDAReservedRankWasWonByAndAnExemptSessionsID() throws {
        let calls = RankRule(name: "calls", categories: [.playAndRecord], apps: ["org.example.Phone"], rank: 90, exclusive: true)
        let reader = AppRule(match: ["orca"], exempt: true)
        var engine = PolicyEngine(policy: Policy(
            rankRules: [calls], roles: [.music: RoleBehavior(category: .playback, options: [.mixWithOthers])], appRules: [reader]))
        let speech = AppIdentity(processBinary: "orca", evidence: .init(processBinary: .verified))
        _ = engine.handle(.sessionRegistered("reader", app: speech))
        _ = engine.handle(.sessionConfigured("reader", try SessionConfiguration(category: .playback)))
        _ = engine.handle(.streamAppeared(
            StreamInfo(id: "speech", direction: .playback, properties: [:], session: "reader", isSounding: true)))
        _ = engine.handle(.sessionActivated("reader"))
        _ = engine.handle(.streamAppeared(
            StreamInfo(id: "song", direction: .playback, properties: ["media.role": "music"], isSounding: true)))
        let phone = AppIdentity(flatpakID: "org.example.Phone", evidence: .init(flatpakID: .verified))
        _ = engine.handle(.sessionRegistered("phone", app: phone))
        _ = engine.handle(.sessionConfigured("phone", try SessionConfiguration(category: .playAndRecord, mode: .voiceChat)))
        _ = engine.handle(.sessionActivated("phone"))

        let song = try #require(engine.explanation(of: "song")).description
        #expect(song.contains(#"session phone (rank 90 as verified Flatpak app id "org.example.Phone")"#), "\(song)")
        let exempt = try #require(engine.explanation(of: "speech"))
        #expect(exempt.effect == .playing, "\(exempt)")
        #expect(
            exempt.description.contains(#"its session's app is exempt: verified process binary "orca" (rule for orca)"#),
            "\(exempt)")
    }
}
