/// What an app does with audio, which decides how its session interacts with others.
///
/// The desktop version of AVAudioSession's categories. ``soloAmbient`` is the default.
///
/// ```swift
/// let category = try Category.parse(kebabName: "play-and-record")  // .playAndRecord
/// ```
public enum Category: String, KebabNamed {
    /// Sound that accompanies the app and mixes with everything (game effects, UI sounds).
    case ambient = "ambient"
    /// Like ``ambient`` but the app's audio is primary: it does not mix with other sessions.
    case soloAmbient = "solo-ambient"
    /// Audio that is the point of the app (music, video, podcasts); not mixable unless asked.
    case playback = "playback"
    /// Capturing audio (recording, dictation); while active, other output is silenced.
    case record = "record"
    /// Capturing and playing at once (calls, voice chat).
    case playAndRecord = "play-and-record"
    /// Sending different audio to several outputs at once.
    case multiRoute = "multi-route"

    /// Says `category` in messages.
    public static var kindName: String { "category" }
}
