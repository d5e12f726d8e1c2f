import AudioSessionModel

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
    /// The server's default device per direction, as reported (or as last set by last-in wins).
    var defaultDevices: [StreamDirection: DeviceID] = [:]
    /// When each device was plugged (or became available), in event order: the latest wins ties.
    var devicePlugOrder: [DeviceID: Int] = [:]
    /// Bluetooth cards, by id.
    var cards: [CardID: CardInfo] = [:]
    /// Cards the policy switched to the headset profile, with the profile each had before.
    var cardProfilesBefore: [CardID: String] = [:]
    /// Streams the policy moved, and where to.
    var policyMoves: [StreamID: DeviceID] = [:]
    /// Streams silenced because their device was unplugged while they played.
    var unplugHolds: [StreamID: UnplugHold] = [:]
    /// Each stream's latest move by the server or the user, to tell a rescue from an unplugged device.
    var recentMoves: [StreamID: RecentMove] = [:]
    /// Streams the user moved away from where the policy routed them: the policy leaves them be.
    var userRouted: Set<StreamID> = []
    /// The latest plug or unplug: the server's moves that follow it change routes for that reason.
    var lastDeviceChange: DeviceChangeMark?
    /// Echo cancellers decided loaded, by id.
    var echoCancellers: [EchoCancellerID: EchoCanceller] = [:]
    /// The canceller each session in a processed mode goes through now.
    var sessionCancellers: [SessionID: EchoCancellerID] = [:]
    /// Streams the policy moved onto a canceller, and which.
    var echoCancelled: [StreamID: EchoCancellerID] = [:]
    /// Processes whose playback counts as a call because they capture from a microphone
    /// (`call-while-capturing`), or did until a moment ago (`capture-call-hold-ms`).
    var capturingProcesses: [AppProcess: CapturingProcess] = [:]
    /// The desktop's own state, as last reported.
    var desktop = DesktopState()
    /// Counts events; ``RecentMove`` uses it to tell a rescue burst from an old move.
    var eventSerial = 0

    /// Creates an empty state under `policy`.
    public init(policy: Policy) {
        self.policy = policy
    }
}
