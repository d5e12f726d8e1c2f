import AudioSessionTesting
import Foundation
import PulseBackend
import Testing

/// Playback and capture streams on real servers, observed as a user would: with pactl and on the
/// speaker's monitor. Every check runs on PulseAudio and on pipewire-pulse.
@Suite("Pulse playback and capture streams", .serialized)
struct PulseStreamTests {
    static let spec = PulseSampleSpec(format: .s16le, rate: 48_000, channels: 2)
    static let properties = ["media.role": "music", "application.name": "stream test", "audiosession.test": "tone"]

    enum Server: String, CaseIterable, Sendable {
        case pulseaudio, pipewire

        func start() async throws -> any PulseProtocolServer {
            switch self {
            case .pulseaudio: try await PrivatePulseAudio.start(.minimal)
            case .pipewire: try await PrivatePipeWire.start()
            }
        }
    }

    @Test("a playback stream is a sink input with its properties, is heard, corks, and leaves nothing behind", arguments: Server.allCases)
    func playback(server kind: Server) async throws {
        let server = try await kind.start()
        defer { server.stop() }
        let speaker = try await MonitorRecorder.start("speaker.monitor", in: server)
        defer { speaker.stop() }
        let connection = try await PulseConnection.connect(server: server.serverAddress)
        defer { connection.disconnect() }
        let source = PulseMemorySource(
            bytes: TonePCM.sine(frequency: 440, seconds: 1, amplitude: 0.4), spec: Self.spec, numberOfLoops: -1)
        let stream = try await PulsePlaybackStream.open(
            on: connection, name: "tone", properties: Self.properties, source: source, latency: .milliseconds(100))
        defer { stream.close() }
        let index = try #require(stream.index)

        let listed = try await waitForValue("the sink input is listed") { try await server.sinkInputs().first { $0.index == index } }
        #expect(listed.properties["media.role"] == "music")
        #expect(listed.properties["audiosession.test"] == "tone")
        #expect(listed.properties["media.name"] == "tone")
        #expect(stream.deviceName == "speaker")

        try await waitUntil("the tone is heard on the speaker") { try await speaker.rms(over: .milliseconds(200)) > 0.1 }

        try await stream.setCorked(true)
        #expect(stream.isCorked)
        try await waitUntil("pactl shows the sink input corked") {
            try await server.sinkInputs().first { $0.index == index }?.isCorked == true
        }
        try await waitUntil("the speaker falls silent") { try await speaker.rms(over: .milliseconds(200)) < 0.001 }

        try await stream.setCorked(false)
        try await waitUntil("the tone is heard again") { try await speaker.rms(over: .milliseconds(200)) > 0.1 }

        stream.close()
        try await waitUntil("the sink input is gone") { try await server.sinkInputs().allSatisfy { $0.index != index } }
        #expect(stream.index == nil)
    }

    @Test("a source that ends drains, and the stream says so", arguments: Server.allCases)
    func drainsAtTheEnd(server kind: Server) async throws {
        let server = try await kind.start()
        defer { server.stop() }
        let connection = try await PulseConnection.connect(server: server.serverAddress)
        defer { connection.disconnect() }
        let source = PulseMemorySource(bytes: TonePCM.sine(frequency: 440, seconds: 0.3), spec: Self.spec)
        let stream = try await PulsePlaybackStream.open(on: connection, name: "blip", source: source)
        defer { stream.close() }
        try await SequenceLog.collecting(stream.events) { log in
            try await waitUntil("the drained event arrives") { log.recorded.contains(.drained) }
        }
        #expect(source.framePosition == source.frameCount)
    }

    @Test("capturing the speaker's monitor records the tone that plays", arguments: Server.allCases)
    func capture(server kind: Server) async throws {
        let server = try await kind.start()
        defer { server.stop() }
        let connection = try await PulseConnection.connect(server: server.serverAddress)
        defer { connection.disconnect() }
        let capture = try await PulseCaptureStream.open(
            on: connection, name: "recorder", properties: ["media.role": "production"], spec: Self.spec,
            device: "speaker.monitor", latency: .milliseconds(50))
        defer { capture.close() }
        let captureIndex = try #require(capture.index)
        let outputs = try await server.tool("pactl", ["list", "short", "source-outputs"])
        #expect(outputs.split(separator: "\n").contains { $0.hasPrefix("\(captureIndex)\t") })

        try await SequenceLog.collecting(capture.buffers) { log in
            let quietBefore = log.recorded.count
            let tone = try ToneFile.sine(frequency: 440, seconds: 30, amplitude: 0.4, in: server.directory, name: "capture.wav")
            let player = try server.spawn("paplay", [tone])
            defer { player.kill() }
            try await waitUntil("the captured audio carries the tone") {
                TonePCM.rms(log.recorded.dropFirst(quietBefore).suffix(20).flatMap { $0 }) > 0.1
            }
        }
        try await capture.setCorked(true)
        #expect(capture.isCorked)
        capture.close()
        try await waitUntil("the source output is gone") {
            try await !server.tool("pactl", ["list", "short", "source-outputs"]).contains("\(captureIndex)\t")
        }
    }

