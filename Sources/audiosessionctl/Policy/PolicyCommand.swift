import ArgumentParser

/// `audiosessionctl policy …`: check and show policy files.
struct PolicyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "policy",
        abstract: "Check policy files and show the policy in force.",
        subcommands: [PolicyCheckCommand.self, PolicyShowCommand.self])
}
