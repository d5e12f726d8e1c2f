import Foundation

@testable import AudioSessionAgent

/// A private directory for one journal test; removed when the test's closure returns.
struct JournalTemporaryDirectory {
    let root: String

    var journalDirectory: JournalDirectory { JournalDirectory(path: root + "/audiosession") }

    static func with<Result>(_ body: (JournalTemporaryDirectory) throws -> Result) throws -> Result {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        return try body(JournalTemporaryDirectory(root: root))
    }

    static func withAsync<Result>(_ body: (JournalTemporaryDirectory) async throws -> Result) async throws -> Result {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("journal-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        return try await body(JournalTemporaryDirectory(root: root))
    }

    func text(of path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: journalDirectory.path, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    func append(_ text: String, to path: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }

    func permissions(of path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: journalDirectory.path).sorted()
    }
}
