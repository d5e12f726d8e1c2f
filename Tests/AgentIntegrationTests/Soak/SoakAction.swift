/// The things a soak round does, drawn at random with these weights.
enum SoakAction: String, CaseIterable, Sendable {
    /// `audiosessionctl run --category ... -- paplay` (or parec for record): a session that
    /// activates, plays a second or three and ends.
    case session
    /// A paplay with media.role phone, music or event: an app that never talks to the agent.
    case legacyStream = "legacy-stream"
    /// Plugs the headphones in, or unplugs them (streams playing on them fall back).
    case plug
    /// SIGKILL of one of the round's clients (a run, or the player under it).
    case killClient = "kill-client"
    /// SIGKILL of the agent; a new one is started on the same journal.
    case killAgent = "kill-agent"
    /// A valid policy fragment in policy.d, then SIGHUP.
    case reloadPolicy = "reload-policy"
    /// A broken policy fragment, then SIGHUP: the agent must keep the policy in force.
    case reloadBrokenPolicy = "reload-broken-policy"
    /// The sound server stops and starts again.
    case restartServer = "restart-server"

    var weight: Int {
        switch self {
        case .session: 30
        case .legacyStream: 25
        case .plug: 10
        case .killClient: 10
        case .killAgent: 5
        case .reloadPolicy: 7
        case .reloadBrokenPolicy: 5
        case .restartServer: 4
        }
    }

    /// One action drawn from `allowed` by weight.
    static func draw(from allowed: [SoakAction], using random: inout SeededGenerator) -> SoakAction {
        let total = allowed.reduce(0) { $0 + $1.weight }
        var ticket = Int.random(in: 0..<total, using: &random)
        for action in allowed {
            if ticket < action.weight { return action }
            ticket -= action.weight
        }
        return allowed[allowed.count - 1]
    }
}
