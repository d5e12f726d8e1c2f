import SoundServer

/// What the graph translator tells a backend's enforcer about streams, around the engine's own
/// events: the pulse and PipeWire enforcers keep their view of each stream through it.
///
/// Called on the backend's loop thread, with its loop lock held.
///
/// ```swift
/// final class LoggingEnforcer: StreamEnforcing {
///     func streamAppearing(_ ref: ServerStreamRef, _ stream: SoundStream) { print("new", ref.id) }
///     func streamAppeared(_ ref: ServerStreamRef, _ stream: SoundStream) {}
///     func streamChanged(_ ref: ServerStreamRef, _ stream: SoundStream) {}
///     func streamVanished(_ ref: ServerStreamRef, last: SoundStream) { print("gone", ref.id) }
/// }
/// ```
@ServerLoopActor
protocol StreamEnforcing: AnyObject, Sendable {
    /// A stream is about to be announced to the engine (which may decide on it at once).
    func streamAppearing(_ ref: ServerStreamRef, _ stream: SoundStream)
    /// A stream has been announced to the engine and its decisions carried out.
    func streamAppeared(_ ref: ServerStreamRef, _ stream: SoundStream)
    /// A known stream changed on the server.
    func streamChanged(_ ref: ServerStreamRef, _ stream: SoundStream)
    /// A known stream went away; `last` is how the server showed it last.
    func streamVanished(_ ref: ServerStreamRef, last: SoundStream)
}
