import Foundation

/// One stream (sink input) as a PulseAudio-protocol server reports it through `pactl -f json`,
/// so tests read corked, mute, volume and properties from JSON instead of pactl's text.
///
/// ```swift
/// let music = try await pulse.sinkInput(where: "media.role", is: "music")
/// #expect(music?.isMuted == false)
/// ```
public struct PulseSinkInput: Sendable, Equatable {
    /// The stream's index (on pipewire-pulse: the node's `object.serial`).
    public var index: Int
    /// The index of the sink it plays on.
    public var sink: Int
    /// Whether the stream is corked (paused by its client).
    public var isCorked: Bool
    /// Whether the stream is muted.
    public var isMuted: Bool
    /// Each channel's volume in percent as pactl prints it (100 is unity).
    public var volumePercents: [Int]
    /// The stream's properties (`media.role`, `application.name`, ...).
    public var properties: [String: String]

    /// The streams in `json`, the array `pactl -f json list sink-inputs` prints.
    public static func parse(_ json: String) throws -> [PulseSinkInput] {
        guard case .array(let items) = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8)) else { return [] }
        return items.compactMap { item in
            guard let index = item["index"]?.number, let sink = item["sink"]?.number else { return nil }
            var properties: [String: String] = [:]
            if case .object(let members)? = item["properties"] {
                for (key, value) in members { properties[key] = value.text }
            }
            var percents: [Int] = []
            if case .object(let channels)? = item["volume"] {
                for (_, channel) in channels.sorted(by: { $0.key < $1.key }) {
                    if case .string(let text)? = channel["value_percent"], let percent = Int(text.dropLast()) {
                        percents.append(percent)
                    }
                }
            }
            return PulseSinkInput(
                index: Int(index), sink: Int(sink), isCorked: item["corked"] == .bool(true),
                isMuted: item["mute"] == .bool(true), volumePercents: percents, properties: properties)
        }
    }
}
