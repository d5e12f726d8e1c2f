/// How far the agent's mute of a silenced stream has got on the server, so that an unmute shown
/// after it is known for the user's (``SilenceMuteWatch``).
///
/// One connection answers in order and the stream info that follows an answer shows the server
/// after the command; still, pipewire-pulse can show a stream's mute a moment after answering. So
/// an unmute counts as the user's only once the server has answered the agent's mute and shown
/// the stream muted.
enum SilenceMuteProgress: Equatable {
    /// Not silenced, or silenced while an unsilence was still on its way (whose unmute the server
    /// may show late): no unmute is taken for the user's.
    case notWatched
    /// The agent's mute is on its way.
    case sent
    /// The server answered the mute but has not shown the stream muted since.
    case answered
    /// The server shows the agent's mute: an unmute from now on is the user's.
    case shown
    /// The user unmuted the stream during the silence: its mute state is the user's from then on,
    /// and the unsilence puts back what the user last chose.
    case userOwned
}
