import AudioSessionModel
import Testing
@testable import AudioPolicy

@Suite("Policy loader: fragments merge over the base")
struct PolicyLoaderMergeTests {
    static let base = """
        version = 1
        enabled = true

        [ducking]
        level = 0.3
        ramp-down-ms = 250

        [[rank]]
        name = "calls"
        categories = ["play-and-record"]
        rank = 90

        [roles.music]
        category = "playback"
        options = ["mix-with-others"]
        duckable = true

        [[exclude]]
        why = "meters"
        property = "resample.method"
        equals = "peaks"
        """

    static let fragment = """
        version = 1
        enabled = false

        [ducking]
        level = 0.1

        [[rank]]
        name = "games"
        categories = ["ambient"]
        rank = 5

        [roles.music]
        options = []

        [roles.phone]
        category = "play-and-record"
        mode = "voice-chat"
        trigger = true

        [[exclude]]
        why = "agent"
        property = "audiosession.agent"
        present = true
        """

    static func load(base: String, fragments: [String]) throws -> LoadedPolicy {
        try PolicyLoaderTemporaryTree.with { tree in
            let environment = ["XDG_CONFIG_HOME": tree.path("config"), "XDG_CONFIG_DIRS": tree.path("system")]
            try tree.write("config/audiosession/policy.toml", base)
            for (index, fragment) in fragments.enumerated() {
                try tree.write("config/audiosession/policy.d/\(index)-fragment.toml", fragment)
            }
            let loader = PolicyLoader(
                fileSystem: LocalPolicyFileSystem(),
                searchPath: PolicySearchPath(environment: environment, shippedPolicy: tree.path("none.toml")))
            return try loader.load()
        }
    }

    @Test func tablesMergeKeyByKeyArraysOfTablesAppendAndTheRestIsReplaced() throws {
        let policy = try Self.load(base: Self.base, fragments: [Self.fragment]).policy
        // Scalars replaced; keys the fragment does not name are kept.
        #expect(!policy.enabled)
        #expect(policy.ducking.level == 0.1)
        #expect(policy.ducking.rampDownMilliseconds == 250)
        // [[rank]] and [[exclude]] append in file order.
        #expect(policy.rankRules.map(\.name) == ["calls", "games"])
        #expect(policy.exclusions.map(\.why) == ["meters", "agent"])
        // A plain array is replaced whole, inside a table that otherwise merges key by key.
        let music = try #require(policy.roles[.music])
        #expect(music.options == [])
        #expect(music.category == .playback && music.duckable)
        // A fragment may add a role under an alias.
        #expect(policy.roles[.communication]?.trigger == true)
    }

    @Test func overridingAppRulesOfFragmentsAreAskedBeforeTheBasesAndABadFlagIsNamed() throws {
        let base = Self.base + "\n\n[[app]]\nmatch = [\"firefox\", \"chromium\"]\ncall-while-capturing = true\n"
        let plain = "version = 1\n[[app]]\nmatch = [\"firefox\"]\nrole = \"music\"\n"
        let overriding = "version = 1\n[[app]]\nmatch = [\"firefox\"]\nexempt = true\noverrides = true\n"
        let policy = try Self.load(base: base, fragments: [plain, overriding]).policy
        #expect(policy.appRules.map(\.overrides) == [true, false, false])
        #expect(policy.appRules.first?.exempt == true, "the overriding fragment's rule is asked first")
        #expect(policy.appRules.dropFirst().first?.callWhileCapturing == true, "then the base's, in file order")
        #expect {
            _ = try Self.load(base: base, fragments: ["version = 1\n[[app]]\nmatch = [\"x\"]\noverrides = \"yes\"\n"])
        } throws: { error in
            (error as? PolicyLoadError)?.problems.first?.description.hasSuffix("0-fragment.toml:4:13: app[1].overrides: expected true or false, found string \"yes\"") == true
        }
    }

    @Test func matchChildrenIsReadAndABadValueIsNamed() throws {
        let policy = try Self.load(base: Self.base, fragments: ["version = 1\n[[app]]\nmatch = [\"sd_dummy\"]\nmatch-children = true\n"]).policy
        #expect(policy.appRules.map(\.matchChildren) == [true])
        #expect {
            _ = try Self.load(base: Self.base, fragments: ["version = 1\n[[app]]\nmatch = [\"x\"]\nmatch-children = 1\n"])
        } throws: { error in
            (error as? PolicyLoadError)?.problems.first?.description.hasSuffix("0-fragment.toml:4:18: app[0].match-children: expected true or false, found integer 1") == true
        }
    }

    @Test func problemsInAFragmentNameTheFragmentAndItsLine() throws {
        let broken = "version = 1\n\n[ducking]\nlevel = 2\n"
        #expect {
            _ = try Self.load(base: Self.base, fragments: [broken])
        } throws: { error in
            guard let problem = (error as? PolicyLoadError)?.problems.first else { return false }
            #expect(problem.file.hasSuffix("/policy.d/0-fragment.toml"))
            #expect(problem.description.hasSuffix("0-fragment.toml:4:9: ducking.level: 2 is out of range; expected a number from 0.0 to 1.0"))
            return true
        }
    }

    @Test func aRoleGivenUnderTwoNamesInDifferentFilesIsReportedWithBothPlaces() throws {
        let baseWithPhone = Self.base + "\n\n[roles.communication]\ncategory = \"play-and-record\"\n"
        let fragment = "version = 1\n[roles.Phone]\ntrigger = true\n"
        #expect {
            _ = try Self.load(base: baseWithPhone, fragments: [fragment])
        } throws: { error in
            guard let problems = (error as? PolicyLoadError)?.problems, problems.count == 1, let problem = problems.first else { return false }
            #expect(problem.file.hasSuffix("0-fragment.toml"))
            #expect(problem.keyPath == "roles.Phone")
            #expect(problem.message.hasPrefix(#"role "communication" is defined twice ("Phone" is an alias of "communication"); first defined as "roles.communication" at "#))
            #expect(problem.message.hasSuffix("/audiosession/policy.toml:23"))
            return true
        }
    }

    @Test func everyFileNeedsItsVersionAndSyntaxErrorsOfAllFilesAreReported() throws {
        let noVersion = "enabled = false\n"
        let badSyntax = "version = 1\nenabled = \n"
        #expect {
            _ = try Self.load(base: Self.base, fragments: [noVersion, badSyntax])
        } throws: { error in
            guard let problems = (error as? PolicyLoadError)?.problems else { return false }
            let shown = problems.map { $0.description.split(separator: "/").last.map(String.init) ?? "" }
            #expect(shown == [
                "0-fragment.toml: version: missing; expected version = 1 at the top of the file",
                "1-fragment.toml:2:11: expected a value for 'enabled' (string, number, boolean, array or inline table), found end of line",
            ])
            return true
        }
    }
}
