import ArgumentParser

/// `audiosessionctl app …`: the user's own word about an app (never duck it, it is a call), one
/// commented policy fragment per app under the user's configuration directory.
struct AppCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "app",
        abstract: "Add, undo and list your own entries for apps (never duck this app, this app is a call).",
        discussion: """
            Each entry is one commented policy fragment, \
            $XDG_CONFIG_HOME/audiosession/policy.d/app-ID.toml, written only when the policy with it \
            loads; the running agent then reads its policy again. See docs/policy-format.md, [[app]].
            """,
        subcommands: [AppSetCommand.self, AppUnsetCommand.self, AppListCommand.self])
}
