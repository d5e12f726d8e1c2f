import Testing
@testable import AudioPolicy

/// Policy fragments a careless or hostile user can drop into `policy.d/`: each is refused with
/// file:line:column and a bounded report, never a crash of the process that loads it.
@Suite("Policy loader: hostile fragments")
struct PolicyLoaderHostileFileTests {
    static func load(fragment: [UInt8]) throws -> PolicyLoadError? {
        try PolicyLoaderTemporaryTree.with { tree -> PolicyLoadError? in
            try tree.write("config/audiosession/policy.d/50-x.toml", fragment)
            let loader = PolicyLoader(
                fileSystem: LocalPolicyFileSystem(),
                searchPath: PolicySearchPath(
                    environment: ["XDG_CONFIG_HOME": tree.path("config"), "XDG_CONFIG_DIRS": tree.path("none")],
                    shippedPolicy: PolicyTestPaths.shipped("default.toml")))
            do throws(PolicyLoadError) {
                _ = try loader.load()
                return nil
            } catch {
                return error
            }
        }
    }

    @Test("a fragment whose string is not UTF-8 is refused at the byte, not read with U+FFFD")
    func latin1Fragment() throws {
        let bytes = Array("version = 1\n[[app]]\nbinary = \"caf".utf8) + [0xE9, 0x22, 0x0A] + Array("exempt = true\n".utf8)
        let error = try #require(try Self.load(fragment: bytes))
        #expect(error.problems.count == 1)
        #expect(error.description.hasSuffix("50-x.toml:3:14: invalid UTF-8 at byte 0xE9; a TOML file must be encoded in UTF-8"))
    }

    @Test("a fragment with 5,000 unknown keys gives the first 100 problems and counts the rest")
    func manyProblems() throws {
        let keys = (0..<5000).map { "unknown\($0) = 1" }.joined(separator: "\n")
        let error = try #require(try Self.load(fragment: Array(("version = 1\n" + keys + "\n").utf8)))
        #expect(error.problems.count == 101)
        #expect(error.problems.first?.description.contains("50-x.toml:2:1: unknown0: unknown key \"unknown0\"") == true)
        #expect(error.problems.last?.message == "4900 more problems not listed (only the first 100 are)")
    }

    @Test("an unknown key of half a megabyte is quoted short")
    func longUnknownKey() throws {
        let key = String(repeating: "x", count: 1 << 19)
        let error = try #require(try Self.load(fragment: Array("version = 1\n\(key) = 1\n".utf8)))
        #expect(error.description.utf8.count < 1500, "\(error.description.utf8.count) bytes")
        #expect(error.description.contains("unknown key \"" + String(repeating: "x", count: 64) + "…\""))
    }
}
