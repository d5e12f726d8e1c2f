import AudioSessionTesting
import Foundation
import Testing

/// `scripts/gen-docs`: completions and man pages from the built binaries' command definitions.
@Suite("scripts/gen-docs")
struct GeneratedDocsTests {
    @Test("completions for bash, zsh and fish and a man page per binary, naming every subcommand")
    func generatesTheTree() async throws {
        let output = try CtlBinary.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: output) }
        let binaries = URL(fileURLWithPath: CtlBinary.path).deletingLastPathComponent().path
        // GEN_DOCS_MAN=help: the plugin would rebuild the package in release mode inside a test.
        let child = try ChildProcess(
            [CtlBinary.packageRoot + "/scripts/gen-docs", output + "/docs"],
            environment: ["PATH": "/usr/bin:/bin", "HOME": output, "BUILD_BINARY_DIR": binaries, "GEN_DOCS_MAN": "help"],
            outputDirectory: output)
        let status = await child.waitForExit()
        #expect(status == 0, "\(child.standardError)")

        for binary in ["audiosessionctl", "audiosessiond"] {
            for file in ["completions/bash/\(binary)", "completions/zsh/_\(binary)", "completions/fish/\(binary).fish"] {
                let text = try String(contentsOfFile: "\(output)/docs/\(file)", encoding: .utf8)
                #expect(text.contains(binary), "\(file)")
            }
            let page = try String(contentsOfFile: "\(output)/docs/man/man1/\(binary).1", encoding: .utf8)
            #expect(page.hasPrefix(".TH \(binary.uppercased()) 1"))
        }
        let bash = try String(contentsOfFile: output + "/docs/completions/bash/audiosessionctl", encoding: .utf8)
        let page = try String(contentsOfFile: output + "/docs/man/man1/audiosessionctl.1", encoding: .utf8)
        for subcommand in ["status", "monitor", "run", "explain", "policy"] {
            #expect(bash.contains(subcommand), "bash completion lacks \(subcommand)")
            #expect(page.contains(".SH \"audiosessionctl \(subcommand)\""), "man page lacks \(subcommand)")
        }
        #expect(bash.contains("play-and-record"), "category names are completed")
        #expect(page.contains(".SH \"audiosessionctl policy check\""), "nested subcommands are documented")
    }
}
