/// Whether a stream plays or captures audio.
public enum StreamDirection: String, Hashable, Sendable {
    /// A stream that plays audio (a sink input, an output node).
    case playback
    /// A stream that captures audio (a source output, an input node).
    case capture
}
