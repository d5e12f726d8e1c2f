/// Why a session's activation was refused.
public enum ActivationRefusal: Hashable, Sendable {
    /// A higher-ranked non-mixable or exclusive participant is active.
    case insufficientPriority(heldBy: Participant, rank: Int)
}
