import AudioSessionModel

/// The names a policy file may use; the model's types are the source of truth for them.
enum PolicyVocabulary {
    /// The policy format version this agent reads.
    static let supportedVersion: Int64 = 1

    static let categories = Category.allCases.map { ($0.kebabName, $0) }
    static let modes = Mode.allCases.map { ($0.kebabName, $0) }
    static let options = CategoryOption.allCases.map { ($0.kebabName, $0) }
    static let evidenceLevels = IdentityEvidence.allCases.map { ($0.rawValue, $0) }

    /// PulseAudio's role names that `Role(normalizing:)` accepts besides the canonical ones;
    /// listed only so messages can show every accepted spelling.
    static let roleAliases = ["a11y", "animation", "event", "phone", "video"]

    /// Every accepted role spelling, for messages: canonical names, then aliases.
    static var acceptedRoleNames: [String] { Role.allCases.map(\.name) + roleAliases }
}
