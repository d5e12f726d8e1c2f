import AudioSession
import AudioSessionTesting
import Synchronization
import Testing

/// What the session sees on the sound server itself, without the agent: the output volume and
/// its changes (sequence and callback), route changes on plug and unplug, the input gain, the
/// speaker override.
@Suite(.serialized) struct ServerNotificationTests {
    @Test(arguments: [SoundSetup.pulseMinimal, .pipewirePulse])
    func outputVolumeChangesReachSequencesAndCallbacks(setup: SoundSetup) async throws {
        let rig = try await LibraryRig.start(setup)
        defer { rig.stop() }
        let session = rig.session("org.example.Mixer")
        defer { session.close() }
        await session.waitUntilReady()
        _ = try await rig.server.pactl("set-sink-volume", "speaker", "100%")
        try await waitUntil("the session reads 100 %") { abs(session.outputVolume - 1) < 0.01 }

        let changes = session.outputVolumeChanges
        let seen = Mutex<[Float]>([])
        let observation = session.observeOutputVolume { volume in seen.withLock { $0.append(volume) } }
        _ = try await rig.server.pactl("set-sink-volume", "speaker", "50%")
        let volume = try await nextEvent("a volume change to 50 %", from: changes) { abs($0 - 0.5) < 0.01 }
        #expect(abs(volume - 0.5) < 0.01)
        #expect(abs(session.outputVolume - 0.5) < 0.01)
        try await waitUntil("the callback saw 50 %") { seen.withLock { $0.contains { abs($0 - 0.5) < 0.01 } } }

        observation.cancel()
        let countAfterCancel = seen.withLock { $0.count }
        _ = try await rig.server.pactl("set-sink-volume", "speaker", "70%")
        _ = try await nextEvent("a volume change to 70 %", from: changes) { abs($0 - 0.7) < 0.01 }
        #expect(seen.withLock { $0.count } == countAfterCancel)  // the sequence got it, the cancelled callback not
    }

    @Test func routeChangesWithoutTheAgentComeFromTheServer() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        let session = rig.session("org.example.Player")
        defer { session.close() }
        try session.setCategory(.playback)
        await session.waitUntilReady()
        #expect(session.currentRoute.outputs.map(\.uid) == ["speaker"])
        let changes = session.routeChanges

        let headphones = try await rig.server.plug(.headphones)
        _ = try await rig.server.pactl("set-default-sink", "headphones")
        let plugged = try await nextEvent("the route change to the headphones", from: changes)
        #expect(plugged.reason == .newDeviceAvailable)
        #expect(plugged.previousRoute.outputs.map(\.uid) == ["speaker"])
        #expect(session.currentRoute.outputs.first?.portType == .headphones)

        try await rig.server.unplug(headphones)
        let unplugged = try await nextEvent("the route change back to the speaker", from: changes)
        #expect(unplugged.reason == .oldDeviceUnavailable)
        #expect(unplugged.previousRoute.outputs.map(\.uid) == ["headphones"])
        try await waitUntil("the route is the speaker again") { session.currentRoute.outputs.map(\.uid) == ["speaker"] }
    }

    @Test(arguments: [SoundSetup.pulseMinimal, .pipewirePulse])
    func inputGainIsTheSourceVolume(setup: SoundSetup) async throws {
        let rig = try await LibraryRig.start(setup)
        defer { rig.stop() }
        let session = rig.session("org.example.Recorder")
        defer { session.close() }
        try session.setCategory(.record)
        await session.waitUntilReady()
        #expect(session.isInputGainSettable)
        try await session.setInputGain(0.5)
        try await waitUntil("pactl shows the mic at 50 %") {
            try await rig.server.pactl("get-source-volume", "mic").contains("50%")
        }
        try await waitUntil("the session reads 0.5") { abs(session.inputGain - 0.5) < 0.01 }
        await #expect(throws: AudioSessionError.self) { try await session.setInputGain(2) }
    }

    @Test func speakerOverrideRoutesToTheBuiltInSpeaker() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        let session = rig.session("org.example.Call")
        defer { session.close() }
        try session.setCategory(.playAndRecord, mode: .voiceChat)
        await session.waitUntilReady()
        // The test server's null sinks are virtual devices: no built-in speaker yet.
        #expect(throws: AudioSessionError.self) { try session.overrideOutputAudioPort(.speaker) }

        _ = try await rig.server.plug(
            FakeDevice(
                name: "internal", description: "Built-in Speaker",
                properties: ["device.api": "alsa", "device.bus": "pci", "device.form_factor": "internal"]))
        try await waitUntil("the session sees the built-in speaker") {
            (try? session.overrideOutputAudioPort(.speaker)) != nil
        }
        try session.overrideOutputAudioPort(.none)
        #expect(session.currentRoute.outputs.map(\.uid) == ["speaker"])
        let changes = session.routeChanges
        try session.overrideOutputAudioPort(.speaker)
        let change = try await nextEvent("the override's route change", from: changes)
        #expect(change.reason == .override)
        #expect(change.previousRoute.outputs.map(\.uid) == ["speaker"])
        #expect(session.currentRoute.outputs.map(\.uid) == ["internal"])
        #expect(session.currentRoute.outputs.first?.portType == .builtInSpeaker)
        #expect(session.streamOutputDevice == "internal")
        try session.overrideOutputAudioPort(.none)
        #expect(session.streamOutputDevice == nil)
    }

    @Test func preferredInputIsTheSessionsOwn() async throws {
        let rig = try await LibraryRig.start(.pulseMinimal)
        defer { rig.stop() }
        let session = rig.session("org.example.Recorder")
        defer { session.close() }
        try session.setCategory(.record)
        await session.waitUntilReady()
        _ = try await rig.server.plug(.microphone)
        let second = try await waitForValue("the session lists the second microphone") {
            session.availableInputs.first { $0.uid == "mic2" }
        }
        try session.setPreferredInput(second)
        #expect(session.preferredInput == second)
        #expect(session.currentRoute.inputs.map(\.uid) == ["mic2"])
        #expect(session.streamInputDevice == "mic2")
        // The desktop's default input is untouched.
        #expect(try await rig.server.pactl("get-default-source").contains("mic2") == false)

        let missing = AudioSession.PortDescription(portName: "Gone", portType: .usbAudio, uid: "gone", positions: ["mono"])
        let error = #expect(throws: AudioSessionError.self) { try session.setPreferredInput(missing) }
        #expect(error?.code == .noSuchPort)
        #expect(error?.message.contains("mic2") == true)  // lists what is available
        try session.setPreferredInput(nil)
        #expect(session.currentRoute.inputs.map(\.uid) == ["mic"])
    }
}
