import Foundation

/// A private directory tree for search-order tests; removed when the test's closure returns.
struct PolicyLoaderTemporaryTree {
    let root: String

    static func with<Result>(_ body: (PolicyLoaderTemporaryTree) throws -> Result) throws -> Result {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("policyloader-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        return try body(PolicyLoaderTemporaryTree(root: root))
    }

    /// Writes `text` to `relativePath` under the root, creating directories; returns the full path.
    @discardableResult
    func write(_ relativePath: String, _ text: String) throws -> String {
        try write(relativePath, Array(text.utf8))
    }

    /// Writes `bytes` as they are (a test may write bytes that are not UTF-8).
    @discardableResult
    func write(_ relativePath: String, _ bytes: [UInt8]) throws -> String {
        let path = root + "/" + relativePath
        let directory = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        return path
    }

    func path(_ relativePath: String) -> String { root + "/" + relativePath }
}
