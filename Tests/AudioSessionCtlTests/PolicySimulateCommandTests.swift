import AudioSessionTesting
import Foundation
import Testing

/// `audiosessionctl policy simulate`, run as the built binary: what it prints, step by step, and
/// the exit status a script relies on.
@Suite("audiosessionctl policy simulate")
struct PolicySimulateCommandTests {
    static let demo = "\(CtlBinary.packageRoot)/scripts/demo-scenario.toml"
    static let scenarioDirectory = "\(CtlBinary.packageRoot)/Tests/AudioPolicyTests/Scenarios"

    /// A table that claims a navigation prompt leaves the music alone (the shipped policy ducks it).
    static let wrongTable = """
        description = "claims a prompt leaves the music alone"

        [streams.song]
        role = "music"

        [streams.prompt]
        role = "Navigation"

        [[step]]
        do = "appear song"

        [[step]]
        do = "appear prompt"

        [[step]]
        do = "vanish prompt"
        """

    /// Writes `text` to `name` in a fresh directory; the caller removes the directory.
    static func write(_ text: String, as name: String) throws -> (directory: String, file: String) {
        let directory = try CtlBinary.temporaryDirectory()
        let file = directory + "/" + name
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        return (directory, file)
    }

    @Test("the demo scenario: who is ducked, silenced and signalled, and why; exit 0")
    func demoScenario() async throws {
        let result = try await CtlBinary.run(["policy", "simulate", Self.demo])
        #expect(result.status == 0, "\(result.standardError)")
        let output = result.standardOutput
        #expect(output.contains("policy: default.toml (the scenario's)"))
        #expect(output.contains("step 3 (line 41): appear prompt\n"))
        #expect(output.contains("music is ducked to 0.3 of its volume over 250 ms, because duck-others (session maps)"))
        #expect(output.contains("music returns to its own volume over 600 ms"))
        #expect(output.contains("signal to player: interruption began, reason default, because exclusive rank calls (session phone)"))
        #expect(output.contains("music is silenced (interruption)"))
        #expect(output.contains("signal to player: interruption ended, it should resume, because deactivated with notify-others (session phone)"))
        #expect(output.contains("streams now: call playing, music silenced interruption\n"))
        #expect(output.contains("every step (6) as the table expects"))
        #expect(!output.contains("DIFFERS"))
        #expect(result.standardError.isEmpty)
    }

    @Test("every engine scenario table holds through the command too", arguments: try FileManager.default
        .contentsOfDirectory(atPath: scenarioDirectory).filter { $0.hasSuffix(".toml") }.sorted())
    func engineScenario(_ file: String) async throws {
        let result = try await CtlBinary.run(["policy", "simulate", Self.scenarioDirectory + "/" + file])
        #expect(result.status == 0, "\(result.standardOutput)\n\(result.standardError)")
        #expect(result.standardOutput.contains("as the table expects"))
    }

    @Test("a wrong expectation: the differing step with the diff, later steps not run; exit 1")
    func wrongExpectation() async throws {
        let (directory, file) = try Self.write(Self.wrongTable, as: "wrong.toml")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try await CtlBinary.run(["policy", "simulate", file])
        #expect(result.status == 1, "\(result.standardError)")
        let output = result.standardOutput
        #expect(output.contains("step 1 (line 9): appear song\n  no decisions\n  streams now: song playing\n  as the table expects"))
        #expect(output.contains("step 2 (line 12): appear prompt\n  song is ducked to 0.3 of its volume over 250 ms"))
        #expect(output.contains("DIFFERS from the table:\n    - stream song: expected playing, got ducked 0.3"))
        #expect(output.contains("step 2 differs from the table; the step after it did not run"))
        #expect(!output.contains("step 3 (line"))
    }

    @Test("--policy replaces the scenario's policy: a quieter duck level differs from the table; exit 1")
    func otherPolicy() async throws {
        let shipped = try String(contentsOfFile: "\(CtlBinary.packageRoot)/policies/default.toml", encoding: .utf8)
        let quieter = shipped.replacingOccurrences(of: "level = 0.3", with: "level = 0.1")
        #expect(quieter != shipped, "the shipped policy no longer sets `level = 0.3`")
        let (directory, policy) = try Self.write(quieter, as: "quieter.toml")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try await CtlBinary.run(["policy", "simulate", "--policy", policy, Self.demo])
        #expect(result.status == 1, "\(result.standardError)")
        #expect(result.standardOutput.contains("policy: \(policy) (--policy)"))
        #expect(result.standardOutput.contains("music is ducked to 0.1 of its volume"))
        #expect(result.standardOutput.contains("stream music: expected ducked 0.3, got ducked 0.1"))
    }

