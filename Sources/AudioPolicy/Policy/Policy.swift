/// A whole policy: how sessions and role-mapped streams interact, as read from a policy file.
///
/// Mirrors the policy file schema version 1 key for key (kebab-case keys become lowerCamel
/// properties). The loader builds it from TOML; tests build it directly.
///
/// ```swift
/// let policy = Policy(
///     ducking: .init(level: 0.3, rampDownMilliseconds: 250, rampUpMilliseconds: 600),
///     rankRules: [RankRule(name: "calls", categories: [.playAndRecord], modes: [.voiceChat], rank: 90, exclusive: true)],
///     roles: [.music: RoleBehavior(category: .playback), .none: RoleBehavior(category: .playback, options: [.mixWithOthers])])
/// ```
public struct Policy: Hashable, Sendable {
    /// The format version the file was written for; the engine reads version 1.
    public var version: Int
    /// The global switch: `false` means the agent observes and explains but never acts.
    public var enabled: Bool
    /// How ducked streams are lowered and restored.
    public var ducking: Ducking
    /// How interruptions behave.
    public var interruption: Interruption
    /// Rank settings that apply when no rank rule matches.
    public var ranks: Ranks
    /// Rank rules (`[[rank]]` in files), evaluated in order; the first match wins.
    public var rankRules: [RankRule]
    /// How streams without a session take part, by normalised role; ``Role/none`` covers the rest.
    public var roles: [Role: RoleBehavior]
    /// Per-app rules (`[[app]]` in files).
    public var appRules: [AppRule]
    /// Streams that are not apps (`[[exclude]]` in files): never targets, never triggers.
    public var exclusions: [Exclusion]
    /// Streams that are apps although an exclusion matches them (`[[include]]` in files): a
    /// policy's way to opt a loopback, filter or JACK node back in.
    public var inclusions: [Inclusion] = []
    /// What the agent does about server-side policy modules (`[server-modules]` in files).
    public var serverModules: ServerModules
    /// Where audio goes when devices come and go (`[routing]` in files).
    public var routing: Routing
    /// Which sessions get an echo canceller (`[voice-processing]` in files).
    public var voiceProcessing: VoiceProcessing = VoiceProcessing()
    /// How the desktop's state (sleep) acts on sessions (`[desktop]` in files).
    public var desktop: Desktop = Desktop()

    /// Creates a policy; every part has the schema's default.
    public init(
        version: Int = 1,
        enabled: Bool = true,
        ducking: Ducking = Ducking(),
        interruption: Interruption = Interruption(),
        ranks: Ranks = Ranks(),
        rankRules: [RankRule] = [],
        roles: [Role: RoleBehavior] = [:],
        appRules: [AppRule] = [],
        exclusions: [Exclusion] = [],
        serverModules: ServerModules = ServerModules(),
        routing: Routing = Routing()
    ) {
        self.version = version
        self.enabled = enabled
        self.ducking = ducking
        self.interruption = interruption
        self.ranks = ranks
        self.rankRules = rankRules
        self.roles = roles
        self.appRules = appRules
        self.exclusions = exclusions
        self.serverModules = serverModules
        self.routing = routing
    }
}
