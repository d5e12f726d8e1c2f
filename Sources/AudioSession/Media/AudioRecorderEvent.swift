/// What happened to an ``AudioRecorder`` on its own, as AVAudioRecorder's delegate would hear it.
///
/// ```swift
/// for await event in recorder.events {
///     if event == .pausedByInterruption { showPaused() }
/// }
/// ```
public enum AudioRecorderEvent: Hashable, Sendable {
    /// The session was interrupted: recording paused; ``AudioRecorder/record()`` continues it.
    case pausedByInterruption
    /// The server ended the capture stream (killed, its source went away, the server went away);
    /// what was recorded so far is kept.
    case stoppedByServer(reason: String)
}
