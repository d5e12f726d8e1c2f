import AudioSession
import AudioSessionTesting
import Foundation
import Testing

/// Echo cancellation by the app's request, through the real agent on a real server: a
/// play-and-record session in default mode that asks gets the canceller (module-echo-cancel on
/// PulseAudio, a canceller process of the agent's through pipewire-pulse) and loses it when it
/// withdraws; a voice-chat call that turns it off has none unless the policy keeps it; a session
/// that cannot record is refused with the reason.
@Suite(.serialized) struct EchoCancellationRequestTests {
    /// The agent's canceller sources on the server (module-echo-cancel's on PulseAudio, a canceller
    /// process's through pipewire-pulse); monitors left out.
    static func cancellerSources(_ rig: LibraryRig) async throws -> [String] {
        try await rig.server.pactl("list", "short", "sources").split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t")
            guard fields.count > 1, fields[1].hasPrefix("audiosession.echo-cancel."), !fields[1].hasSuffix(".monitor") else {
                return nil
            }
            return String(fields[1])
        }
    }

    static func echoCancelModules(_ rig: LibraryRig) async throws -> Int {
        try await rig.server.pactl("list", "short", "modules").split(separator: "\n").filter { $0.contains("module-echo-cancel") }.count
    }

    /// The shipped policy with `app-can-turn-off` set to `turnOff`.
    static func policy(appCanTurnOff turnOff: Bool, in rig: LibraryRig) throws -> String {
        var text = try String(contentsOfFile: LibraryRig.packageRoot + "/policies/default.toml", encoding: .utf8)
        text = text.replacingOccurrences(of: "app-can-turn-off = true", with: "app-can-turn-off = \(turnOff)")
        let path = rig.directory + "/policy-turn-off-\(turnOff).toml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(arguments: [SoundSetup.pulseMinimal, .pipewirePulse])
    func aDefaultModeSessionThatAsksGetsTheCancellerUntilItWithdraws(_ setup: SoundSetup) async throws {
        let rig = try await LibraryRig.start(setup)
        defer { rig.stop() }
        let agent = try await rig.startAgent()
        defer { agent.kill() }

        let session = rig.session("org.example.Recorder")
        defer { session.close() }
        try session.setCategory(.playAndRecord, mode: .default)
        await session.waitUntilReady()
        #expect(await session.isEchoCancelledInputAvailable)
        #expect(!session.prefersEchoCancelledInput)
        try await session.setActive(true)
        #expect(await session.inputProcessing() == .none, "default mode alone gets no canceller")

        try await session.setPrefersEchoCancelledInput(true)
        #expect(session.prefersEchoCancelledInput)
        #expect(await session.inputProcessing() == .echoCancellation(.webrtc))
        try await waitUntil("the server has the session's canceller", timeout: .seconds(30)) {
            try await Self.cancellerSources(rig).count == 1
        }
        // PulseAudio runs module-echo-cancel; pipewire-pulse never does: a process of the agent's runs it.
        #expect(try await Self.echoCancelModules(rig) == (setup == .pipewirePulse ? 0 : 1))

        try await session.setPrefersEchoCancelledInput(false)
        #expect(!session.prefersEchoCancelledInput)
        #expect(await session.inputProcessing() == .none)
        try await waitUntil("the canceller is gone from the server", timeout: .seconds(30)) {
            let sources = try await Self.cancellerSources(rig)
            let modules = try await Self.echoCancelModules(rig)
            return sources.isEmpty && modules == 0
        }
        try await session.setActive(false)
    }

    @Test func aRestartedAgentLearnsTheChoice() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        let first = try await rig.startAgent()
        defer { first.kill() }

        let session = rig.session("org.example.Recorder")
        defer { session.close() }
        try session.setCategory(.playAndRecord, mode: .default)
        await session.waitUntilReady()
        try await session.setPrefersEchoCancelledInput(true)
        try await session.setActive(true)
        try await waitUntil("the first agent loads the canceller", timeout: .seconds(30)) {
            try await Self.echoCancelModules(rig) == 1
        }

        let resets = session.mediaServicesWereReset
        await rig.stopAgent(first)
        #expect(try await Self.echoCancelModules(rig) == 0, "a stopped agent leaves no canceller")
        let second = try await rig.startAgent()
        defer { second.kill() }
        _ = try await nextEvent("media services reset", from: resets)
        try await waitUntil("the new agent loads the canceller for the re-registered session", timeout: .seconds(30)) {
            try await Self.echoCancelModules(rig) == 1
        }
        #expect(await session.inputProcessing() == .echoCancellation(.webrtc))
        #expect(session.prefersEchoCancelledInput)
    }

    @Test func aVoiceChatCallThatTurnsItOffHasNoCanceller() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        let agent = try await rig.startAgent()
        defer { agent.kill() }

        let call = rig.session("org.example.OwnAEC")
        defer { call.close() }
        try call.setCategory(.playAndRecord, mode: .voiceChat)
        await call.waitUntilReady()
        try await call.setPrefersEchoCancelledInput(false)
        try await call.setActive(true)
        #expect(await call.inputProcessing() == .none)
        #expect(await call.isEchoCancelledInputAvailable, "asking again would give it one")
        #expect(try await Self.echoCancelModules(rig) == 0)
        #expect(try await Self.cancellerSources(rig).isEmpty)
    }

    @Test func aPolicyThatKeepsCallsCancellersIgnoresTheAppsNo() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        let agent = try await rig.startAgent(policy: try Self.policy(appCanTurnOff: false, in: rig))
        defer { agent.kill() }

        let call = rig.session("org.example.Call")
        defer { call.close() }
        try call.setCategory(.playAndRecord, mode: .voiceChat)
        await call.waitUntilReady()
        try await call.setPrefersEchoCancelledInput(false)
        try await call.setActive(true)
        #expect(await call.inputProcessing() == .echoCancellation(.webrtc))
        try await waitUntil("the call keeps its canceller", timeout: .seconds(30)) {
            try await Self.echoCancelModules(rig) == 1
        }
    }

    @Test func aSessionThatCannotRecordIsRefusedWithTheReason() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        let agent = try await rig.startAgent()
        defer { agent.kill() }

        let player = rig.session("org.example.Player")
        defer { player.close() }
        try player.setCategory(.playback)
        await player.waitUntilReady()
        #expect(!(await player.isEchoCancelledInputAvailable))
        let error = await #expect(throws: AudioSessionError.self) { try await player.setPrefersEchoCancelledInput(true) }
        #expect(error?.code == .invalidConfiguration)
        #expect(
            error?.message.contains("its category playback does not record; choose record, play-and-record or multi-route first") == true,
            "\(error.map { "\($0)" } ?? "")")
        #expect(!player.prefersEchoCancelledInput, "a refused choice is not kept")
        try await player.setPrefersEchoCancelledInput(false)  // asking for none is always taken

        let meter = rig.session("org.example.Meter")
        defer { meter.close() }
        try meter.setCategory(.playAndRecord, mode: .measurement)
        await meter.waitUntilReady()
        let measuring = await #expect(throws: AudioSessionError.self) { try await meter.setPrefersEchoCancelledInput(true) }
        #expect(measuring?.message.contains("measurement mode records straight from the device") == true)
    }
}
