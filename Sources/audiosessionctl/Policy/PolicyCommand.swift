import ArgumentParser

/// `audiosessionctl policy …`: check and show policy files, and simulate scenarios under a policy.
struct PolicyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "policy",
        abstract: "Check policy files, show the policy in force, and simulate what it decides.",
        subcommands: [PolicyCheckCommand.self, PolicyShowCommand.self, PolicySimulateCommand.self])
}
