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

    /// Writes the far end a call plays into this room: `leadingSilenceSeconds` of silence, then
    /// `speech` (a WAV file) `repeats` times, as a WAV file at `path`.
    ///
    /// The silence lets the canceller's start settle before there is an echo to learn: on a loaded
    /// machine module-echo-cancel pads a late reference with silence in its first seconds, which
    /// moves the echo in the canceller's filter, and a canceller without delay estimation (speex)
    /// would start over. The repeats leave time to measure after convergence.
    ///
    /// ```swift
    /// let farEnd = try await room.farEnd(from: speech, at: dir + "/far-end.wav", on: pulse)
    /// ```
    public func farEnd(
        from speech: String, at path: String, on server: some PulseProtocolServer, leadingSilenceSeconds: Double = 3,
        repeats: Int = 2
    ) async throws -> String {
        let silence = path + ".silence.wav"
        let rate = try await server.tool("soxi", ["-r", speech]).trimmingCharacters(in: .whitespacesAndNewlines)
        let channels = try await server.tool("soxi", ["-c", speech]).trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try await server.tool("sox", ["-n", "-r", rate, "-c", channels, silence, "trim", "0", "\(leadingSilenceSeconds)"])
        _ = try await server.tool("sox", [silence] + Array(repeating: speech, count: max(repeats, 1)) + [path])
        try? FileManager.default.removeItem(atPath: silence)
        return path
    }
}
