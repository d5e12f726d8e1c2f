import ArgumentParser

/// `audiosessionctl`: look at and steer the audio-session agent and its policy.
@main
struct AudioSessionCtl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audiosessionctl",
        abstract: "Inspect and steer AudioSession for Linux: sessions, streams and the policy.",
        discussion: """
            Names are kebab-case everywhere: categories (play-and-record), modes (voice-chat), \
            options (duck-others), roles (communication).
            """,
        subcommands: [
            StatusCommand.self, MonitorCommand.self, RunCommand.self, ExplainCommand.self, PolicyCommand.self,
            DoNotDisturbCommand.self, AppCommand.self,
        ])
}
