/// What happened to a playback or capture stream, as its ``PulseStreamEvents`` tell it.
///
/// ```swift
/// for await event in stream.events {
///     switch event {
///     case .moved(let move) where move.previousDeviceRemoved: pauseForUnplug()
///     case .failed(let error) where error.code == .killed: print("the stream was killed")
///     default: break
///     }
/// }
/// ```
public enum PulseStreamEvent: Hashable, Sendable {
    /// Playback started: the server's buffer was filled for the first time (or again after an underrun).
    case started
    /// Everything written has been played: the source ended, or ``PulsePlaybackStream/drain()`` was awaited.
    case drained
    /// The server asks the client to pause (module-role-cork does when a phone stream appears).
    case corkRequested
    /// The server lets the client resume what it paused on ``corkRequested``.
    case uncorkRequested
    /// The stream now plays on (or records from) another device.
    case moved(PulseStreamMove)
    /// The device was suspended (`true`) or resumed (`false`).
    case suspended(Bool)
    /// A call inside the stream failed without ending it (a write the server refused).
    case error(PulseError)
    /// The stream ended against the client's will: killed (``PulseError/Code/killed``), its
    /// device could not take it, or the connection was lost. The sequence ends after it.
    case failed(PulseError)
}
