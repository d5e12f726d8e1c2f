/// Whether an interruption starts or ends.
public enum InterruptionType: String, KebabNamed {
    /// Another participant took over; the session's audio is silenced.
    case began = "began"
    /// The interruption is over; see ``InterruptionOptions/shouldResume``.
    case ended = "ended"

    /// Says `interruption type` in messages.
    public static var kindName: String { "interruption type" }
}
