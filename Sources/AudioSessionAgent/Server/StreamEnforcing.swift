import AudioPolicy
import SoundServer

/// What an enforcer hears of the server's streams, whichever protocol it speaks: a new stream
/// with the engine's first decisions about it (before them, so that what the stream inherits is
/// in place when a decision arrives; after them, to settle what no decision took), and every
/// later change and the stream's end as the server shows them (``ServerStreamChange``). Nothing
/// calls it around the engine: the first two come with the engine's decisions, the others from
/// the mirror through the stream table.
///
/// Called on the backend's loop thread, with its loop lock held.
///
/// ```swift
/// final class LoggingEnforcer: StreamEnforcing {
///     let table: ServerStreamTable
///     func streamAppearing(_ ref: ServerStreamRef, _ stream: SoundStream) { print("new", ref.id) }
///     func streamAppeared(_ ref: ServerStreamRef, _ stream: SoundStream) {}
///     func streamChanged(_ ref: ServerStreamRef, _ stream: SoundStream) {}
///     func streamVanished(_ ref: ServerStreamRef, last: SoundStream) { print("gone", ref.id) }
/// }
/// ```
@ServerLoopActor
protocol StreamEnforcing: AnyObject, Sendable {
    /// The streams the engine knows, as the server showed them last.
    var table: ServerStreamTable { get }
    /// A new stream, before the engine's first decisions about it are carried out.
    func streamAppearing(_ ref: ServerStreamRef, _ stream: SoundStream)
    /// A new stream, once the engine's first decisions about it are carried out.
    func streamAppeared(_ ref: ServerStreamRef, _ stream: SoundStream)
    /// A known stream changed on the server.
    func streamChanged(_ ref: ServerStreamRef, _ stream: SoundStream)
    /// A known stream went away; `last` is how the server showed it last.
    func streamVanished(_ ref: ServerStreamRef, last: SoundStream)
}

extension StreamEnforcing {
    /// Hands `change` to the enforcer.
    func observe(_ change: ServerStreamChange) {
        switch change {
        case .changed(let ref, let stream): streamChanged(ref, stream)
        case .vanished(let ref, let last): streamVanished(ref, last: last)
        }
    }

    /// The stream `event` announced to the engine, if it is a stream's appearance the table holds.
    func appearedStream(in event: PolicyEvent) -> (ServerStreamRef, SoundStream)? {
        guard case .streamAppeared(let info) = event, let stream = table.stream(info.id), let ref = table.ref(of: stream.id) else {
            return nil
        }
        return (ref, stream)
    }
}