    @Test("--json: one object per step with actions, decisions and reasons, signals, streams, the comparison")
    func json() async throws {
        let result = try await CtlBinary.run(["policy", "simulate", "--json", Self.demo])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        let steps = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(steps.map { $0["step"] as? Int } == [1, 2, 3, 4, 5, 6])
        #expect(steps.allSatisfy { $0["asExpected"] as? Bool == true })
        let third = steps[2]
        #expect(third["actions"] as? [String] == ["appear prompt"])
        let duck = try #require((third["decisions"] as? [[String: Any]])?.first)
        #expect(duck["text"] as? String == "duck music level=0.3 ramp=250")
        #expect(duck["level"] as? Double == 0.3)
        #expect(duck["rampMilliseconds"] as? Int == 250)
        #expect(duck["rule"] as? String == "duck-others")
        #expect(duck["causedBy"] as? String == "session maps")
        #expect((third["streams"] as? [String: String])?["music"] == "ducked 0.3")
        #expect((steps[5]["signals"] as? [String: [String]])?["player"] == ["interruption-ended should-resume=true"])
    }

    @Test("--json escapes names with quotes and backslashes, and reports differences")
    func jsonEscapingAndDifferences() async throws {
        let text = #"""
            [streams.'song"1']
            role = "music"

            [streams.'nav\2']
            role = "Navigation"

            [[step]]
            do = ['appear song"1', 'appear nav\2']
            """#
        let (directory, file) = try Self.write(text, as: "quoted.toml")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try await CtlBinary.run(["policy", "simulate", "--json", file])
        #expect(result.status == 1, "\(result.standardError)")
        let line = try #require(result.standardOutput.split(separator: "\n").first.map(String.init))
        let step = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(step["actions"] as? [String] == [#"appear song"1"#, #"appear nav\2"#])
        #expect((step["streams"] as? [String: String])?[#"song"1"#] == "ducked 0.3")
        #expect(step["asExpected"] as? Bool == false)
        let difference = try #require((step["differences"] as? [[String: Any]])?.first)
        #expect(difference["subject"] as? String == #"stream song"1"#)
        #expect(difference["expected"] as? String == "playing")
        #expect(difference["observed"] as? String == "ducked 0.3")
    }

    @Test("a malformed scenario: file:line and what was expected; exit 65", arguments: [
        ("[[step]]\ndo = \"dance\"\n", 1, "unknown action \"dance\"; accepted: register,"),
        ("description = \"x\"\n[streams.a\n", 2, "expected ']'"),
        ("[streams.a]\n[[step]]\ndo = \"appear a\"\nstreams = { a = \"loud\" }\n", 4,
         "expected playing, ducked LEVEL, or silenced"),
    ])
    func malformedScenario(_ text: String, _ line: Int, _ message: String) async throws {
        let (directory, file) = try Self.write(text, as: "malformed.toml")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try await CtlBinary.run(["policy", "simulate", file])
        #expect(result.status == 65)
        #expect(result.standardError.hasPrefix("\(file):\(line): "), "\(result.standardError)")
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }

    @Test("a malformed --policy file: its file:line and key; exit 65")
    func malformedPolicy() async throws {
        let (directory, policy) = try Self.write("version = 1\n[ducking]\nlevel = 7\n", as: "loud.toml")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try await CtlBinary.run(["policy", "simulate", "--policy", policy, Self.demo])
        #expect(result.status == 65)
        #expect(result.standardError.contains("\(policy):3:"), "\(result.standardError)")
        #expect(result.standardError.contains("ducking.level"))
    }

    @Test("a scenario naming a policy that is not shipped says so; exit 65")
    func unknownScenarioPolicy() async throws {
        let (directory, file) = try Self.write("policy = \"nosuch\"\n[[step]]\ndo = \"wait 5\"\n", as: "nosuch.toml")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try await CtlBinary.run(["policy", "simulate", file])
        #expect(result.status == 65)
        #expect(result.standardError.contains("\(file): its policy nosuch.toml does not load"), "\(result.standardError)")
        #expect(result.standardError.contains("policies/nosuch.toml"))
    }

    @Test("usage errors exit 64: a missing scenario or policy file, a directory, no argument")
    func usageErrors() async throws {
        let missing = try await CtlBinary.run(["policy", "simulate", "/nonexistent/scenario.toml"])
        #expect(missing.status == 64)
        #expect(missing.standardError.contains("cannot read the scenario file /nonexistent/scenario.toml: no such file"))
        let missingPolicy = try await CtlBinary.run(["policy", "simulate", "--policy", "/nonexistent/p.toml", Self.demo])
        #expect(missingPolicy.status == 64)
        #expect(missingPolicy.standardError.contains("cannot read the policy file /nonexistent/p.toml"))
        let directory = try await CtlBinary.run(["policy", "simulate", CtlBinary.packageRoot])
        #expect(directory.status == 64)
        #expect(directory.standardError.contains("is a directory"))
        let none = try await CtlBinary.run(["policy", "simulate"])
        #expect(none.status == 64)
        #expect(none.standardError.contains("Missing expected argument '<scenario.toml>'"))
    }
}
