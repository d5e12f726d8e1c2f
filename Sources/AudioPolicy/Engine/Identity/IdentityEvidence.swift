/// How far an identity fact can be trusted, from the best to the weakest.
///
/// - ``verified``: the agent or the sound server established it, and the app cannot choose it: the
///   bus's credentials of a caller and what `/proc` says of that PID (its binary, its Flatpak app id
///   from `.flatpak-info`), native PipeWire's `pipewire.sec.*` and portal app id.
/// - ``claimed``: what a client wrote on its pulse-protocol client or stream (`application.process.binary`,
///   `application.id`, ...); the client chose it, and every other client can read it.
/// - ``declared``: the `application-id` an app passes to `RegisterSession`.
///
/// Policy rules (`[[app]]`, `[[rank]]`) say which levels they accept; by default
/// ``defaultAccepted``.
///
/// ```swift
/// let screenReader = AppRule(match: ["orca"], exempt: true, evidence: [.verified, .claimed])
/// IdentityEvidence(rawValue: "declared")   // .declared
/// ```
public enum IdentityEvidence: String, CaseIterable, Hashable, Sendable, Comparable {
    /// Established by the bus, `/proc` or the sound server; not the app's choice.
    case verified
    /// Written by the client on the sound server, readable by every client.
    case claimed
    /// Passed by the app to `RegisterSession`.
    case declared

    /// What rules accept when they do not say: verified or claimed evidence. A declared
    /// `application-id` alone exempts nothing and wins no reserved rank.
    public static let defaultAccepted: Set<IdentityEvidence> = [.verified, .claimed]

    /// Best first: verified, claimed, declared.
    public static func < (lhs: IdentityEvidence, rhs: IdentityEvidence) -> Bool {
        lhs.strength > rhs.strength
    }

    private var strength: Int {
        switch self {
        case .verified: 2
        case .claimed: 1
        case .declared: 0
        }
    }
}
