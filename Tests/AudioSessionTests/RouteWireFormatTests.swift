import AudioSession
import AudioSessionBus
import AudioSessionContract
import Testing

/// The route encoding the agent writes and the library reads (docs/dbus-api.md).
@Suite struct RouteWireFormatTests {
    let route = RouteDescription(
        inputs: [PortDescription(name: "Microphone", uid: "mic", type: .builtInMic, channels: 1)],
        outputs: [
            PortDescription(name: "Headphones", uid: "headphones", type: .headphones, channels: 2),
            PortDescription(name: "HDMI Output", uid: "hdmi", type: .hdmi, channels: 8),
        ])

    @Test func routeRoundTrips() {
        let value = RouteWireFormat.busValue(of: route)
        #expect(value.type.signature == "(a(sssu)a(sssu))")
        #expect(RouteWireFormat.route(from: value) == route)
    }

    @Test func unknownPortTypeReadsAsGeneric() {
        let port = BusValue.structure([.string("Car"), .string("car0"), .string("hover-car"), .uint32(4)])
        #expect(RouteWireFormat.port(from: port)?.type == .generic)
    }

    @Test func otherShapesAreRefused() {
        #expect(RouteWireFormat.route(from: .string("not a route")) == nil)
        let wrongPort = BusValue.structure([.string("Speaker"), .string("speaker"), .string("virtual")])
        #expect(RouteWireFormat.port(from: wrongPort) == nil)
    }
}

/// `media.role` on the session's streams, from category and mode.
@Suite struct StreamRoleTests {
    @Test(arguments: [
        (AudioSession.Category.playback, AudioSession.Mode.default, "music"),
        (.playback, .moviePlayback, "video"),
        (.playback, .voicePrompt, "navigation"),
        (.playAndRecord, .videoChat, "phone"),
        (.ambient, .default, "game"),
        (.soloAmbient, .default, "game"),
        (.record, .default, "production"),
        (.playback, .measurement, "test"),
    ])
    func roleFollowsCategoryAndMode(category: AudioSession.Category, mode: AudioSession.Mode, role: String) throws {
        let session = ConfigurationTests.isolatedSession()
        defer { session.close() }
        try session.setCategory(category, mode: mode)
        #expect(session.streamProperties["media.role"] == role)
    }
}
