import AudioSessionTesting
import Foundation
import Testing

/// `audiosessionctl policy …`, run as the built binary, as a user or a script would.
@Suite("audiosessionctl policy")
struct PolicyCommandTests {
    @Test("every shipped policy checks out")
    func shippedPoliciesCheck() async throws {
        let files = ["default", "car", "office"].map { "\(CtlBinary.packageRoot)/policies/\($0).toml" }
        let result = try await CtlBinary.run(["policy", "check"] + files)
        #expect(result.status == 0, "\(result.standardError)")
        for file in files { #expect(result.standardOutput.contains("\(file): ok (enabled,")) }
    }

    @Test("a broken file is reported with file, line, column, key path and what was expected; exit 1")
    func brokenFile() async throws {
        let directory = try CtlBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/broken.toml"
        try """
            version = 1
            [roles.music]
            category = "playback"
            options = ["mix-with-others", "duck-other"]
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let good = "\(CtlBinary.packageRoot)/policies/default.toml"
        let result = try await CtlBinary.run(["policy", "check", good, file])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("\(good): ok"))
        #expect(result.standardError.contains("\(file):4:"))
        #expect(result.standardError.contains("roles.music.options[1]"))
        #expect(result.standardError.contains("duck-other"))
        #expect(result.standardError.contains("duck-others"))
    }

    @Test("hostile files: a 4,000-part key, a 4,000-part header, a Latin-1 byte; each exits 1 with file:line:column, no crash")
    func hostileFiles() async throws {
        let directory = try CtlBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let files: [(name: String, bytes: [UInt8], expected: String)] = [
            ("dot.toml", Array(("version = 1\n" + String(repeating: "a.", count: 4000) + "b = 1\n").utf8),
             "dot.toml:2:1: key 'a.a.a.a.a.a.a.a.…' would nest its value 4001 deep"),
            ("header.toml", Array(("version = 1\n[" + String(repeating: "a.", count: 4000) + "b]\n").utf8),
             "header.toml:2:1: table name 'a.a.a.a.a.a.a.a.…' has 4001 parts"),
            ("latin1.toml", Array("version = 1\n[[app]]\nbinary = \"caf".utf8) + [0xE9, 0x22, 0x0A],
             "latin1.toml:3:14: invalid UTF-8 at byte 0xE9; a TOML file must be encoded in UTF-8"),
        ]
        for file in files {
            let path = directory + "/" + file.name
            try Data(file.bytes).write(to: URL(fileURLWithPath: path))
            let result = try await CtlBinary.run(["policy", "check", path])
            #expect(result.status == 1, "\(file.name): \(result.status) \(result.standardError)")
            #expect(result.standardError.contains(directory + "/" + file.expected), "\(result.standardError)")
            #expect(result.standardError.utf8.count < 1000, "\(file.name): a bounded message")
        }
    }

    @Test("check without files says what it needs")
    func checkWithoutFiles() async throws {
        let result = try await CtlBinary.run(["policy", "check"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("Missing expected argument '<file> ...'"))
    }

    @Test("show lists the files in the order they apply: shipped default, then the user's fragments")
    func showSearchOrder() async throws {
        let home = try CtlBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let fragments = home + "/config/audiosession/policy.d"
        try FileManager.default.createDirectory(atPath: fragments, withIntermediateDirectories: true)
        try "version = 1\n[ducking]\nlevel = 0.1  # quieter\n".write(
            toFile: fragments + "/10-quiet.toml", atomically: true, encoding: .utf8)
        let result = try await CtlBinary.run(
            ["policy", "show"],
            environment: ["XDG_CONFIG_HOME": home + "/config", "XDG_CONFIG_DIRS": home + "/none"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.dropFirst().first?.hasSuffix("policies/default.toml") == true)
        #expect(lines.dropFirst(2).first?.hasSuffix("policy.d/10-quiet.toml") == true)
        #expect(result.standardOutput.contains("ducking: level 0.1,"))
        #expect(
            result.standardOutput.contains("app orca: exempt role accessibility evidence verified,claimed source manifest"),
            "each app rule says which evidence it accepts and where its ids come from: \(result.standardOutput)")
        #expect(
            result.standardOutput.contains("app speech-dispatcher,sd_dummy,sd_espeak-ng,sd_generic: exempt role accessibility evidence verified,claimed source seen"),
            "\(result.standardOutput)")
        #expect(result.standardOutput.contains("calls from a microphone capture: on, held 2000 ms after it closes"))
        #expect(
            result.standardOutput.contains(",com.vivaldi.Vivaldi: call while capturing evidence verified,claimed source unverified"),
            "the browsers' rule says their playback is a call while they capture: \(result.standardOutput)")
    }

    @Test("an unknown subcommand is refused with exit 64 and a pointer to the subcommands")
    func unknownSubcommand() async throws {
        let result = try await CtlBinary.run(["policy", "chek"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("Unexpected argument 'chek'"))
        let help = try await CtlBinary.run(["policy", "--help"])
        #expect(help.standardOutput.contains("check") && help.standardOutput.contains("show"))
    }
}
