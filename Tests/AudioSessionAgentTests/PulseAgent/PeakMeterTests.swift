import AudioPolicy
import AudioSessionAgent
import AudioSessionTesting
import Foundation
import SoundServer
import Testing

/// A level meter on a microphone (pavucontrol's input meter: a peak-detect capture stream, here
/// ``PeakMeterClient``) takes no part in policy, even with a call's role on it. The control is a
/// plain capture of the same microphone with the same role (parec): that one is a call's
/// microphone, a trigger, and silences the music. PulseAudio tells the meter by its resample method
/// `peaks` (the mirror copies it to `resample.method`); pipewire-pulse sets `resample.peaks=true`.
@Suite("Agent on real servers: a peak meter on a microphone", .serialized)
struct PeakMeterTests {
    @Test("PulseAudio (minimal): a meter on the microphone is neither trigger nor target")
    func meterOnPulseAudio() async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        try await meterIsExcluded(AgentHarness(server: pulse), because: "level meter (PulseAudio): a peak-detect capture")
    }

    @Test("pipewire-pulse: a meter on the microphone is neither trigger nor target")
    func meterOnPipeWirePulse() async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        try await meterIsExcluded(AgentHarness(server: pipewire), because: "level meter (PipeWire): a peak-detect capture")
    }

    private func meterIsExcluded<Server: PulseProtocolServer>(_ harness: AgentHarness<Server>, because reason: String) async throws {
        let agent = try await harness.startAgent()
        let music = try harness.playMusic()
        defer { music.kill() }
        _ = try await harness.waitForStream("music")

        let meter = try await PeakMeterClient.start(
            on: "mic", name: "meter", properties: ["media.role": "phone"], in: harness.server)
        defer { meter.kill() }
        let meterRow = try await waitForValue("the meter's capture stream") {
            try await ServerStreamRow.list(.capture, on: harness.server).first { $0.properties["media.name"] == "meter" }
        }
        let id = ServerStreamRef(
            SoundStream(kind: .capture, index: UInt32(meterRow.index), name: "meter", deviceIndex: nil), instance: agent.serverInstance
        ).id
        let explanation = try await waitForValue("the agent explains the meter") {
            agent.coordinator.read { $0.engine.explanation(of: id) }
        }
        #expect(explanation.excludedBecause == "excluded: " + reason, "\(explanation)")
        // The call's role on the meter silences nothing: the engine leaves every stream playing, and
        // the music stays unmuted on the server while the meter runs.
        #expect(agent.coordinator.read { view in view.engine.streamIDs.allSatisfy { view.engine.effects(on: $0) == .playing } })
        try await waitUntil("the music plays at full volume alongside the meter") {
            try await harness.stream(named: "music").map { !$0.isMuted && $0.volumePercents.allSatisfy { $0 == 100 } } == true
        }

        // Control: a plain capture of the microphone with the same role is a call's microphone.
        let microphone = try harness.server.spawn(
            "parec", ["-d", "mic", "--rate=8000", "--channels=1", "--format=u8", "--property=media.role=phone",
                      "--property=media.name=call-mic"])
        defer { microphone.kill() }
        try await waitUntil("the call's microphone silences the music") { try await harness.stream(named: "music")?.isMuted == true }
        microphone.kill()
        _ = await microphone.waitForExit()
        try await waitUntil("the music is heard again after the call") { try await harness.stream(named: "music")?.isMuted == false }
        #expect(try await ServerStreamRow.list(.capture, on: harness.server).contains { $0.index == meterRow.index && !$0.isMuted })
        await agent.shutdown()
    }
}
