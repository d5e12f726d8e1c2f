import ArgumentParser
import AudioSessionContract

/// `audiosessionctl dnd [on|off] [--json]`: the user's own do-not-disturb switch, and who has
/// do-not-disturb on.
struct DoNotDisturbCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dnd",
        abstract: "Show do-not-disturb, or switch it on or off.",
        discussion: """
            While do-not-disturb is on, the agent holds notification and event sounds (policy: \
            [desktop] hold-notifications-during-dnd). It is on when you switch it on here or when \
            the notification daemon says so (its Inhibited property, as KDE Plasma's do-not-disturb \
            sets it); `off` turns off only your switch. Your switch is kept until you log out, also \
            when the agent restarts. Without an argument, prints whether it is on and who turned it on. \
            Exits 69 when the agent is not running.
            """)

    /// What to do with the switch.
    enum Switch: String, ExpressibleByArgument, CaseIterable {
        case on, off
    }

    @Argument(help: "on or off; without it, show the state.")
    var state: Switch?

    @OptionGroup var output: OutputOptions
    @OptionGroup var agent: AgentOptions

    func run() async throws {
        do {
            let client = try agent.connect()
            defer { client.close() }
            if let state {
                try await client.setDoNotDisturb(state == .on)
            }
            let reply = try await client.desktopState()
            print(output.json ? reply.json.text : reply.doNotDisturbLine)
        } catch {
            throw error.report()
        }
    }
}

extension DesktopStateReply {
    /// `dnd`'s line: `do-not-disturb: on (user, notification-daemon)` or `do-not-disturb: off`.
    var doNotDisturbLine: String {
        doNotDisturb ? "do-not-disturb: on (\(doNotDisturbSources.joined(separator: ", ")))" : "do-not-disturb: off"
    }

    /// `GetDesktopState` as `dnd --json` prints it.
    var json: JSONValue {
        .object([
            ("is_sleeping", .bool(isSleeping)), ("is_locked", .bool(isLocked)), ("do_not_disturb", .bool(doNotDisturb)),
            ("do_not_disturb_sources", .array(doNotDisturbSources.map { .string($0) })),
        ])
    }
}
