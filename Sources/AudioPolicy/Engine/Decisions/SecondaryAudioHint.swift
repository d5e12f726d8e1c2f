/// The secondary-audio hint sent to ambient and solo-ambient sessions.
public enum SecondaryAudioHint: String, Hashable, Sendable {
    /// Another participant's primary audio started: secondary audio should be silenced.
    case begin
    /// The last primary audio stopped: secondary audio may play again.
    case end
}
