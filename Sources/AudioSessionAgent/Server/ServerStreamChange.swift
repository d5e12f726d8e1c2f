import SoundServer

/// What happened on the server to a stream the engine knows, as the translator kept it in the
/// ``ServerStreamTable``: the enforcer compares it with what it did to the stream. A stream's
/// appearance is not one: the enforcer hears of it with the engine's first decisions about it
/// (``StreamDecisionEnforcer/carryOut(_:after:in:)``).
///
/// ```swift
/// if let change = translator.handle(event, graph: graph) { enforcer.observe(change) }
/// ```
enum ServerStreamChange: Equatable {
    /// The stream changed on the server (its volume, mute, device, cork state or properties).
    case changed(ServerStreamRef, SoundStream)
    /// The stream went away; the stream is as the server showed it last.
    case vanished(ServerStreamRef, last: SoundStream)
}
