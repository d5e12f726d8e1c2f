import SoundServer

/// The facts of a sink or source node that PipeWire spells differently from the pulse protocol,
/// put the pulse way so the port-type table and routes read the same on both backends.
///
/// pipewire-pulse does the same for its clients: a null sink loaded with
/// `sink_properties='device.form_factor=headphone'` is a node with `device.form-factor`, and pactl
/// shows `device.form_factor` again. The native agent reads the node, so it converts too.
///
/// ```swift
/// PipeWireNodeDeviceFacts.pulseProperties(["device.form-factor": "headphone"])["device.form_factor"]  // "headphone"
/// PipeWireNodeDeviceFacts.channelMap(["audio.position": "FL,FR"]).count                                // 2
/// ```
enum PipeWireNodeDeviceFacts {
    /// PipeWire's key and the pulse protocol's key for the same fact.
    static let pulseKeys: [(pipewire: String, pulse: String)] = [
        ("device.form-factor", "device.form_factor"),
        ("device.icon-name", "device.icon_name"),
        ("device.bus-path", "device.bus_path"),
        ("node.description", "device.description"),
    ]

    /// `properties` with the pulse spelling of each key in ``pulseKeys`` added where the node has
    /// only PipeWire's (a pulse key the node carries itself wins).
    static func pulseProperties(_ properties: [String: String]) -> [String: String] {
        var converted = properties
        for (pipewire, pulse) in pulseKeys where converted[pulse] == nil {
            if let value = properties[pipewire] { converted[pulse] = value }
        }
        return converted
    }

    /// The node's channel layout from `audio.position` (`FL,FR` or `[ FL, FR ]`), else as many
    /// unnamed channels as `audio.channels` says; empty when the node says neither.
    static func channelMap(_ properties: [String: String]) -> ChannelMap {
        if let positions = properties["audio.position"] {
            let names = positions.split { $0 == "," || $0 == " " || $0 == "[" || $0 == "]" }.map(String.init)
            if !names.isEmpty { return ChannelMap(names.map(pulsePosition)) }
        }
        guard let count = properties["audio.channels"].flatMap({ Int($0) }), (1...64).contains(count) else {
            return ChannelMap([])
        }
        return count == 1 ? ChannelMap([.mono]) : ChannelMap((0..<count).map { ChannelPosition(rawValue: "aux\($0)") })
    }

    /// PipeWire's short channel name (`FL`, `LFE`, `AUX3`) as PulseAudio names the position.
    static func pulsePosition(_ name: String) -> ChannelPosition {
        let upper = name.uppercased()
        if let known = positions[upper] { return ChannelPosition(rawValue: known) }
        if upper.hasPrefix("AUX"), let number = Int(upper.dropFirst(3)) { return ChannelPosition(rawValue: "aux\(number)") }
        return ChannelPosition(rawValue: name.lowercased())
    }

    private static let positions: [String: String] = [
        "MONO": "mono", "FL": "front-left", "FR": "front-right", "FC": "front-center", "LFE": "lfe",
        "SL": "side-left", "SR": "side-right", "RL": "rear-left", "RR": "rear-right", "RC": "rear-center",
        "FLC": "front-left-of-center", "FRC": "front-right-of-center", "TC": "top-center", "TFL": "top-front-left",
        "TFC": "top-front-center", "TFR": "top-front-right", "TRL": "top-rear-left", "TRC": "top-rear-center",
        "TRR": "top-rear-right",
    ]
}
