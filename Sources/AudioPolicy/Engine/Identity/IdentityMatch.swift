/// Which of an app's identifiers a rule matched, and how far it can be trusted: what `explain`
/// shows after an exemption.
///
/// ```swift
/// let match = IdentityMatch(identifier: "orca", field: .processBinary, evidence: .claimed)
/// print(match)   // claimed process binary "orca"
/// ```
public struct IdentityMatch: Hashable, Sendable, CustomStringConvertible {
    /// Where an identifier comes from.
    public enum Field: String, Hashable, Sendable {
        /// `application.id` of a stream, or the `application-id` passed to `RegisterSession`.
        case applicationID = "application id"
        /// The process binary.
        case processBinary = "process binary"
        /// The Flatpak app id.
        case flatpakID = "Flatpak app id"
        /// `pipewire.access.portal.app_id`.
        case portalAppID = "portal app id"
        /// The executable of a process that started the app's (rules with `match-children`).
        case ancestorBinary = "ancestor process binary"
    }

    /// The identifier that matched.
    public var identifier: String
    /// Which of the app's identifiers it is.
    public var field: Field
    /// How far it can be trusted.
    public var evidence: IdentityEvidence

    /// Creates a match.
    public init(identifier: String, field: Field, evidence: IdentityEvidence) {
        self.identifier = identifier
        self.field = field
        self.evidence = evidence
    }

    /// `claimed process binary "orca"`.
    public var description: String { "\(evidence.rawValue) \(field.rawValue) \"\(identifier)\"" }
}
