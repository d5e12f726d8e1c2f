/// The agent's mute of a silenced stream as the server shows it, one rule for both protocols:
/// whether an unmuted stream shows the agent's mute not yet landed (a restore of saved state
/// raced it: the mute is sent again) or the user's own unmute (it stands, and becomes what the
/// unsilence puts back).
///
/// The pulse protocol answers each command, and stream info that follows an answer shows the
/// server after the command, so a pulse watch starts at ``SilenceMuteProgress/sent`` and events
/// count only once answered. A PipeWire Props write has no answer: a native watch starts at
/// ``SilenceMuteProgress/answered``, and change events still on their way from earlier writes (the
/// steps of a ramp) show the node unmuted after the mute was sent. So the mute is sent again on
/// every unmuted event in ``resendWindow`` after the silence began, not a number of times that
/// such stale events could use up; a user who unmutes once the mute showed is never fought.
///
/// ```swift
/// var watch = SilenceMuteWatch(answered: true, since: .now)   // a native Props mute, node unmuted
/// watch.observe(isMuted: false, restoring: false, now: .now)  // .muteAgain: not shown yet
/// watch.observe(isMuted: true, restoring: false, now: .now)   // .none: shown
/// watch.observe(isMuted: false, restoring: false, now: .now)  // .userChose(muted: false)
/// ```
struct SilenceMuteWatch: Equatable {
    /// How the watch answers a change of the stream's mute state.
    enum Reaction: Equatable {
        case none
        /// The mute has not shown yet and something unmuted the stream: send it again.
        case muteAgain
        /// The user set the stream's mute state during the silence: it is the one to put back.
        case userChose(muted: Bool)
    }

    /// How long after the silence began an unmute shown before the agent's mute showed is taken
    /// for a restore that raced the mute: WirePlumber applies a new stream's saved state as it
    /// links the stream, within a second on a loaded machine.
    static let resendWindow = Duration.seconds(2)
    /// At most this many resends in the window, whatever unmutes the stream over and over.
    static let resendLimit = 10

    private(set) var progress: SilenceMuteProgress
    /// Whether the server has shown the agent's mute (or the user's choice since): what it shows
    /// from then on comes after the mute.
    var hasShown: Bool { progress == .shown || progress == .userOwned }
    private(set) var resends = 0
    private let since: ContinuousClock.Instant
    /// Whether the protocol answers the mute command (the pulse protocol), so that only events
    /// after the answer count.
    private let awaitsAnswers: Bool

    /// A watch of a mute just sent. `answered`: the protocol sends no answer (native PipeWire);
    /// `showsMuted`: the stream shows muted already (the user had muted it), so there is nothing
    /// to wait for: its next unmute is the user's.
    init(answered: Bool, showsMuted: Bool = false, since: ContinuousClock.Instant) {
        progress = answered ? (showsMuted ? .shown : .answered) : .sent
        awaitsAnswers = !answered
        self.since = since
    }

    /// A silence decided while an unsilence was still on its way: the server may show that
    /// unsilence's unmute late, so no unmute is taken for the user's.
    static func unwatched(since: ContinuousClock.Instant) -> SilenceMuteWatch {
        var watch = SilenceMuteWatch(answered: false, since: since)
        watch.progress = .notWatched
        return watch
    }

    /// The server answered the mute; `showsMuted`: the stream table shows it muted already.
    mutating func answered(showsMuted: Bool) {
        guard progress == .sent else { return }
        progress = showsMuted ? .shown : .answered
    }

    /// A change of the stream as the server shows it. `restoring` is the mute state the unsilence
    /// would put back now.
    mutating func observe(isMuted: Bool, restoring: Bool, now: ContinuousClock.Instant) -> Reaction {
        switch progress {
        case .answered where isMuted:
            progress = .shown
        case .answered where now < since + Self.resendWindow && resends < Self.resendLimit:
            resends += 1
            if awaitsAnswers { progress = .sent }
            return .muteAgain
        case .shown where !isMuted:
            progress = .userOwned
            return .userChose(muted: false)
        case .userOwned where isMuted != restoring:
            return .userChose(muted: isMuted)
        default:
            break
        }
        return .none
    }
}
