/// A specialisation of a ``Category`` for a particular use (voice chat, measurement, ...).
///
/// Each mode is valid with some categories only; see ``SessionConfiguration/validate()``.
///
/// ```swift
/// Mode.spokenAudio.kebabName  // "spoken-audio"
/// ```
public enum Mode: String, KebabNamed {
    /// No specialisation; valid with every category.
    case `default` = "default"
    /// Two-way voice communication (play-and-record).
    case voiceChat = "voice-chat"
    /// Two-way video communication (play-and-record).
    case videoChat = "video-chat"
    /// Voice chat inside a game (play-and-record).
    case gameChat = "game-chat"
    /// Recording video with sound (record or play-and-record).
    case videoRecording = "video-recording"
    /// Minimal signal processing for measuring input or output (record, play-and-record, playback).
    case measurement = "measurement"
    /// Film and TV playback (playback).
    case moviePlayback = "movie-playback"
    /// Continuous speech such as podcasts and audio books, which should pause rather than duck (playback).
    case spokenAudio = "spoken-audio"
    /// Short spoken prompts such as navigation instructions (playback or play-and-record).
    case voicePrompt = "voice-prompt"

    /// Says `mode` in messages.
    public static var kindName: String { "mode" }
}
