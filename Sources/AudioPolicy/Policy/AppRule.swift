/// A per-app rule (`[[app]]` in files), matched by application id.
///
/// An id counts only when the rule accepts its ``IdentityEvidence`` (verified or claimed unless
/// ``evidence`` says otherwise), so an app that merely declares `orca` to `RegisterSession` is not
/// exempt; a sandboxed app counts only by its verified ids.
///
/// ```swift
/// let screenReader = AppRule(match: ["orca"], exempt: true, role: .accessibility)
/// let declaredToo = AppRule(match: ["org.example.Tuner"], role: .music, evidence: [.verified, .claimed, .declared])
/// let browser = AppRule(match: ["firefox", "firefox-esr", "chromium"], callWhileCapturing: true)
/// let speech = AppRule(match: ["sd_dummy"], exempt: true, matchChildren: true)   // and what it plays through
/// ```
public struct AppRule: Hashable, Sendable {
    /// Application ids the rule covers (application.id, process binary, Flatpak or portal app id).
    public var match: [String]
    /// Never ducked, silenced or moved; never a trigger.
    public var exempt: Bool
    /// The role given to the app's role-less streams, if any.
    public var role: Role?
    /// The evidence an id must have to count (`evidence` in files).
    public var evidence: Set<IdentityEvidence>
    /// While the app captures from a microphone, its playback streams that name no role count as
    /// a call (`call-while-capturing` in files): a WebRTC call in a browser, a call app that
    /// declares nothing. See ``Policy/Interruption/captureCalls``.
    public var callWhileCapturing: Bool
    /// Consulted before every rule without it, wherever it stands (`overrides` in files): the
    /// user's own word about an app over the table the policy ships (`audiosessionctl app set`
    /// writes it). Among overriding rules, as among the others, the first that covers an app decides.
    public var overrides: Bool
    /// Also covers the processes the apps it names start (`match-children` in files): the
    /// binaries of their parent and its parents (three generations) count as their ids. A speech
    /// module plays its message through a child (`sd_dummy` runs sox's `play` through a shell),
    /// which names nothing of the module on its stream.
    public var matchChildren: Bool
    /// Where the ids it matches come from, when the rule says (`source` in files).
    public var source: AppRuleSource?

    /// Creates an app rule.
    public init(
        match: [String], exempt: Bool = false, role: Role? = nil,
        evidence: Set<IdentityEvidence> = IdentityEvidence.defaultAccepted, callWhileCapturing: Bool = false,
        overrides: Bool = false, matchChildren: Bool = false, source: AppRuleSource? = nil
    ) {
        self.match = match
        self.exempt = exempt
        self.role = role
        self.evidence = evidence
        self.callWhileCapturing = callWhileCapturing
        self.overrides = overrides
        self.matchChildren = matchChildren
        self.source = source
    }
}

extension AppRule {
    /// The rule in an explanation's words: the ids it covers, and where they come from when it
    /// says (`rule for mpv, io.mpv.Mpv; seen`).
    public var summary: String {
        "rule for " + match.joined(separator: ", ") + (source.map { "; \($0.rawValue)" } ?? "")
    }
}
