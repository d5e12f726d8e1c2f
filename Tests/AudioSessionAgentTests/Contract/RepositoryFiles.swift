import Foundation

/// Files of this repository, found from this source file's path so tests run from any directory.
enum RepositoryFiles {
    /// The package root: four levels above this file (Tests/AudioSessionAgentTests/Contract/).
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    static func path(_ relative: String) -> String { root + "/" + relative }

    static func read(_ relative: String) throws -> String {
        try String(contentsOfFile: path(relative), encoding: .utf8)
    }
}
