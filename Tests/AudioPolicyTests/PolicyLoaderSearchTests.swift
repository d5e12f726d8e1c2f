import AudioSessionModel
import Testing
@testable import AudioPolicy

@Suite("Policy loader: search order over a private XDG tree")
struct PolicyLoaderSearchTests {
    static let shipped = PolicyTestPaths.shipped("default.toml")

    /// `home/.config` is the user level, `etc/xdg` the system level.
    static func loader(_ tree: PolicyLoaderTemporaryTree, environment extra: [String: String] = [:]) -> PolicyLoader {
        var environment = ["HOME": tree.path("home"), "XDG_CONFIG_DIRS": tree.path("etc/xdg")]
        environment.merge(extra) { $1 }
        return PolicyLoader(
            fileSystem: LocalPolicyFileSystem(),
            searchPath: PolicySearchPath(environment: environment, shippedPolicy: shipped))
    }

    static func policy(level: Double) -> String {
        "version = 1\n[ducking]\nlevel = \(level)\n"
    }

    @Test func withNoConfigurationTheShippedDefaultIsUsed() throws {
        try PolicyLoaderTemporaryTree.with { tree in
            let loaded = try Self.loader(tree).load()
            #expect(loaded.files == [Self.shipped])
            #expect(loaded.policy.ducking.level == 0.3)
        }
    }

    @Test func systemPolicyReplacesTheShippedOneAndFragmentsOfBothLevelsApplyInOrder() throws {
        try PolicyLoaderTemporaryTree.with { tree in
            let base = try tree.write("etc/xdg/audiosession/policy.toml", Self.policy(level: 0.5))
            let systemFragment = try tree.write("etc/xdg/audiosession/policy.d/50-site.toml", "version = 1\nenabled = false\n")
            let userFragment = try tree.write("home/.config/audiosession/policy.d/10-me.toml", "version = 1\nenabled = true\n")
            let loaded = try Self.loader(tree).load()
            #expect(loaded.files == [base, systemFragment, userFragment])
            #expect(loaded.policy.ducking.level == 0.5)
            // The user's fragment comes last, so it wins.
            #expect(loaded.policy.enabled)
        }
    }

    @Test func userPolicyReplacesEverythingBelowItButItsOwnFragmentsStillApply() throws {
        try PolicyLoaderTemporaryTree.with { tree in
            try tree.write("etc/xdg/audiosession/policy.toml", Self.policy(level: 0.5))
            try tree.write("etc/xdg/audiosession/policy.d/50-site.toml", "version = 1\nenabled = false\n")
            let base = try tree.write("home/.config/audiosession/policy.toml", Self.policy(level: 0.7))
            let fragment = try tree.write("home/.config/audiosession/policy.d/90-ramp.toml", "version = 1\n[ducking]\nramp-up-ms = 900\n")
            let loaded = try Self.loader(tree).load()
            #expect(loaded.files == [base, fragment])
            #expect(loaded.policy.ducking == Policy.Ducking(level: 0.7, rampDownMilliseconds: 250, rampUpMilliseconds: 900))
            #expect(loaded.policy.enabled)
        }
    }

    @Test func xdgConfigHomeTakesPrecedenceOverHome() throws {
        try PolicyLoaderTemporaryTree.with { tree in
            try tree.write("home/.config/audiosession/policy.toml", Self.policy(level: 0.1))
            let base = try tree.write("xdg-home/audiosession/policy.toml", Self.policy(level: 0.2))
            let loaded = try Self.loader(tree, environment: ["XDG_CONFIG_HOME": tree.path("xdg-home")]).load()
            #expect(loaded.files == [base])
            #expect(loaded.policy.ducking.level == 0.2)
        }
    }

    @Test func firstDirectoryOfXdgConfigDirsIsTheMoreImportant() throws {
        try PolicyLoaderTemporaryTree.with { tree in
            try tree.write("vendor/audiosession/policy.toml", Self.policy(level: 0.1))
            let preferred = try tree.write("site/audiosession/policy.toml", Self.policy(level: 0.2))
            let dirs = tree.path("site") + ":" + tree.path("vendor")
            let loaded = try Self.loader(tree, environment: ["XDG_CONFIG_DIRS": dirs]).load()
            #expect(loaded.files == [preferred])
        }
    }