    @Test("another client killing the sink input ends the stream with a killed failure", arguments: Server.allCases)
    func killed(server kind: Server) async throws {
        let server = try await kind.start()
        defer { server.stop() }
        let connection = try await PulseConnection.connect(server: server.serverAddress)
        defer { connection.disconnect() }
        let source = PulseMemorySource(
            bytes: TonePCM.sine(frequency: 440, seconds: 1), spec: Self.spec, numberOfLoops: -1)
        let stream = try await PulsePlaybackStream.open(on: connection, name: "victim", source: source)
        defer { stream.close() }
        let index = try #require(stream.index)
        let events = try await SequenceLog.collecting(stream.events) { log in
            // pactl has no kill command; another client kills it, as pavucontrol or pacmd would.
            let killer = try await PulseConnection.connect(server: server.serverAddress)
            defer { killer.disconnect() }
            try await killer.perform(.killSinkInput(index: index))
            try await waitUntil("the stream reports its failure") {
                log.recorded.contains { if case .failed = $0 { true } else { false } }
            }
            return log.recorded
        }
        let failure = events.compactMap { if case .failed(let error) = $0 { error } else { nil } }.first
        #expect(failure?.code == .killed, "\(events)")
    }

    @Test("unloading the sink a stream plays on surfaces as a move away from a removed device", arguments: Server.allCases)
    func deviceRemoved(server kind: Server) async throws {
        let server = try await kind.start()
        defer { server.stop() }
        let headphones = try await server.plug(.headphones)
        let connection = try await PulseConnection.connect(server: server.serverAddress)
        defer { connection.disconnect() }
        let source = PulseMemorySource(
            bytes: TonePCM.sine(frequency: 440, seconds: 1), spec: Self.spec, numberOfLoops: -1)
        let stream = try await PulsePlaybackStream.open(
            on: connection, name: "on headphones", source: source, device: "headphones")
        defer { stream.close() }
        #expect(stream.deviceName == "headphones")
        let events = try await SequenceLog.collecting(stream.events) { log in
            try await server.unplug(headphones)
            try await waitUntil("the stream reports the device went away") {
                log.recorded.contains {
                    switch $0 {
                    case .moved(let move): move.previousDeviceRemoved
                    case .failed: true
                    default: false
                    }
                }
            }
            return log.recorded
        }
        let move = events.compactMap { if case .moved(let move) = $0 { move } else { nil } }.last
        #expect(move?.deviceName == "speaker", "\(events)")
        #expect(move?.previousDeviceRemoved == true, "\(events)")
    }

    @Test("stock PulseAudio's module-role-cork asks a music stream to cork for a phone stream, and a corked one to uncork after")
    func corkRequest() async throws {
        let pulse = try await PrivatePulseAudio.start(.stock)
        defer { pulse.stop() }
        let connection = try await PulseConnection.connect(server: pulse.serverAddress)
        defer { connection.disconnect() }
        let source = PulseMemorySource(
            bytes: TonePCM.sine(frequency: 440, seconds: 1), spec: Self.spec, numberOfLoops: -1)
        let stream = try await PulsePlaybackStream.open(
            on: connection, name: "music", properties: ["media.role": "music"], source: source)
        defer { stream.close() }
        try await SequenceLog.collecting(stream.events) { log in
            let phone = try pulse.spawn(
                "paplay", ["--property=media.role=phone", try ToneFile.silence(seconds: 30, in: pulse.directory, name: "phone.wav")])
            defer { phone.kill() }
            try await waitUntil("the music stream is asked to cork") { log.recorded.contains(.corkRequested) }
            // PulseAudio asks again to uncork only a stream that did cork (server facts).
            try await stream.setCorked(true)
            phone.kill()
            try await waitUntil("and to uncork once the phone stream is gone") { log.recorded.contains(.uncorkRequested) }
        }
    }

    @Test("a spec or device the server cannot take is a typed error")
    func refusals() async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        let connection = try await PulseConnection.connect(server: pulse.serverAddress)
        defer { connection.disconnect() }
        let source = PulseMemorySource(bytes: [], spec: PulseSampleSpec(format: .s16le, rate: 0, channels: 2))
        let badSpec = await #expect(throws: PulseError.self) {
            _ = try await PulsePlaybackStream.open(on: connection, name: "bad", source: source)
        }
        #expect(badSpec?.code == .invalidArgument)
        #expect(badSpec?.message.contains("not a valid sample spec") == true)
        let noDevice = await #expect(throws: PulseError.self) {
            _ = try await PulseCaptureStream.open(on: connection, name: "bad", spec: Self.spec, device: "no_such_source")
        }
        #expect(noDevice?.code == .noEntity)
        #expect(try await pulse.sinkInputs().isEmpty)
    }
}
