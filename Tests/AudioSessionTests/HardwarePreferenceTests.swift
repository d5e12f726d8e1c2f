import AudioSession
import AudioSessionTesting
import Foundation
import Testing

/// Hardware preferences go through the agent, which forces PipeWire's clock only while a
/// non-mixable session is active and writes it back afterwards; the getters report what the agent
/// reads from the server. Server facts read from the server (`pw-metadata`, `pactl`).
@Suite(.serialized) struct HardwarePreferenceTests {
    /// `pw-metadata -n settings`: key → value of subject 0.
    static func settings(_ rig: LibraryRig) async throws -> [String: String] {
        let output = try await rig.server.tool("pw-metadata", ["-n", "settings"])
        var values: [String: String] = [:]
        for line in output.split(separator: "\n") where line.contains("id:0 key:'") {
            let parts = line.split(separator: "'")
            if parts.count >= 4 { values[String(parts[1])] = String(parts[3]) }
        }
        return values
    }

    @Test func activeNonMixableSessionHasTheAgentForceThePipeWireClockAndWriteItBack() async throws {
        let rig = try await LibraryRig.start(.pipewirePulse)
        defer { rig.stop() }
        let agent = try await rig.startAgent()
        defer { agent.kill() }
        let session = rig.session("org.example.Game")
        defer { session.close() }
        try session.setCategory(.playback)
        await session.waitUntilReady()
        try await session.setPreferredSampleRate(44_100)
        try await session.setPreferredIOBufferDuration(.milliseconds(10))
        let before = try await Self.settings(rig)
        #expect(before["clock.force-rate"] == "0")  // nothing forced before the session is active
        let graphRate = try #require(before["clock.rate"].flatMap(Double.init))
        #expect(session.sampleRate == graphRate, "before activation the graph runs at its own rate")

        try await session.setActive(true)
        let settings = try await Self.settings(rig)
        #expect(settings["clock.force-rate"] == "44100" && settings["clock.force-quantum"] == "441", "\(settings)")
        #expect(session.sampleRate == 44_100)
        #expect(session.ioBufferDuration == .milliseconds(10))

        try await session.setActive(false)
        let after = try await Self.settings(rig)
        #expect(after["clock.force-rate"] == before["clock.force-rate"] && after["clock.force-quantum"] == before["clock.force-quantum"])
        #expect(session.sampleRate == graphRate)
        #expect(session.preferredIOBufferDuration == .milliseconds(10))
    }

    @Test func mixableSessionLeavesTheDeviceAlone() async throws {
        let rig = try await LibraryRig.start(.pipewirePulse)
        defer { rig.stop() }
        let agent = try await rig.startAgent()
        defer { agent.kill() }
        let session = rig.session("org.example.Ambient")
        defer { session.close() }
        try session.setCategory(.ambient)
        try await session.setPreferredSampleRate(44_100)
        try await session.setActive(true)
        #expect(try await Self.settings(rig)["clock.force-rate"] == "0")
        #expect(session.sampleRate != 44_100)

        let control = rig.session("org.example.Control")
        defer { control.close() }
        try control.setCategory(.playback)
        try await control.setPreferredSampleRate(32_000)
        try await control.setActive(true)
        #expect(try await Self.settings(rig)["clock.force-rate"] == "32000")
        try await control.setActive(false)
        #expect(try await Self.settings(rig)["clock.force-rate"] == "0")
        #expect(session.preferredSampleRate == 44_100)
    }

    @Test func closingTheSessionWritesTheClockBack() async throws {
        let rig = try await LibraryRig.start(.pipewirePulse)
        defer { rig.stop() }
        let agent = try await rig.startAgent()
        defer { agent.kill() }
        let session = rig.session("org.example.Closing")
        try session.setCategory(.playback)
        try await session.setPreferredIOBufferDuration(.milliseconds(20))
        try await session.setActive(true)
        #expect(try await Self.settings(rig)["clock.force-quantum"] == "960")
        session.close()
        try await waitUntil("the agent wrote the quantum back once the session's connection left") {
            try await Self.settings(rig)["clock.force-quantum"] == "0"
        }
    }

    @Test(arguments: [SoundSetup.pulseMinimal, .pipewirePulse])
    func serverFactsComeFromTheServer(setup: SoundSetup) async throws {
        let rig = try await LibraryRig.start(setup)
        defer { rig.stop() }
        let agent = try await rig.startAgent()
        defer { agent.kill() }
        let session = rig.session("org.example.Facts")
        defer { session.close() }
        try session.setCategory(.playAndRecord)
        await session.waitUntilReady()
        try await session.setActive(true)
        #expect(session.sampleRate > 0)
        #expect(session.outputNumberOfChannels == 2)
        #expect(session.inputNumberOfChannels > 0)
        #expect(session.isInputAvailable)
        #expect(session.currentRoute.inputs.map(\.uid) == ["mic"])
        #expect(session.ioBufferDuration > .zero)
        if setup == .pulseMinimal {
            // PulseAudio keeps the preference without error; the device rate stays the server's.
            let before = session.sampleRate
            try await session.setPreferredSampleRate(22_050)
            #expect(session.sampleRate == before)
            #expect(session.outputLatency == session.ioBufferDuration, "PulseAudio's buffer is the device's configured latency")
        } else {
            let settings = try await Self.settings(rig)
            let rate = try #require(settings["clock.rate"].flatMap(Double.init))
            let quantum = try #require(settings["clock.quantum"].flatMap(Double.init))
            #expect(session.sampleRate == rate)
            #expect(session.ioBufferDuration == .nanoseconds(Int64((quantum / rate * 1e9).rounded())))
        }
        await #expect(throws: AudioSessionError.self) { try await session.setPreferredSampleRate(1) }
    }
}
