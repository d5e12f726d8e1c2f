import AudioPolicy
@testable import AudioSessionAgent
import SoundServer
import Testing

/// Who a stream's app is, from the properties real clients carry (recorded with pw-dump and
/// `pactl list` on PipeWire 0.3.65 with pipewire-pulse): native PipeWire clients name their binary
/// and process only on their client object, and pipewire-pulse's own process is never an app's.
@Suite("Stream app identity")
struct StreamAppIdentityTests {
    /// pw-play's node on native PipeWire: a role, no binary, no process.
    let pwPlayNode = [
        "application.name": "pw-play", "media.role": "Music", "media.class": "Stream/Output/Audio", "client.id": "40",
        "node.name": "pw-play",
    ]
    /// pw-play's client object: the server's credentials and what libpipewire wrote for it.
    let pwPlayClient = [
        "application.name": "pw-cat", "application.process.binary": "pw-cat", "application.process.id": "24283",
        "pipewire.sec.pid": "24283", "pipewire.protocol": "protocol-native", "pipewire.access": "unrestricted",
    ]
    /// The client pipewire-pulse made for paplay: pipewire-pulse's credentials, paplay's claims.
    let paplayBridgeClient = [
        "application.name": "paplay", "application.process.binary": "pacat", "application.process.id": "24284",
        "client.api": "pipewire-pulse", "pipewire.sec.pid": "23890", "pulse.server.type": "unix",
    ]
    /// paplay's node (pipewire-pulse copies the pulse client's properties onto it).
    let paplayNode = [
        "application.name": "paplay", "application.process.binary": "pacat", "application.process.id": "24284",
        "client.api": "pipewire-pulse", "client.id": "46", "media.role": "Music",
    ]

    @Test("a native PipeWire client's binary and process come from its client object; the process is verified there")
    func nativeClient() {
        let app = StreamAppIdentity.app(
            streamProperties: pwPlayNode, clientProperties: pwPlayClient, serverSetsClientSecurity: true)
        #expect(app.processBinary == "pw-cat")
        #expect(app.evidence.processBinary == .claimed)
        #expect(app.processID == 24283)
        #expect(app.evidence.processID == .verified)
        #expect(app.identifiers == ["pw-cat"])
    }

    @Test("through the pulse protocol the same client's process is only claimed: PulseAudio lets a client write it")
    func nativeClientSeenThroughPulse() {
        let app = StreamAppIdentity.app(
            streamProperties: ["application.name": "pw-play", "media.role": "music", "client.id": "40"],
            clientProperties: pwPlayClient, serverSetsClientSecurity: false)
        #expect(app.processBinary == "pw-cat")
        #expect(app.processID == 24283)
        #expect(app.evidence.processID == .claimed)
    }

    @Test("pipewire-pulse's own process is never a pulse app's: its claimed application.process.id is")
    func pulseBridgeClient() {
        for serverSetsClientSecurity in [true, false] {
            let app = StreamAppIdentity.app(
                streamProperties: paplayNode, clientProperties: paplayBridgeClient,
                serverSetsClientSecurity: serverSetsClientSecurity)
            #expect(app.processID == 24284)
            #expect(app.evidence.processID == .claimed)
            #expect(app.processBinary == "pacat")
        }
        // Even with no application.process.id anywhere, pipewire-pulse's is not taken.
        let bare = paplayBridgeClient.filter { $0.key != "application.process.id" }
        #expect(StreamAppIdentity.process(streamProperties: ["media.role": "music"], clientProperties: bare, serverSetsClientSecurity: true) == nil)
        // The pulse view's client of a pulse app (pactl list clients) is marked the same way.
        let pulseView = ["client.api": "pipewire-pulse", "pipewire.sec.pid": "23890", "application.process.id": "24702"]
        #expect(StreamAppIdentity.process(streamProperties: [:], clientProperties: pulseView, serverSetsClientSecurity: false)?.id == 24702)
    }

    @Test("the resolver never sees pipewire-pulse's credentials on a bridged client; an app's own client keeps them")
    func resolverProperties() {
        let bridged = StreamAppIdentity.appProperties(ofClient: paplayBridgeClient, streamProperties: paplayNode)
        #expect(bridged["pipewire.sec.pid"] == nil)
        #expect(bridged["application.process.id"] == "24284")
        #expect(StreamAppIdentity.appProperties(ofClient: pwPlayClient, streamProperties: pwPlayNode) == pwPlayClient)
    }

    @Test("a stream's own properties win over its client's; a node cannot name its verified process")
    func streamFirst() {
        let app = StreamAppIdentity.app(
            streamProperties: ["application.process.binary": "mpv", "application.id": "io.mpv.Mpv", "pipewire.sec.pid": "1"],
            clientProperties: ["application.process.binary": "other", "application.process.id": "77"],
            serverSetsClientSecurity: true)
        #expect(app.processBinary == "mpv")
        #expect(app.applicationID == "io.mpv.Mpv")
        #expect(app.processID == 77)
        #expect(app.evidence.processID == .claimed)
    }

    @Test("a sandboxed app's claimed process counts in its own namespace and is ignored; its portal id is verified natively")
    func sandboxed() {
        let client = [
            "pipewire.access.portal.app_id": "org.example.Player", "application.process.id": "2",
            "pipewire.access": "flatpak",
        ]
        let app = StreamAppIdentity.app(streamProperties: [:], clientProperties: client, serverSetsClientSecurity: true)
        #expect(app.processID == nil)
        #expect(app.portalAppID == "org.example.Player")
        #expect(app.evidence.portalAppID == .verified)
        let withCredentials = client.merging(["pipewire.sec.pid": "900"]) { _, new in new }
        #expect(
            StreamAppIdentity.process(streamProperties: [:], clientProperties: withCredentials, serverSetsClientSecurity: true)?.id
                == 900)
    }

    @Test("the player pauser's process comes through the stream's client in the graph; nonsense ids are none")
    func pauserProcess() {
        var graph = Graph()
        graph.clients[40] = SoundClient(index: 40, name: "pw-cat", properties: pwPlayClient)
        graph.clients[46] = SoundClient(index: 46, name: "paplay", properties: paplayBridgeClient)
        let pwPlay = SoundStream(kind: .playback, index: 52, name: "tone", clientIndex: 40, deviceIndex: 0, properties: pwPlayNode)
        let paplay = SoundStream(kind: .playback, index: 47, name: "tone", clientIndex: 46, deviceIndex: 0, properties: paplayNode)
        #expect(StreamAppIdentity.processID(of: pwPlay, in: graph) == 24283)
        #expect(StreamAppIdentity.processID(of: paplay, in: graph) == 24284)
        let orphan = SoundStream(kind: .playback, index: 9, name: "x", deviceIndex: 0, properties: ["application.process.id": "abc"])
        #expect(StreamAppIdentity.processID(of: orphan, in: graph) == nil)
        let zero = SoundStream(kind: .playback, index: 9, name: "x", deviceIndex: 0, properties: ["application.process.id": "0"])
        #expect(StreamAppIdentity.processID(of: zero, in: graph) == nil)
    }
}
