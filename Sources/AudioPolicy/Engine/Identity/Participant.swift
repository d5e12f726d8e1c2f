/// Something that takes part in policy: a session, or a stream that belongs to no session.
///
/// Decisions name participants as their cause (who ducked a stream, who holds priority).
public enum Participant: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// A session registered by an app.
    case session(SessionID)
    /// A stream with no session, taking part through its role.
    case stream(StreamID)

    /// `session X` or `stream X`.
    public var description: String {
        switch self {
        case .session(let id): "session \(id)"
        case .stream(let id): "stream \(id)"
        }
    }
}
