import AudioPolicy
import TOMLReader

/// Reads one input as the agent reads policy files, stopping the process on a refusal that does
/// not say where and what.
enum PolicyFileReading {
    static let home = "/home/fuzz"
    static let shipped = "/usr/share/audiosession/policies/default.toml"
    static let fragmentDirectory = home + "/.config/audiosession/policy.d"

    static func read(_ bytes: [UInt8]) {
        do {
            _ = try TOMLDocument(parsingUTF8: bytes)
        } catch {
            let lines = bytes.count(where: { $0 == UInt8(ascii: "\n") }) + 1
            if error.message.isEmpty || error.line < 1 || error.column < 1 || error.line > lines {
                fatalError("a TOMLError without a message or outside the text (\(lines) lines): \(error)")
            }
        }
    }

    static func load(base: [UInt8], fragments: [[UInt8]]) {
        var files = [shipped: base]
        for (index, fragment) in fragments.enumerated() { files[fragmentDirectory + "/\(index)0-fuzz.toml"] = fragment }
        let loader = PolicyLoader(
            fileSystem: InMemoryPolicyFileSystem(files: files),
            searchPath: PolicySearchPath(environment: ["HOME": home], shippedPolicy: shipped))
        do {
            _ = try loader.load()
        } catch {
            if error.problems.isEmpty { fatalError("a PolicyLoadError without problems") }
            for problem in error.problems where problem.message.isEmpty || files[problem.file] == nil {
                fatalError("a problem without a message or in a file that was not loaded: \(problem)")
            }
        }
    }
}
