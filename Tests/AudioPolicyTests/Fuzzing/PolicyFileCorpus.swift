import AudioPolicy

/// The valid and nearly valid TOML the mutation tests start from: the shipped policies, the
/// scenario tables and their policies, the broken-file and server-modules fixtures.
enum PolicyFileCorpus {
    static let directories = [
        PolicyTestPaths.repository + "/policies",
        PolicyTestPaths.testDirectory + "/Scenarios",
        PolicyTestPaths.testDirectory + "/Scenarios/policies",
        PolicyTestPaths.testDirectory + "/Fixtures/broken",
        PolicyTestPaths.testDirectory + "/Fixtures/server-modules",
    ]

    /// Every `.toml` file of ``directories``, path and bytes, in a fixed order.
    static func files() throws -> [(path: String, bytes: [UInt8])] {
        let fileSystem = LocalPolicyFileSystem()
        var files: [(String, [UInt8])] = []
        for directory in directories {
            for name in (try fileSystem.entries(ofDirectory: directory) ?? []).sorted() where name.hasSuffix(".toml") {
                let path = directory + "/" + name
                if let bytes = try fileSystem.contents(ofFile: path) { files.append((path, bytes)) }
            }
        }
        return files
    }

    /// Pieces of TOML worth inserting whole.
    static let tokens: [[UInt8]] = [
        "[[", "]]", "[", "]", "{", "}", "\"\"\"", "'''", "=", " = ", ".", "\n", "\\u", "\\U0001F600", "\\",
        "version = 1\n", "inf", "nan", "+", "-", "0x", "0o", "0b", "1e400", "1979-05-27", "true", "false",
        "[roles.", "[[rank]]", "[[app]]", "[ducking]", "level = ", "options = [", "category = ", "\"duck-others\"",
    ].map { Array($0.utf8) }
}
