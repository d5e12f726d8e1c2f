/// A normalised stream role (`media.role`), in PipeWire's lower-case spelling.
///
/// Normalisation accepts the aliases of PulseAudio and PipeWire, case-insensitively; an unknown
/// role gives `nil`, which callers treat as ``none``.
///
/// ```swift
/// Role(normalizing: "phone")   // .communication
/// Role(normalizing: "Movie")   // .movie
/// Role(normalizing: "video")   // .movie
/// Role(normalizing: "kazoo")   // nil: use Role.none
/// ```
public enum Role: String, CaseIterable, Hashable, Sendable {
    /// Film and video.
    case movie
    /// Music.
    case music
    /// Game audio.
    case game
    /// Notification and event sounds.
    case notification
    /// Calls and voice chat.
    case communication
    /// Alarms and alerts.
    case alert
    /// Navigation prompts.
    case navigation
    /// Voice assistants.
    case assistant
    /// Screen readers and other assistive output.
    case accessibility
    /// Audio production tools.
    case production
    /// Test tones.
    case test
    /// Streams with no role or an unknown one. Write `Role.none` to keep it apart from `Optional.none`.
    case none

    /// Finds the canonical role for a role name as streams and files spell it, or `nil` when unknown.
    public init?(normalizing name: String) {
        let lowered = name.lowercased()
        if let role = Role(rawValue: lowered) {
            self = role
            return
        }
        switch lowered {
        case "video", "animation": self = .movie
        case "event": self = .notification
        case "phone": self = .communication
        case "a11y": self = .accessibility
        default: return nil
        }
    }

    /// The canonical spelling, as policy files and explain write it.
    public var name: String { rawValue }
}
