import Foundation

/// An acoustic path built inside a PulseAudio graph, for echo-cancellation tests: what plays on
/// the speaker reaches a microphone after a fixed delay, as a loudspeaker heard in a room.
///
/// `speaker.monitor` → `module-loopback` (fixed `latency_msec`, no rate adjustment) → null sink
/// `room` → `module-remap-source` `roommic` over `room.monitor`, made the default source. A
/// monitor is not a device users pick; the remapped source is, so the agent routes calls to it.
/// `module-echo-cancel` refuses a sink with its own monitor as the pair, hence the second sink.
///
/// ```swift
/// let room = try await SimulatedRoom.build(on: pulse, delayMilliseconds: 40)
/// // paplay to "speaker" is heard, 40 ms later, on "roommic"
/// ```
public struct SimulatedRoom: Sendable {
    /// The microphone source that hears the speaker.
    public let microphone: String
    /// The modules loaded, in load order.
    public let modules: [String]

    /// Builds the path on `server` and makes its microphone the default source.
    public static func build(on server: some PulseProtocolServer, delayMilliseconds: Int) async throws -> SimulatedRoom {
        let room = try await server.pactl("load-module", "module-null-sink", "sink_name=room", "sink_properties=device.description=Room")
        let loopback = try await server.pactl(
            "load-module", "module-loopback", "source=speaker.monitor", "sink=room", "latency_msec=\(delayMilliseconds)",
            "adjust_time=0", "source_dont_move=true", "sink_dont_move=true")
        let mic = try await server.pactl(
            "load-module", "module-remap-source", "master=room.monitor", "source_name=roommic",
            "source_properties=device.description=Room-microphone")
        _ = try await server.pactl("set-default-source", "roommic")
        return SimulatedRoom(microphone: "roommic", modules: [room, loopback, mic].map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })
    }
}
