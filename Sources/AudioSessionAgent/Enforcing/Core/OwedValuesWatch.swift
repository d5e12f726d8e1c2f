/// A new stream watched for the agent's values its restore entry's saved state may give it, with
/// the user's values it is owed instead (``OwedStreamValues``), until its watch window ends:
/// WirePlumber applies its saved state when it links the stream, after the stream appeared, so
/// each of the stream's change events in that time is checked, on either protocol; no timer polls.
///
/// ```swift
/// owedWatches[serial] = OwedValuesWatch(owed: OwedStreamValues(unmute: true))
/// // at each change event: a mute the stream shows is the agent's, left in the saved state
/// ```
struct OwedValuesWatch: Sendable {
    /// What the stream is still owed; each value goes once given, or once the agent's own
    /// decision holds the stream that way.
    var owed = OwedStreamValues()
    /// When the watch ends: a change after it is the user's.
    var until = ContinuousClock.now + OwedStreamValues.watchWindow
}
