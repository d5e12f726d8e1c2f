import Foundation
import Testing

/// The DocC tutorials' code (`AudioSession.docc/Tutorials`, `Resources`) cannot drift from the
/// examples the suite builds and runs: each tutorial's last step of a file is that example's
/// source byte for byte, every earlier step shows only lines of it (in its order), and every call
/// the example makes on the session, its players and its recorder is named in a step's text.
struct TutorialCodeTests {
    static let catalog = ExampleRig.packageRoot + "/Sources/AudioSession/AudioSession.docc"

    /// The tutorials and the example each one builds.
    static let tutorials = ["MusicPlayer", "VoIPCall", "PodcastPlayer"]

    @Test("each tutorial's last step of a file is the example's source, and every step only shows its lines", arguments: tutorials)
    func stepsAreTheExample(tutorial: String) throws {
        let steps = try Self.steps(of: tutorial)
        #expect(!steps.isEmpty, "\(tutorial) has no @Code steps")
        for name in Set(steps.map(\.name)) {
            let source = try Self.exampleSource(named: name)
            let files = steps.filter { $0.name == name }
            #expect(files.last?.text == source, "\(tutorial)'s last step of \(name) (\(files.last?.file ?? "")) is not the example's source")
            for step in files {
                let missing = Self.linesOutOfOrder(step.text, in: source)
                #expect(missing.isEmpty, "\(step.file) shows lines \(name) does not have (or not in its order): \(missing)")
            }
        }
    }

    @Test("every call of the VoIP example is named in a step of the VoIP tutorial")
    func everyVoIPCallIsInAStep() throws {
        let text = try String(contentsOfFile: Self.catalog + "/Tutorials/VoIPCall.tutorial", encoding: .utf8)
        let stepTexts = text.components(separatedBy: "@Step {").dropFirst().joined()
        let source = try Self.exampleSource(named: "VoIPExample.swift")
        let receivers = ["session", "farEndPlayer", "farEnd", "microphone", "ringtone", "player"]
        let calls = try NSRegularExpression(pattern: "\\b(?:\(receivers.joined(separator: "|")))\\.([a-zA-Z]+)")
        var names = Set<String>()
        for match in calls.matches(in: source, range: NSRange(source.startIndex..., in: source)) {
            if let range = Range(match.range(at: 1), in: source) { names.insert(String(source[range])) }
        }
        #expect(names.count > 15, "found only \(names.sorted())")
        names.remove("map")   // `farEnd` is also the --far-end option, an Optional: its map is no library call
        let unnamed = names.filter { !stepTexts.contains("\($0)") }.sorted()
        #expect(unnamed.isEmpty, "calls of VoIPExample.swift no step names: \(unnamed)")
    }

    struct Step { var name: String; var file: String; var text: String }

    /// The tutorial's `@Code(name:file:)` steps in order, with their files' text.
    static func steps(of tutorial: String) throws -> [Step] {
        let text = try String(contentsOfFile: catalog + "/Tutorials/\(tutorial).tutorial", encoding: .utf8)
        let code = try NSRegularExpression(pattern: #"@Code\(name: "([^"]+)", file: "([^"]+)"\)"#)
        return try code.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            let name = Range(match.range(at: 1), in: text).map { String(text[$0]) } ?? ""
            let file = Range(match.range(at: 2), in: text).map { String(text[$0]) } ?? ""
            return Step(name: name, file: file, text: try String(contentsOfFile: catalog + "/Resources/" + file, encoding: .utf8))
        }
    }

    /// The source file `name` of the examples (`Examples/*/name`).
    static func exampleSource(named name: String) throws -> String {
        let examples = ExampleRig.packageRoot + "/Examples"
        for directory in try FileManager.default.contentsOfDirectory(atPath: examples).sorted() {
            let path = examples + "/" + directory + "/" + name
            if FileManager.default.fileExists(atPath: path) { return try String(contentsOfFile: path, encoding: .utf8) }
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name])
    }

    /// The non-blank lines of `step` that are not, in order, lines of `source`.
    static func linesOutOfOrder(_ step: String, in source: String) -> [String] {
        let sourceLines = source.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        var position = sourceLines.startIndex
        var missing: [String] = []
        for line in step.split(separator: "\n", omittingEmptySubsequences: true) {
            if let found = sourceLines[position...].firstIndex(of: String(line)) {
                position = found + 1
            } else {
                missing.append(String(line))
            }
        }
        return missing
    }
}
