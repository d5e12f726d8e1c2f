import SoundServer

/// The name under which PulseAudio's module-stream-restore keeps a stream's volume, mute state and
/// device, computed from the stream's properties as the module does (pipewire-pulse accepts the
/// same names and turns them into WirePlumber route-settings keys).
///
/// ```swift
/// RestoreEntryName.of(music)   // "sink-input-by-media-role:music"
/// ```
enum RestoreEntryName {
    /// The entry name of `stream`, or `nil` when it has none of the identifying properties.
    static func of(_ stream: SoundStream) -> String? {
        let properties = stream.properties
        if let explicit = properties["module-stream-restore.id"], !explicit.isEmpty { return explicit }
        let prefix = stream.kind == .playback ? "sink-input" : "source-output"
        for (key, kind) in [
            ("media.role", "media-role"), ("application.id", "application-id"),
            ("application.name", "application-name"), ("media.name", "media-name"),
        ] {
            if let value = properties[key], !value.isEmpty { return "\(prefix)-by-\(kind):\(value)" }
        }
        return nil
    }
}
