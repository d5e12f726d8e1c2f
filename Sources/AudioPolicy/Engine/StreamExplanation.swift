/// Why a stream is in its current state: the answer behind `audiosessionctl explain`.
public struct StreamExplanation: Hashable, Sendable, CustomStringConvertible {
    /// The stream.
    public var stream: StreamID
    /// What policy does to it now.
    public var effect: StreamEffect
    /// Its normalised role.
    public var role: Role
    /// What it takes part through: its session, or itself.
    public var participant: Participant
    /// Why policy never touches it, when it does not.
    public var excludedBecause: String?
    /// Who ducks it, and to which level.
    public var duckedBy: [Participant: Double]
    /// Who silences it, and why.
    public var silencedBy: [Participant: SilenceCause]
    /// Who interrupts its session.
    public var sessionInterruptedBy: Set<Participant>
    /// Whether the policy is enabled; when it is not, nothing is enforced.
    public var policyEnabled: Bool
    /// The rank policy gives each participant named above (duckers, silencers, interrupters), so a
    /// reader sees why that one won; one the engine no longer knows is missing.
    public var ranks: [Participant: Int] = [:]
    /// For a participant whose rank rule is reserved for named apps (`apps`), the id its app won
    /// the rule by and that id's evidence.
    public var rankMatches: [Participant: IdentityMatch] = [:]
    /// Why the stream counts as an app though an `[[exclude]]` entry matches it (an `[[include]]`
    /// entry brought it back), when it does.
    public var includedBecause: String?
    /// Why the stream's session is never ducked, silenced or interrupted (its app is exempt), when it is.
    public var sessionExemptBecause: String?
    /// Why the stream plays as a call though it names no role (its process captures from a
    /// microphone, `call-while-capturing`), when it does.
    public var captureCallBecause: String?
    /// Why the stream has its role though it names none (its app's `[[app]]` rule gives it), when it does.
    public var appRoleBecause: String?
    /// Who the stream's app is, as the server showed it, when it names anything: its ids and
    /// process, each with its evidence.
    public var app: AppIdentity?
    /// Whether the system's sleep interrupted the stream's session (until the system woke).
    public var sessionSuspendedBySleep = false

    /// One line per fact, for people: no type names, each fact once.
    ///
    /// ```swift
    /// print(explanation)
    /// // stream 12: silenced, role music, through stream 12
    /// // silenced: interrupted by stream 14 (rank 90)
    /// ```
    public var description: String {
        var lines = ["stream \(stream): \(Self.words(for: effect)), role \(role.name), through \(participant)"]
        if !policyEnabled { lines.append("policy disabled: the agent observes only") }
        if let app, let words = Self.words(for: app) { lines.append("app: \(words)") }
        if let excludedBecause { lines.append(excludedBecause) }
        if let includedBecause { lines.append(includedBecause) }
        if let sessionExemptBecause { lines.append(sessionExemptBecause) }
        if let captureCallBecause { lines.append(captureCallBecause) }
        if let appRoleBecause { lines.append(appRoleBecause) }
        for (who, level) in duckedBy.sorted(by: { $0.key < $1.key }) {
            lines.append("ducked to \(level) by \(who) (duck-others\(rankWords(of: who, after: ", ")))")
        }
        for (who, cause) in silencedBy.sorted(by: { $0.key < $1.key }) {
            lines.append("silenced: " + Self.words(for: cause, by: "\(who)" + rankWords(of: who)))
        }
        // An interrupted session's streams are silenced by the interruption, not by a silencer.
        let silencedByInterruption = effect == .silenced(.interruption) && silencedBy.isEmpty
        for who in sessionInterruptedBy.sorted() {
            let phrase = silencedByInterruption ? "silenced: interrupted by \(who)" : "its session is interrupted by \(who)"
            lines.append(phrase + rankWords(of: who))
        }
        for cause in [SilenceCause.screenLocked, .doNotDisturb, .inputMuted] where effect == .silenced(cause) {
            lines.append("silenced: " + Self.words(for: cause, by: ""))
        }
        if sessionSuspendedBySleep {
            lines.append(silencedByInterruption ? "silenced: its session is interrupted while the system sleeps" : "its session is interrupted while the system sleeps")
        }
        return lines.joined(separator: "\n")
    }

    /// ` (rank 90)` for a participant whose rank is known (`, rank 90` inside a parenthesis
    /// already open), with the id a reserved rank was won by (` (rank 90 as verified Flatpak app id
    /// "org.example.Phone")`); empty otherwise.
    func rankWords(of who: Participant, after separator: String? = nil) -> String {
        guard let rank = ranks[who] else { return "" }
        let words = "rank \(rank)" + (rankMatches[who].map { " as \($0)" } ?? "")
        return separator.map { "\($0)\(words)" } ?? " (\(words))"
    }

    /// `process binary "pw-cat" (claimed), process 4242 (verified)`: each fact of `app` with its
    /// evidence, or `nil` when it names none.
    static func words(for app: AppIdentity) -> String? {
        let ids: [(String?, IdentityMatch.Field, IdentityEvidence)] = [
            (app.applicationID, .applicationID, app.evidence.applicationID),
            (app.processBinary, .processBinary, app.evidence.processBinary),
            (app.flatpakID, .flatpakID, app.evidence.flatpakID), (app.portalAppID, .portalAppID, app.evidence.portalAppID),
        ]
        var facts = ids.compactMap { id, field, evidence in id.map { "\(field.rawValue) \"\($0)\" (\(evidence.rawValue))" } }
        if let pid = app.processID { facts.append("process \(pid) (\(app.evidence.processID.rawValue))") }
        if !app.ancestorBinaries.isEmpty {
            let chain = app.ancestorBinaries.map { "\"\($0)\"" }.joined(separator: ", ")
            facts.append("started by \(chain) (\(app.evidence.ancestorBinaries.rawValue))")
        }
        return facts.isEmpty ? nil : facts.joined(separator: ", ")
    }

    /// `playing`, `ducked to 0.3 of its volume` or `silenced`.
    static func words(for effect: StreamEffect) -> String {
        switch effect {
        case .playing: "playing"
        case .ducked(let level): "ducked to \(level) of its volume"
        case .silenced: "silenced"
        }
    }

    /// Why `who` silences the stream, as a phrase.
    static func words(for cause: SilenceCause, by who: String) -> String {
        switch cause {
        case .interruption: "interrupted by \(who)"
        case .record: "\(who) records, which silences all other output"
        case .exclusive: "\(who) outranks it and plays alone (exclusive)"
        case .unplugged: "its device was unplugged while it played (pause on unplug)"
        case .screenLocked: "its session is ambient and the screen is locked (silence-ambient-when-locked)"
        case .doNotDisturb: "it is a notification sound and do-not-disturb is on (hold-notifications-during-dnd)"
        case .inputMuted: "its app muted its input (setInputMuted)"
        }
    }
}
