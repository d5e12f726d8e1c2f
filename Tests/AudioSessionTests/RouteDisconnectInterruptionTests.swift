import AudioSession
import AudioSessionTesting
import Foundation
import Testing

/// `setPrefersInterruptionOnRouteDisconnect(true)` through the real agent, on PulseAudio and as
/// the native agent on PipeWire: pulling the headphones the session plays to (unloading their
/// null sink) interrupts it with `routeDisconnected` besides its `oldDeviceUnavailable` route
/// change; plugging them in again ends the interruption without should-resume. A session that did
/// not ask hears the route change alone.
@Suite(.serialized) struct RouteDisconnectInterruptionTests {
    @Test(arguments: [(SoundSetup.pulseMinimal, "pulse"), (.pipewirePulse, "pipewire")])
    func unpluggingInterruptsTheSessionThatAskedAndPluggingEndsItWithoutResume(setup: SoundSetup, backend: String) async throws {
        let rig = try await LibraryRig.start(setup)
        defer { rig.stop() }
        let agent = try await rig.startAgent(policy: LibraryRig.packageRoot + "/policies/default.toml", backend: backend)
        defer { agent.kill() }
        let asking = rig.session("org.example.Music")
        defer { asking.close() }
        let plain = rig.session("org.example.Podcast")
        defer { plain.close() }
        for session in [asking, plain] {
            try session.setCategory(.playback, options: [.mixWithOthers])
            await session.waitUntilReady()
            try await session.setActive(true)
        }
        #expect(!asking.prefersInterruptionOnRouteDisconnect)
        try await asking.setPrefersInterruptionOnRouteDisconnect(true)
        #expect(asking.prefersInterruptionOnRouteDisconnect)
        #expect(!plain.prefersInterruptionOnRouteDisconnect)

        let headphones = try await rig.server.plug(.headphones)
        try await waitUntil("both routes are the headphones (last-in wins)") {
            asking.currentRoute.outputs.map(\.uid) == ["headphones"] && plain.currentRoute.outputs.map(\.uid) == ["headphones"]
        }
        let interruptions = asking.interruptions
        let plainInterruptions = plain.interruptions
        let changes = asking.routeChanges
        let plainChanges = plain.routeChanges

        try await rig.server.unplug(headphones)
        #expect(try await nextEvent("the interruption", from: interruptions) == .began(reason: .routeDisconnected))
        let change = try await nextEvent("old-device-unavailable", from: changes) { $0.reason == .oldDeviceUnavailable }
        #expect(change.previousRoute.outputs.map(\.uid) == ["headphones"])
        _ = try await nextEvent("the plain session's route change", from: plainChanges) { $0.reason == .oldDeviceUnavailable }

        _ = try await rig.server.plug(.headphones)
        #expect(try await nextEvent("the interruption's end", from: interruptions) == .ended(options: []))
        // Had the plain session been interrupted, its began would be waiting in its sequence.
        await #expect(throws: NoEvent.self, "a session that did not ask is not interrupted") {
            try await nextEvent("an interruption of the plain session", from: plainInterruptions, timeout: .seconds(1))
        }
        try await asking.setActive(true)
        #expect(asking.isActive)
    }
}
