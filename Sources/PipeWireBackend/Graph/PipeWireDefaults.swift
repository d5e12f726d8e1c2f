/// The default devices from the `default` metadata, by node name.
///
/// The current defaults are what the session manager chose; the configured ones are what a user
/// (or this project) asked for and the session manager prefers while that device exists.
///
/// ```swift
/// if connection.defaults.audioSink == "speaker" { print("playing to the speaker") }
/// ```
public struct PipeWireDefaults: Sendable, Hashable {
    /// `default.audio.sink`.
    public var audioSink: String?
    /// `default.audio.source`.
    public var audioSource: String?
    /// `default.configured.audio.sink`.
    public var configuredAudioSink: String?
    /// `default.configured.audio.source`.
    public var configuredAudioSource: String?

    /// Creates defaults from node names, e.g. for tests of code that reads them.
    public init(
        audioSink: String? = nil, audioSource: String? = nil, configuredAudioSink: String? = nil,
        configuredAudioSource: String? = nil
    ) {
        self.audioSink = audioSink
        self.audioSource = audioSource
        self.configuredAudioSink = configuredAudioSink
        self.configuredAudioSource = configuredAudioSource
    }

    /// Reads the four keys of subject 0; values are JSON such as `{ "name": "speaker" }`.
    init(_ metadata: PipeWireMetadata?) {
        func name(_ key: String) -> String? {
            metadata?.value(forKey: key).flatMap { LibPipeWire.jsonObjectString($0, key: "name") }
        }
        self.init(
            audioSink: name("default.audio.sink"), audioSource: name("default.audio.source"),
            configuredAudioSink: name("default.configured.audio.sink"),
            configuredAudioSource: name("default.configured.audio.source"))
    }
}
