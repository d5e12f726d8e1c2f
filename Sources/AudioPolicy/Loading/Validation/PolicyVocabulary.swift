/// The names a policy file may use, and the role aliases.
enum PolicyVocabulary {
    /// The policy format version this agent reads.
    static let supportedVersion: Int64 = 1

    static let categories = ["ambient", "solo-ambient", "playback", "record", "play-and-record", "multi-route"]
    static let modes = [
        "default", "voice-chat", "video-chat", "game-chat", "video-recording", "measurement",
        "movie-playback", "spoken-audio", "voice-prompt",
    ]
    static let options = [
        "mix-with-others", "duck-others", "interrupt-spoken-audio-and-mix-with-others",
        "allow-bluetooth-hfp", "allow-bluetooth-a2dp", "default-to-speaker",
    ]

    /// Canonical roles: PipeWire's names in lower case, plus `none` for streams with no or an unknown role.
    static let roles = [
        "movie", "music", "game", "notification", "communication", "alert", "navigation", "assistant",
        "accessibility", "production", "test", "none",
    ]

    /// PulseAudio's role names that differ from the canonical ones.
    static let aliases: [String: String] = [
        "video": "movie", "animation": "movie", "event": "notification", "phone": "communication", "a11y": "accessibility",
    ]

    /// The canonical role for a name written in a file or carried by a stream: canonical names,
    /// PulseAudio aliases, and PipeWire's capitalised names (`Movie`) are accepted; `nil` otherwise.
    static func canonicalRole(_ name: String) -> String? {
        let lowered = name.lowercased()
        if roles.contains(lowered) { return lowered }
        return aliases[lowered]
    }

    /// Every accepted spelling, for messages.
    static var acceptedRoleNames: [String] { roles + aliases.keys.sorted() }
}
