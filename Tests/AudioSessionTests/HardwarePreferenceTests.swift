import AudioSession
import AudioSessionTesting
import Testing

/// Hardware preferences reach the PipeWire graph clock only while a non-mixable session is
/// active, and the clock returns to what it was afterwards. Server facts read from the server.
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

    static func pipeWireSession(_ rig: LibraryRig, _ id: String) -> AudioSession {
        rig.session(id, pipeWireRemote: rig.server.environment["PIPEWIRE_RUNTIME_DIR"].map { $0 + "/pipewire-0" })
    }

    @Test func activeNonMixableSessionForcesThePipeWireClockAndRestoresIt() async throws {
        let rig = try await LibraryRig.start(.pipewirePulse)
        defer { rig.stop() }
        let session = Self.pipeWireSession(rig, "org.example.Game")
        defer { session.close() }
        try session.setCategory(.playback)
        try session.setPreferredSampleRate(44_100)
        try session.setPreferredIOBufferDuration(.milliseconds(10))
        await session.waitUntilReady()
        let before = try await Self.settings(rig)
        #expect(before["clock.force-rate"] == "0")  // nothing forced before the session is active

        try await session.setActive(true)
        try await waitUntil("the settings carry the forced rate and quantum", timeout: .seconds(20)) {
            let settings = try await Self.settings(rig)
            return settings["clock.force-rate"] == "44100" && settings["clock.force-quantum"] == "441"
        }
        #expect(session.sampleRate == 44_100)
        #expect(session.ioBufferDuration == .milliseconds(10))

        try await session.setActive(false)
        try await waitUntil("the settings are back", timeout: .seconds(20)) {
            let settings = try await Self.settings(rig)
            return settings["clock.force-rate"] == before["clock.force-rate"]
                && settings["clock.force-quantum"] == before["clock.force-quantum"]
        }
        #expect(session.ioBufferDuration == .milliseconds(10))  // the preference, for the session's own streams
    }

    @Test func mixableSessionLeavesTheDeviceAlone() async throws {
        let rig = try await LibraryRig.start(.pipewirePulse)
        defer { rig.stop() }
        let session = Self.pipeWireSession(rig, "org.example.Ambient")
        defer { session.close() }
        try session.setCategory(.ambient)
        try session.setPreferredSampleRate(44_100)
        try await session.setActive(true)
        // A non-mixable control session forces the clock and, deactivated, writes back what it
        // found: the forced rate of the ambient session had it forced one, else the original.
        let control = Self.pipeWireSession(rig, "org.example.Control")
        defer { control.close() }
        try control.setCategory(.playback)
        try control.setPreferredSampleRate(32_000)
        try await control.setActive(true)
        try await waitUntil("the control's rate is forced", timeout: .seconds(20)) {
            try await Self.settings(rig)["clock.force-rate"] == "32000"
        }
        try await control.setActive(false)
        try await waitUntil("the original rate is back", timeout: .seconds(20)) {
            try await Self.settings(rig)["clock.force-rate"] == "0"
        }
        #expect(session.preferredSampleRate == 44_100)
        #expect(session.sampleRate != 44_100)
    }

    @Test(arguments: [SoundSetup.pulseMinimal, .pipewirePulse])
    func serverFactsComeFromTheServer(setup: SoundSetup) async throws {
        let rig = try await LibraryRig.start(setup)
        defer { rig.stop() }
        let session = rig.session("org.example.Facts")
        defer { session.close() }
        try session.setCategory(.playAndRecord)
        await session.waitUntilReady()
        #expect(session.sampleRate > 0)
        #expect(session.outputNumberOfChannels == 2)
        #expect(session.inputNumberOfChannels > 0)
        #expect(session.isInputAvailable)
        #expect(session.currentRoute.inputs.map(\.uid) == ["mic"])
        #expect(throws: AudioSessionError.self) { try session.setPreferredSampleRate(1) }
    }
}
