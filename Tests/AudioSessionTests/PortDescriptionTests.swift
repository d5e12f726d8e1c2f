import AudioSession
import AudioSessionModel
import AudioSessionTesting
import Foundation
import Testing

/// The route's ports by AVAudioSessionPortDescription's names, read from a real server: a sink's
/// channel descriptions are its channel map as `pactl` shows it.
@Suite(.serialized) struct PortDescriptionTests {
    static let surroundMap = ["front-left", "front-right", "rear-left", "rear-right", "front-center", "lfe"]

    @Test(arguments: [SoundSetup.pulseMinimal, .pipewirePulse])
    func channelsAreTheSinksChannelMap(setup: SoundSetup) async throws {
        let rig = try await LibraryRig.start(setup)
        defer { rig.stop() }
        _ = try await rig.server.pactl(
            "load-module", "module-null-sink", "sink_name=surround", "channels=6",
            "channel_map=\(Self.surroundMap.joined(separator: ","))", "sink_properties=device.description=Surround")
        _ = try await rig.server.pactl("set-default-sink", "surround")
        let session = rig.session("org.example.Surround")
        defer { session.close() }
        try session.setCategory(.playback)
        await session.waitUntilReady()
        let port = try await waitForValue("the route's output is the surround sink") {
            session.currentRoute.outputs.first { $0.uid == "surround" }
        }

        let shown = try await Self.channelMap(ofSink: "surround", on: rig)
        #expect(shown == Self.surroundMap)
        #expect(port.channels.map(\.channelLabel) == shown)
        #expect(port.channels.map(\.channelNumber) == Array(1...6))
        #expect(port.channels.allSatisfy { $0.owningPortUID == port.uid })
        #expect(
            port.channels.map(\.channelName) == [
                "Front Left", "Front Right", "Rear Left", "Rear Right", "Front Center", "Low Frequency Emitter",
            ])
        #expect(port.portName == "Surround")
        #expect(port.portType == .virtual)
        #expect(port.channelCount == 6)
        #expect(port.dataSources == nil)
    }

    /// The channel map `pactl -f json list sinks` shows for a sink, as position names.
    static func channelMap(ofSink name: String, on rig: LibraryRig) async throws -> [String] {
        let json = try await rig.server.pactl("-f", "json", "list", "sinks")
        let sinks = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
        let map = sinks.first { $0["name"] as? String == name }?["channel_map"] as? String ?? ""
        return map.split(separator: ",").map(String.init)
    }

    @Test func positionsAreNamedAsPulseAudioNamesThem() {
        let names = ["mono", "front-left-of-center", "aux12", "top-rear-right", "side-left", ""].map(
            AudioSession.ChannelDescription.name(ofPosition:))
        #expect(names == ["Mono", "Front Left-of-center", "Auxiliary 12", "Top Rear Right", "Side Left", "Channel"])
    }

    @Test func aModelPortKeepsItsNameKindAndChannelCount() {
        let model = AudioSessionModel.PortDescription(name: "HDMI", uid: "hdmi", type: .hdmi, channels: 8)
        let port = AudioSession.PortDescription(model)
        #expect(port.portName == "HDMI")
        #expect(port.uid == "hdmi")
        #expect(port.portType == .hdmi)
        #expect(port.channels.map(\.channelNumber) == Array(1...8))
        #expect(port.channels.allSatisfy { $0.channelLabel.isEmpty && $0.owningPortUID == "hdmi" })
    }
}