    @Test func explicitPolicyIsTheWholePolicy() throws {
        try PolicyLoaderTemporaryTree.with { tree in
            try tree.write("home/.config/audiosession/policy.toml", Self.policy(level: 0.1))
            try tree.write("home/.config/audiosession/policy.d/10-me.toml", "version = 1\nenabled = false\n")
            let explicit = try tree.write("elsewhere/car.toml", Self.policy(level: 0.9))
            let loaded = try Self.loader(tree).load(explicitFile: explicit)
            #expect(loaded.files == [explicit])
            #expect(loaded.policy.ducking.level == 0.9)
            #expect(loaded.policy.enabled)
        }
    }

    @Test func fragmentsAreReadInByteOrderAndOnlyVisibleTomlFilesCount() throws {
        try PolicyLoaderTemporaryTree.with { tree in
            let directory = "home/.config/audiosession/policy.d/"
            let ten = try tree.write(directory + "10-a.toml", Self.policy(level: 0.1))
            let two = try tree.write(directory + "2-b.toml", Self.policy(level: 0.2))
            let twenty = try tree.write(directory + "20-c.toml", Self.policy(level: 0.4))
            try tree.write(directory + "README", "not a policy")
            try tree.write(directory + "30-d.toml.orig", "version = 1\nenabled = false\n")
            try tree.write(directory + ".99-hidden.toml", "version = 1\nenabled = false\n")
            let loaded = try Self.loader(tree).load()
            // Byte order: "-" (0x2D) sorts before "0" (0x30), so "2-b" comes before "20-c".
            #expect(loaded.files == [Self.shipped, ten, two, twenty])
            #expect(loaded.policy.ducking.level == 0.4)
            #expect(loaded.policy.enabled)
        }
    }

    @Test func searchPathFollowsTheXdgDefaults() {
        let search = PolicySearchPath(environment: ["HOME": "/home/ada/"], shippedPolicy: "/usr/share/p.toml")
        #expect(search.levels.map(\.directory) == ["/etc/xdg/audiosession", "/home/ada/.config/audiosession"])
        let relative = PolicySearchPath(
            environment: ["HOME": "/h", "XDG_CONFIG_HOME": "relative", "XDG_CONFIG_DIRS": "rel:/a:/b"], shippedPolicy: "/p")
        // Relative paths are ignored, as the XDG specification requires.
        #expect(relative.levels.map(\.directory) == ["/b/audiosession", "/a/audiosession", "/h/.config/audiosession"])
        #expect(PolicySearchPath(environment: [:], shippedPolicy: "/p").levels.map(\.baseFile) == ["/etc/xdg/audiosession/policy.toml"])
    }

    /// A file system that refuses one path, as an unreadable file does for a non-root user.
    struct RefusingFileSystem: PolicyFileSystem {
        var refused: String

        func contents(ofFile path: String) throws(PolicyFileSystemError) -> [UInt8]? {
            if path == refused { throw PolicyFileSystemError(reason: "permission denied") }
            return try LocalPolicyFileSystem().contents(ofFile: path)
        }

        func entries(ofDirectory path: String) throws(PolicyFileSystemError) -> [String]? {
            if path == refused { throw PolicyFileSystemError(reason: "permission denied") }
            return try LocalPolicyFileSystem().entries(ofDirectory: path)
        }
    }

    @Test func anUnreadableConfigurationFileOrDirectoryIsReportedNotSkipped() {
        for refused in ["/etc/xdg/audiosession/policy.toml", "/home/ada/.config/audiosession/policy.d"] {
            let loader = PolicyLoader(
                fileSystem: RefusingFileSystem(refused: refused),
                searchPath: PolicySearchPath(environment: ["HOME": "/home/ada"], shippedPolicy: Self.shipped))
            #expect {
                _ = try loader.load()
            } throws: { error in
                let what = refused.hasSuffix(".d") ? "cannot list the directory" : "cannot read the file"
                return (error as? PolicyLoadError)?.description == "\(refused): \(what): permission denied"
            }
        }
    }
}
