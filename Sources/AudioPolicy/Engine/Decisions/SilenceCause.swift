/// Why a stream is silenced.
public enum SilenceCause: String, Hashable, Sendable {
    /// Its session (or, for a stream without a session, the stream itself) was interrupted.
    case interruption
    /// An active record-category session silences all other output.
    case record
    /// An exclusive-rank participant (a call) silences every lower-ranked one.
    case exclusive
}
