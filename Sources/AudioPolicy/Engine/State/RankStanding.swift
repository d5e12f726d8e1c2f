import AudioSessionModel

/// A participant's rank under the policy in force, worked out when it appears or changes its
/// configuration rather than whenever it is weighed: an activation weighs every active
/// participant, and matching the policy's rank rules for each cost more than the rest of it.
struct RankStanding: Hashable, Sendable {
    /// The configuration the rank was worked out for; a standing for another one is stale.
    var configuration: SessionConfiguration
    var rank: Int
    var rule: RankRule?
}
