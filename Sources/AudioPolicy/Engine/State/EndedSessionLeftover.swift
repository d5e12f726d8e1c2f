/// A stream whose session ended, in the moment after.
///
/// An app that quits ends its session over the bus and its streams on the sound server, on two
/// channels in no fixed order: its streams may linger a moment, and the server may still report
/// them changed (a cork, a session resolved anew). Meanwhile they are excluded, so a call's far
/// end never refuses the music it just let resume. A stream still there after
/// ``PolicyEngine/leftoverGraceMilliseconds`` belongs to an app that lives on without its session
/// (it closed the session and plays on): it becomes that app's legacy stream.
struct EndedSessionLeftover: Hashable, Sendable {
    /// The session that ended.
    var session: SessionID
    /// When it ended (engine time, milliseconds).
    var since: Int
}
