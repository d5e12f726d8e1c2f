import AudioSessionTesting
import Foundation
import Testing

extension AgentIntegrationTests.VoiceProcessing {
    /// A route change mid-call on the pulse protocol: PulseAudio loads module-echo-cancel on the
    /// new devices, pipewire-pulse gets a canceller process of the agent's. The first canceller
    /// ends once the call has left it (``EchoCancellerSteward``): never two left, never the old
    /// one left behind.
    @Test(
        "headphones plugged mid-call: a canceller on them takes the call, the first one ends",
        arguments: [SoundSetup.pulseMinimal, .pipewirePulse])
    func routeChangeMovesTheCanceller(setup: SoundSetup) async throws {
        let rig = try await AgentRig.start(setup)
        defer { rig.stop() }
        _ = try await SimulatedRoom.build(on: rig.server, delayMilliseconds: 40)
        let server = rig.server.serverProcessID()
        let agent = try await rig.startAgent()
        defer { agent.kill() }
        let tone = try rig.tone("far", seconds: 120)
        let script = "parec --raw --property=media.name=call-capture > /dev/null & "
            + "exec paplay --property=media.name=far-end '\(tone)'"
        let call = try rig.spawnCtl(["run", "--category", "play-and-record", "--mode", "voice-chat", "--", "sh", "-c", script])
        defer { call.kill() }
        let first = try await waitForValue("the call plays through a canceller on the speaker", timeout: .seconds(30)) {
            try await Self.callsCanceller(rig, playingTo: "speaker")
        }

        let headphones = try await rig.server.plug(.headphones)
        // Last-in wins: the headphones become the default, and the call's route follows.
        try await waitUntil("a canceller on the headphones carries the call, the first one has ended", timeout: .seconds(30)) {
            guard let second = try await Self.callsCanceller(rig, playingTo: "headphones"), second != first else { return false }
            return try await rig.cancellerDevices().sinks.values.sorted() == [second]
        }
        #expect(rig.server.serverProcessID() == server, "the server is the same process after the route change")

        call.terminate()
        _ = await call.waitForExit()
        try await waitUntil("nothing of the cancellers remains once the call ended", timeout: .seconds(30)) {
            let devices = try await rig.cancellerDevices()
            let modules = try await echoCancellerModules(rig)
            return devices.sinks.isEmpty && devices.sources.isEmpty && modules.isEmpty
                && AgentIntegrationTests.NativeVoiceProcessing.cancellerProcesses(rig).isEmpty
        }
        try await rig.server.unplug(headphones)
        #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
    }

    /// The canceller sink the call's far end plays to, if it is one and plays to `master`.
    static func callsCanceller(_ rig: AgentRig, playingTo master: String) async throws -> String? {
        guard let far = try await rig.stream(named: "far-end"), let name = try await rig.cancellerDevices().sinks[far.sink] else {
            return nil
        }
        let listing = try await rig.server.pactl("list", "sinks")
        let block = listing.components(separatedBy: "Sink #").first { $0.contains("Name: \(name)\n") } ?? ""
        return block.contains("device.master_device = \"\(master)\"") ? name : nil
    }
}
