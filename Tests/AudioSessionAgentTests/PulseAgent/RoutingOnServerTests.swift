import AudioSessionAgent
import AudioSessionTesting
import Foundation
import Testing

/// Routing with the agent on real servers: plugging headphones makes them the default and the
/// music follows (last-in wins); unplugging them leaves the music on the speaker, muted, until
/// its player stops (pause on unplug, for an app that has no session and no MPRIS). The control
/// without the agent shows the server itself moves nothing on plug.
@Suite("Agent on real servers: plug and unplug", .serialized)
struct RoutingOnServerTests {
    @Test("PulseAudio (minimal): last-in wins on plug, silence on unplug, nothing without the agent")
    func onPulseAudio() async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        try await plugAndUnplug(AgentHarness(server: pulse))
    }

    // pipewire-pulse sends the fallback as "on the speaker, corked" then "uncorked" now and then
    // (UnplugSequenceFacts); the hold must survive that cork.
    @Test("pipewire-pulse: last-in wins on plug, silence on unplug, nothing without the agent")
    func onPipeWirePulse() async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        try await plugAndUnplug(AgentHarness(server: pipewire))
    }

    private func plugAndUnplug<Server: PulseProtocolServer>(_ harness: AgentHarness<Server>) async throws {
        let server = harness.server
        let music = try harness.playMusic()
        defer { music.kill() }
        let speakerIndex = try #require(try await server.sinkIndex(named: "speaker"))
        try await waitUntil("the music plays on the speaker") { try await harness.stream(named: "music")?.sink == speakerIndex }

        // Control: without the agent, plugging headphones changes nothing.
        // A server-side switch (module-switch-on-connect) acts before load-module's reply, and the
        // listing below is a further round trip: what the server does by itself has been done.
        let first = try await server.plug(.headphones)
        _ = try await waitForValue("the headphones are listed") { try await server.sinkIndex(named: "headphones") }
        #expect(try await defaultSink(server) == "speaker", "the server keeps its default")
        #expect(try await harness.stream(named: "music")?.sink == speakerIndex, "and the music where it was")
        try await server.unplug(first)

        let agent = try await harness.startAgent()
        let headphones = try await server.plug(.headphones)
        let headphonesIndex = try await waitForValue("the headphones are listed") { try await server.sinkIndex(named: "headphones") }
        try await waitUntil("the headphones become the default (last-in wins)") { try await defaultSink(server) == "headphones" }
        try await waitUntil("the music follows the default to the headphones") {
            try await harness.stream(named: "music")?.sink == headphonesIndex
        }
        #expect(try await harness.stream(named: "music")?.isMuted == false)

        try await server.unplug(headphones)
        try await waitUntil("the music fell back to the speaker") { try await harness.stream(named: "music")?.sink == speakerIndex }
        try await waitUntil("and is muted there (pause on unplug)", timeout: .seconds(10)) {
            try await harness.stream(named: "music")?.isMuted == true
        }
        let explained = AgentHarness<Server>.explain(agent)
        #expect(explained.contains("unplugged"), "\(explained)")

        // The agent ends: nothing stays muted.
        await agent.shutdown()
        try await waitUntil("the music is unmuted once the agent stops") { try await harness.stream(named: "music")?.isMuted == false }
    }

    private func defaultSink<Server: PulseProtocolServer>(_ server: Server) async throws -> String {
        try await server.pactl("get-default-sink").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
