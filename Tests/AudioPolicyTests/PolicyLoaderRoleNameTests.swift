import Testing
@testable import AudioPolicy

@Suite("Policy loader: role names and aliases in files")
struct PolicyLoaderRoleNameTests {
    static let spellings: [(written: String, role: Role)] = [
        ("video", .movie), ("animation", .movie), ("Movie", .movie), ("event", .notification),
        ("Notification", .notification), ("phone", .communication), ("Communication", .communication),
        ("a11y", .accessibility), ("Accessibility", .accessibility), ("Navigation", .navigation), ("none", .none),
    ]

    @Test func everyPulseAudioAndPipeWireSpellingLoadsAsItsCanonicalRole() throws {
        try PolicyLoaderTemporaryTree.with { tree in
            for (written, role) in Self.spellings {
                let file = try tree.write("\(written).toml", "version = 1\n[roles.\(written)]\nduckable = false\n")
                let policy = try PolicyLoader.forFile().load(explicitFile: file).policy
                #expect(policy.roles.keys.map { $0 } == [role], "\(written)")
                #expect(policy.roles[role]?.duckable == false)
            }
        }
    }

    @Test func aliasesListedInMessagesAreAcceptedAndAreNotCanonicalNames() {
        for alias in PolicyVocabulary.roleAliases {
            #expect(Role(normalizing: alias) != nil)
            #expect(Role(rawValue: alias) == nil)
        }
    }

    @Test func appRuleRoleAcceptsAliasesAndRejectsUnknownNames() throws {
        try PolicyLoaderTemporaryTree.with { tree in
            let good = try tree.write("good.toml", "version = 1\n[[app]]\nmatch = [\"orca\"]\nrole = \"a11y\"\n")
            #expect(try PolicyLoader.forFile().load(explicitFile: good).policy.appRules.first?.role == .accessibility)
            let bad = try tree.write("bad.toml", "version = 1\n[[app]]\nmatch = []\nrole = \"screen-reader\"\n")
            #expect {
                _ = try PolicyLoader.forFile().load(explicitFile: bad)
            } throws: { error in
                let shown = (error as? PolicyLoadError)?.problems.map { "\($0.position.map(String.init(describing:)) ?? "") \($0.keyPath): \($0.message)" }
                return shown == [
                    "3:9 app[0].match: expected at least one application id, found an empty array",
                    "4:8 app[0].role: unknown role \"screen-reader\"; expected one of: " + PolicyVocabulary.acceptedRoleNames.joined(separator: ", "),
                ]
            }
        }
    }
}
