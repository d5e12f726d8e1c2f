public import AudioSessionModel

/// What the engine decided; the enforcer and notifier carry it out.
///
/// Every decision carries an ``Explanation``: which rule, and which participant caused it.
public enum PolicyDecision: Hashable, Sendable {
    /// The session is now active.
    case activated(SessionID, because: Explanation)
    /// The session's activation was refused; it stays as it was.
    case activationRefused(SessionID, ActivationRefusal, because: Explanation)
    /// The session was interrupted; its streams are silenced.
    case interruptionBegan(SessionID, reason: InterruptionReason, because: Explanation)
    /// The session's interruption ended; `shouldResume` when the interrupter notified others.
    case interruptionEnded(SessionID, shouldResume: Bool, because: Explanation)
    /// Lower the stream to `level` over `rampMilliseconds`.
    case duck(StreamID, level: Double, rampMilliseconds: Int, because: Explanation)
    /// Restore the stream's volume over `rampMilliseconds`.
    case unduck(StreamID, rampMilliseconds: Int, because: Explanation)
    /// Silence the stream; for a stream silenced already, it now stays silenced until its player
    /// stops (``SilenceCause/playsOut``).
    case silence(StreamID, cause: SilenceCause, because: Explanation)
    /// Stop silencing the stream; `resume` says whether it may start playing again.
    case unsilence(StreamID, resume: Bool, because: Explanation)
    /// Move the stream to a device the policy routes it to.
    case move(StreamID, to: DeviceID, because: Explanation)
    /// Put the stream back where it was before the policy moved it (or where the server sends
    /// streams that follow the default, if that device is gone).
    case unmove(StreamID, because: Explanation)
    /// Make the device the server's default for its direction (last-in wins), so streams that
    /// follow the default move there and no per-stream restore entry is written.
    case setDefaultDevice(DeviceID, StreamDirection, because: Explanation)
    /// Switch a Bluetooth card to a profile: the headset profile while a session that records and
    /// allows Bluetooth HFP is active, back to the profile it had when none is.
    case setCardProfile(CardID, profile: String, because: Explanation)
    /// The session's route changed; `current` is where its audio goes now.
    case routeChanged(
        SessionID, reason: RouteChangeReason, previous: RouteDescription, current: RouteDescription, because: Explanation)
    /// Load an echo canceller between two devices (a voice-chat session became active on them),
    /// before any stream is moved onto it.
    case loadEchoCanceller(EchoCanceller, because: Explanation)
    /// Move the stream onto the echo canceller's virtual sink (playback) or source (capture).
    case moveToEchoCanceller(StreamID, EchoCancellerID, because: Explanation)
    /// Unload the echo canceller: no session needs it any more, and its streams were moved off.
    case unloadEchoCanceller(EchoCancellerID, because: Explanation)
    /// Tell an ambient or solo-ambient session that other primary audio started or stopped.
    case secondaryAudioHint(SessionID, SecondaryAudioHint, because: Explanation)

    /// The stream the decision acts on, if it acts on a stream.
    public var stream: StreamID? {
        switch self {
        case .duck(let id, _, _, _), .unduck(let id, _, _), .silence(let id, _, _), .unsilence(let id, _, _),
            .move(let id, _, _), .unmove(let id, _), .moveToEchoCanceller(let id, _, _):
            id
        case .activated, .activationRefused, .interruptionBegan, .interruptionEnded, .routeChanged, .secondaryAudioHint,
            .setDefaultDevice, .setCardProfile, .loadEchoCanceller, .unloadEchoCanceller:
            nil
        }
    }

    /// The session the decision is addressed to, if it is addressed to a session.
    public var session: SessionID? {
        switch self {
        case .activated(let id, _), .activationRefused(let id, _, _), .interruptionBegan(let id, _, _),
            .interruptionEnded(let id, _, _), .routeChanged(let id, _, _, _, _), .secondaryAudioHint(let id, _, _):
            id
        case .duck, .unduck, .silence, .unsilence, .move, .unmove, .setDefaultDevice, .setCardProfile, .loadEchoCanceller,
            .moveToEchoCanceller, .unloadEchoCanceller:
            nil
        }
    }

    /// Why the decision was made.
    public var explanation: Explanation {
        switch self {
        case .activated(_, let why), .activationRefused(_, _, let why), .interruptionBegan(_, _, let why),
            .interruptionEnded(_, _, let why), .duck(_, _, _, let why), .unduck(_, _, let why),
            .silence(_, _, let why), .unsilence(_, _, let why), .move(_, _, let why), .unmove(_, let why),
            .setDefaultDevice(_, _, let why), .setCardProfile(_, _, let why), .routeChanged(_, _, _, _, let why),
            .secondaryAudioHint(_, _, let why), .loadEchoCanceller(_, let why), .moveToEchoCanceller(_, _, let why),
            .unloadEchoCanceller(_, let why):
            why
        }
    }

    /// Whether carrying the decision out changes the server (a stream, or the default device) as
    /// opposed to telling a session.
    public var isEnforcement: Bool {
        switch self {
        case .setDefaultDevice, .setCardProfile, .loadEchoCanceller, .unloadEchoCanceller: true
        default: stream != nil
        }
    }
}
