import AudioSession
import AudioSessionTesting
import Foundation
import Testing

/// The processing the agent applies to a session's input, seen from the library: an active
/// voice-chat call is echo-cancelled (the shipped policy's WebRTC), a measurement session is not,
/// and without an agent nothing is.
@Suite(.serialized) struct InputProcessingTests {
    @Test func callsAreEchoCancelledAndMeasurementIsNot() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        let agent = try await rig.startAgent()
        defer { agent.kill() }

        let call = rig.session("org.example.Call")
        defer { call.close() }
        try call.setCategory(.playAndRecord, mode: .voiceChat)
        await call.waitUntilReady()
        #expect(await call.inputProcessing() == .none, "no canceller before activation")
        try await call.setActive(true)
        #expect(await call.inputProcessing() == .echoCancellation(.webrtc))
        let modules = try await rig.server.pactl("list", "short", "modules")
        #expect(modules.contains("module-echo-cancel"))
        try await call.setActive(false)
        #expect(await call.inputProcessing() == .none)

        let meter = rig.session("org.example.Meter")
        defer { meter.close() }
        try meter.setCategory(.playAndRecord, mode: .measurement)
        await meter.waitUntilReady()
        try await meter.setActive(true)
        #expect(await meter.inputProcessing() == .none)
    }
}
