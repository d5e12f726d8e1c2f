/// Where WirePlumber 0.4's restore-stream script keeps a stream's saved Props (volume factor,
/// mute, channel volumes) and target: the stream's media class without `Stream/`, then the first
/// of `media.role`, `application.id`, `application.name`, `media.name`, `node.name` it has.
///
/// The script saves a node's Props `volume` too, so a duck would be handed to the next stream of
/// the role; it accepts corrections through the `route-settings` metadata under ``metadataKey``.
///
/// ```swift
/// let key = WirePlumberRestoreKey(["media.class": "Stream/Output/Audio", "media.role": "Music"])
/// key?.metadataKey   // "restore.stream.Output/Audio.media.role:Music"
/// ```
struct WirePlumberRestoreKey: Hashable, Sendable {
    /// `Output/Audio:media.role:Music`, as the script's state file names it.
    var rawValue: String

    init?(_ properties: [String: String]) {
        guard let mediaClass = properties["media.class"], mediaClass.hasPrefix("Stream/") else { return nil }
        let keys = ["media.role", "application.id", "application.name", "media.name", "node.name"]
        guard let key = keys.first(where: { properties[$0] != nil }), let value = properties[key] else { return nil }
        rawValue = "\(mediaClass.dropFirst("Stream/".count)):\(key):\(value)"
    }

    /// A key as the journal keeps it (``rawValue``); `nil` for a name that is not one.
    init?(rawValue: String) {
        guard rawValue.split(separator: ":", omittingEmptySubsequences: false).count >= 3 else { return nil }
        self.rawValue = rawValue
    }

    /// The key in the `route-settings` metadata: the first colon becomes a dot.
    var metadataKey: String {
        guard let colon = rawValue.firstIndex(of: ":") else { return "restore.stream." + rawValue }
        return "restore.stream." + rawValue[..<colon] + "." + rawValue[rawValue.index(after: colon)...]
    }

    /// The JSON the script reads from a `route-settings` entry: only the volume factor.
    static func volumeJSON(_ factor: Double) -> String {
        "{ \"volume\": \(factor) }"
    }

    /// The JSON of a `route-settings` entry that holds only the mute state.
    static func muteJSON(_ muted: Bool) -> String {
        "{ \"mute\": \(muted) }"
    }
}
