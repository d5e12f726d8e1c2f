import AudioPolicy
import ArgumentParser
import Glibc

/// `audiosessionctl policy show`: the policy the agent would load, and where it came from.
struct PolicyShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the policy in force: the files in the order they apply, and what they set.",
        discussion: """
            Search order: --policy FILE alone; otherwise $XDG_CONFIG_HOME/audiosession/policy.toml and \
            policy.d/*.toml, then each $XDG_CONFIG_DIRS entry (default /etc/xdg), over the shipped default.
            """)

    @Option(help: ArgumentHelp("Use this file alone, as audiosessiond --policy does.", valueName: "file"))
    var policy: String?

    func run() throws {
        let loader = PolicyLoader(
            fileSystem: LocalPolicyFileSystem(),
            searchPath: PolicySearchPath(environment: ProcessEnvironment.current, shippedPolicy: ShippedPolicyLocation.find(environment: ProcessEnvironment.current)))
        do {
            let loaded = try loader.load(explicitFile: policy)
            print("files, in the order they apply:")
            for file in loaded.files { print("  \(file)") }
            for line in PolicySummary(loaded.policy).lines { print(line) }
        } catch {
            for problem in error.problems { StandardError.print(problem.description) }
            throw ExitCode.failure
        }
    }
}
