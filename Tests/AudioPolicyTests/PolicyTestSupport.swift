@testable import AudioPolicy

/// Paths of the repository's policy files and fixtures, found from this source file's location.
enum PolicyTestPaths {
    /// `…/Tests/AudioPolicyTests`.
    static let testDirectory: String = {
        let file = #filePath
        return String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)])
    }()

    static let repository: String = {
        var path = testDirectory
        for _ in 0..<2 { path = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) }
        return path
    }()

    static func shipped(_ name: String) -> String { repository + "/policies/" + name }
    static func broken(_ name: String) -> String { testDirectory + "/Fixtures/broken/" + name }
}

extension PolicyLoader {
    /// A loader over the real file system with no configuration directories, for loading one file.
    static func forFile() -> PolicyLoader {
        PolicyLoader(
            fileSystem: LocalPolicyFileSystem(),
            searchPath: PolicySearchPath(environment: [:], shippedPolicy: PolicyTestPaths.shipped("default.toml")))
    }
}

