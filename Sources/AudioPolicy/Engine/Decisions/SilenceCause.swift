/// Why a stream is silenced.
public enum SilenceCause: String, Hashable, Sendable {
    /// Its session (or, for a stream without a session, the stream itself) was interrupted.
    case interruption
    /// An active record-category session silences all other output.
    case record
    /// An exclusive-rank participant (a call) silences every lower-ranked one.
    case exclusive
    /// Its device was unplugged while it played; it stays silent on the device it fell back to
    /// until it is moved, stops, or the policy's timeout passes (pause on unplug).
    case unplugged
    /// Its session is ambient or solo-ambient and the screen is locked
    /// (`silence-ambient-when-locked`); it plays again on unlock.
    case screenLocked = "screen-locked"
    /// Its role is `notification` (event sounds included) and do-not-disturb is on
    /// (`hold-notifications-during-dnd`); it plays again when do-not-disturb ends.
    case doNotDisturb = "do-not-disturb"
    /// It is a capture stream of a session whose app muted its input
    /// (AVAudioApplication's `setInputMuted`); it records again when the app unmutes.
    case inputMuted = "input-muted"
}

extension SilenceCause {
    /// Whether the stream's player must run on, silently, to the stop that ends the silence (an
    /// unplug hold ends when the player stops): a silence that becomes one is decided again, so
    /// an enforcer that paused the stream for another cause can let it run muted instead.
    public var playsOut: Bool { self == .unplugged }
}
