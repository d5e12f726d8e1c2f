/// A duck the engine decided for a stream that is not linked to a device yet.
///
/// pipewire-pulse shows a new stream before WirePlumber links it: without a device, and with a
/// volume that is not yet the stream's own (often 0 %). WirePlumber sets the restored volume as
/// it links. A ramp started before that would read WirePlumber's change as the user's (ending the
/// duck and taking 0 % for the user's level) or overwrite it; so the duck waits for the link.
struct HeldDuck: Hashable, Sendable {
    /// The level the engine asked for (linear amplitude factor).
    var level: Double
    /// The ramp the engine asked for.
    var rampMilliseconds: Int
}
