public import AudioPolicy
public import SoundServer

/// A second way to silence a stream besides muting it: asking its player to pause (MPRIS
/// `Pause` over the bus, for players that have it). The seam the routes-and-players work plugs
/// into; without one the enforcer only mutes.
///
/// The enforcer calls it on the loop thread, after it has journalled and sent the mute, so it must
/// not block: queue the bus call and return.
///
/// ```swift
/// struct LoggingPauser: StreamPauser {
///     func pause(_ stream: SoundStream, ofProcess processID: Int32?, because cause: SilenceCause) {
///         print("would pause", stream.index, "of process", processID ?? 0)
///     }
///     func resume(_ stream: SoundStream) { print("would resume", stream.index) }
/// }
/// ```
public protocol StreamPauser: Sendable {
    /// The stream has just been muted; pause its player too, if it has one. `processID` is the
    /// app's process as the agent knows it from the stream and its client
    /// (`StreamAppIdentity`), `nil` when unknown.
    func pause(_ stream: SoundStream, ofProcess processID: Int32?, because cause: SilenceCause)
    /// The stream has just been unmuted with permission to resume; play its player again.
    func resume(_ stream: SoundStream)
    /// As ``resume(_:)``, then calls `afterwards` once the player has been asked to play (at once
    /// when the pauser did not pause it): for an enforcer whose own undo must come after the
    /// player's.
    func resume(_ stream: SoundStream, then afterwards: @escaping @Sendable () -> Void)
    /// The stream has just been unmuted without permission to resume: forget its pause, play nothing.
    func release(_ stream: SoundStream)
}

extension StreamPauser {
    /// Resumes and calls `afterwards` at once: for a pauser whose resume is done when it returns.
    public func resume(_ stream: SoundStream, then afterwards: @escaping @Sendable () -> Void) {
        resume(stream)
        afterwards()
    }

    /// Does nothing: a pauser that keeps no state about pauses has nothing to forget.
    public func release(_ stream: SoundStream) {}
}
