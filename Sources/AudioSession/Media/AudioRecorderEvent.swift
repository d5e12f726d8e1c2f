/// What happened to an ``AudioRecorder`` on its own, as AVAudioRecorder's delegate would hear it.
///
/// ```swift
/// for await event in recorder.events {
///     switch event {
///     case .pausedByInterruption, .pausedForRouteChange: showPaused()
///     case .resumedAfterInterruption: showRecording()
///     case .stoppedByServer(let reason): print(reason)
///     }
/// }
/// ```
public enum AudioRecorderEvent: Hashable, Sendable {
    /// The session was interrupted: recording paused; ``AudioRecorder/record()`` continues it.
    case pausedByInterruption
    /// The interruption ended with should-resume: the recorder reactivated the session and records on.
    case resumedAfterInterruption
    /// The input device went away (old-device-unavailable, or the server moved the capture
    /// stream off a removed source): the recorder paused; ``AudioRecorder/record()`` continues.
    case pausedForRouteChange
    /// The server ended the capture stream (killed, its source went away, the server went away);
    /// what was recorded so far is kept.
    case stoppedByServer(reason: String)
}
