/// Everything the engine knows: the policy, sessions, streams, devices and the causes in force.
///
/// A value: copy it to keep a snapshot. Read it through ``PolicyEngine``'s queries.
public struct PolicyState: Hashable, Sendable {
    /// The policy in force.
    public internal(set) var policy: Policy
    /// Milliseconds since the agent started, as last reported.
    public internal(set) var now: Int = 0
    var sessions: [SessionID: SessionRecord] = [:]
    var streams: [StreamID: StreamRecord] = [:]
    var devices: [DeviceID: DeviceInfo] = [:]
    /// Active participants and what they do to others.
    var actors: [Participant: ActorRecord] = [:]
    /// Non-mixable participants whose audio is playing: the secondary-audio hint follows this set.
    var primarySounding: Set<Participant> = []
    /// Participants whose audio is playing, mixable or not.
    var soundingParticipants: Set<Participant> = []
    var nextOrder = 1

    /// Creates an empty state under `policy`.
    public init(policy: Policy) {
        self.policy = policy
    }
}
