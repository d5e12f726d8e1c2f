import AudioSessionModel
import Testing

@testable import AudioPolicy

/// `match-children`: a rule covers what the apps it names start, by their ancestors' binaries.
/// The speech module sd_dummy speaks through sox's `play` (run by a shell), whose stream names only sox.
@Suite("Engine: app rules that cover their apps' children")
struct ParentProcessMatchTests {
    typealias Evidence = IdentityEvidenceTests

    static let soxOfDummyModule = AppIdentity(processBinary: "sox", processID: 900, ancestorBinaries: ["dash", "sd_dummy", "speech-dispatcher"])

    @Test("the shipped speech rule covers the sox sd_dummy runs through a shell, and explain names the ancestor it matched by")
    func shippedRuleCoversTheModulesPlayer() throws {
        let (effect, text) = try Evidence.musicEffectDuringACall(app: Self.soxOfDummyModule)
        #expect(effect == .playing, "\(text)")
        #expect(text.contains(#"exempt app: claimed ancestor process binary "sd_dummy" (rule for speech-dispatcher"#), "\(text)")
    }

    @Test("without match-children the same rule does not reach the child; the child's own ids come first")
    func onlyWithMatchChildren() throws {
        var policy = try Evidence.shippedEngine().state.policy
        policy.appRules = policy.appRules.map { rule in
            var rule = rule
            rule.matchChildren = false
            return rule
        }
        let (effect, text) = try Evidence.musicEffectDuringACall(app: Self.soxOfDummyModule, policy: policy)
        #expect(effect == .silenced(.interruption), "\(text)")

        // A child whose own binary a rule names is matched by it, not by its parent.
        let speechChild = AppIdentity(processBinary: "orca", ancestorBinaries: ["sd_dummy"])
        let (_, own) = try Evidence.musicEffectDuringACall(app: speechChild)
        #expect(own.contains(#"exempt app: claimed process binary "orca""#), "\(own)")
    }

    @Test("a sandboxed app's ancestors never count, nor ancestors at an evidence level the rule does not accept")
    func sandboxAndEvidence() throws {
        let sandboxed = AppIdentity(processBinary: "sox", flatpakID: "org.example.Game", ancestorBinaries: ["sd_dummy"], evidence: .init(flatpakID: .verified))
        let (effect, text) = try Evidence.musicEffectDuringACall(app: sandboxed)
        #expect(effect == .silenced(.interruption), "\(text)")

        let declaredParent = AppIdentity(processBinary: "sox", ancestorBinaries: ["sd_dummy"], evidence: .init(ancestorBinaries: .declared))
        let (declaredEffect, declaredText) = try Evidence.musicEffectDuringACall(app: declaredParent)
        #expect(declaredEffect == .silenced(.interruption), "\(declaredText)")
    }
}
