import Foundation

/// Runs `body` with a new empty directory under the system's temporary directory, removed with
/// everything in it when `body` returns or throws.
///
/// ```swift
/// try await withTemporaryDirectory { directory in
///     let sleeper = try ChildProcess(["sleep", "1"], environment: [:], outputDirectory: directory)
///     _ = await sleeper.waitForExit()
/// }
/// ```
public func withTemporaryDirectory<Result>(_ body: (String) async throws -> Result) async throws -> Result {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("audiosession-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    return try await body(directory)
}
