internal import CPulse
import SoundServer

/// Conversions between libpulse's C values and the graph's Swift values.
enum PulseValues {
    /// PulseAudio's volume for 100 % (`PA_VOLUME_NORM`); its volume scale is the cubic one
    /// ``Volume/level`` uses, so the conversion is a plain ratio.
    static let normalVolume = Double(PA_VOLUME_NORM)
    /// The largest volume PulseAudio accepts (`PA_VOLUME_MAX`).
    static let maximumVolume = UInt32.max / 2

    static func string(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }

    static func properties(_ list: OpaquePointer?) -> [String: String] {
        guard let list else { return [:] }
        var properties: [String: String] = [:]
        var state: UnsafeMutableRawPointer?
        while let key = pa_proplist_iterate(list, &state) {
            // Binary values (rare: icons) have no string form and are left out.
            if let value = pa_proplist_gets(list, key) { properties[String(cString: key)] = String(cString: value) }
        }
        return properties
    }

    static func volume(_ raw: pa_volume_t) -> Volume { Volume(level: Double(raw) / normalVolume) }

    static func raw(_ volume: Volume) -> pa_volume_t {
        let scaled = (volume.level * normalVolume).rounded()
        return scaled >= Double(maximumVolume) ? maximumVolume : pa_volume_t(max(0, scaled))
    }

    static func volumes(_ cvolume: pa_cvolume) -> ChannelVolumes {
        var copy = cvolume
        let count = min(Int(cvolume.channels), Int(PA_CHANNELS_MAX))
        return withUnsafeBytes(of: &copy.values) { raw in
            ChannelVolumes(raw.bindMemory(to: pa_volume_t.self).prefix(count).map(volume))
        }
    }

    static func cvolume(_ volumes: ChannelVolumes) -> pa_cvolume {
        var cvolume = pa_cvolume()
        let count = min(volumes.count, Int(PA_CHANNELS_MAX))
        cvolume.channels = UInt8(count)
        withUnsafeMutableBytes(of: &cvolume.values) { bytes in
            let values = bytes.bindMemory(to: pa_volume_t.self)
            for channel in 0..<count { values[channel] = raw(volumes[channel]) }
        }
        return cvolume
    }

    static func channelMap(_ map: pa_channel_map) -> ChannelMap {
        var copy = map
        let count = min(Int(map.channels), Int(PA_CHANNELS_MAX))
        return withUnsafeBytes(of: &copy.map) { raw in
            ChannelMap(raw.bindMemory(to: pa_channel_position_t.self).prefix(count).map { position in
                ChannelPosition(rawValue: string(pa_channel_position_to_string(position)) ?? "invalid")
            })
        }
    }

    static func cChannelMap(_ map: ChannelMap) -> pa_channel_map {
        var cmap = pa_channel_map()
        let count = min(map.count, Int(PA_CHANNELS_MAX))
        cmap.channels = UInt8(count)
        withUnsafeMutableBytes(of: &cmap.map) { raw in
            let positions = raw.bindMemory(to: pa_channel_position_t.self)
            for channel in 0..<count { positions[channel] = pa_channel_position_from_string(map[channel].rawValue) }
        }
        return cmap
    }

    /// `PA_INVALID_INDEX` (not importable) as `nil`.
    static func index(_ raw: UInt32) -> UInt32? { raw == UInt32.max ? nil : raw }

    static func portTypeName(_ type: UInt32) -> String {
        let names = [
            "unknown", "aux", "speaker", "headphones", "line", "mic", "headset", "handset", "earpiece", "spdif", "hdmi",
            "tv", "radio", "video", "usb", "bluetooth", "portable", "handsfree", "car", "hifi", "phone", "network", "analog",
        ]
        return type < names.count ? names[Int(type)] : "unknown"
    }

    static func availability(_ available: Int32) -> DevicePort.Availability {
        switch available {
        case Int32(PA_PORT_AVAILABLE_YES.rawValue): .available
        case Int32(PA_PORT_AVAILABLE_NO.rawValue): .unavailable
        default: .unknown
        }
    }
}
