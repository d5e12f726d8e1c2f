import AudioPolicy
import ArgumentParser

/// `audiosessionctl policy check FILE…`: validates each file as a whole policy.
struct PolicyCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check policy files; print every problem with file:line:column and key path.",
        discussion: """
            Each file is checked as a complete policy, as `audiosessiond --policy FILE` would load it. \
            Exits 0 when every file is valid, 1 when any is not.
            """)

    @Argument(help: ArgumentHelp("Policy files to check.", valueName: "file"))
    var files: [String]

    func run() throws {
        let loader = PolicyLoader(
            fileSystem: LocalPolicyFileSystem(),
            searchPath: PolicySearchPath(environment: [:], shippedPolicy: ShippedPolicyLocation.find(environment: ProcessEnvironment.current)))
        var failed = false
        for file in files {
            do {
                let loaded = try loader.load(explicitFile: file)
                print("\(file): ok (\(PolicySummary(loaded.policy).oneLine))")
            } catch {
                failed = true
                for problem in error.problems { StandardError.print(problem.description) }
            }
        }
        if failed { throw ExitCode.failure }
    }
}
