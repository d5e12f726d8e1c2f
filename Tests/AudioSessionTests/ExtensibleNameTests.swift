import AudioSessionBus
import AudioSessionContract
import AudioSessionModel
import Testing

@testable import AudioSession

/// The open lists at the library's surface: today's values map to the model's enums and back,
/// and a value from a newer agent passes the library's conversion unchanged.
struct ExtensibleNameTests {
    /// Every model value has its static member, and maps there and back.
    func mapsBothWays<Name: ExtensibleName>(_ statics: [Name]) {
        #expect(statics.map(\.known) == Name.Known.allCases.map { $0 })
        for known in Name.Known.allCases {
            #expect(Name(known).known == known)
            #expect(Name(known).rawValue == known.kebabName)
        }
    }

    @Test func todaysValuesMapBothWays() {
        mapsBothWays([AudioSession.Category.ambient, .soloAmbient, .playback, .record, .playAndRecord, .multiRoute])
        mapsBothWays([
            AudioSession.Mode.default, .voiceChat, .videoChat, .gameChat, .videoRecording, .measurement, .moviePlayback,
            .spokenAudio, .voicePrompt,
        ])
        mapsBothWays([
            AudioSession.Port.builtInSpeaker, .builtInReceiver, .builtInMic, .headphones, .headsetMic, .lineOut, .lineIn,
            .hdmi, .displayPort, .usbAudio, .bluetoothA2DP, .bluetoothHFP, .bluetoothLE, .airPlay, .carAudio, .virtual,
            .generic,
        ])
        mapsBothWays([AudioSession.InterruptionReason.default, .appWasSuspended, .routeDisconnected, .builtInMicMuted])
        mapsBothWays([
            AudioSession.RouteChangeReason.unknown, .newDeviceAvailable, .oldDeviceUnavailable, .categoryChange, .override,
            .wakeFromSleep, .noSuitableRouteForCategory, .routeConfigurationChange,
        ])
    }

    @Test func aNewerAgentsValuesSurviveUnchanged() {
        let reason = AudioSession.InterruptionReason(rawValue: "lid-closed")
        #expect(reason.rawValue == "lid-closed" && reason.known == nil && reason != .default)
        let change = AudioSession.RouteChangeReason(rawValue: "device-renamed")
        #expect(change.rawValue == "device-renamed" && change.known == nil && change != .unknown)
        #expect("\(AudioSession.Category(rawValue: "karaoke"))" == "karaoke")
    }

    @Test func aNewerAgentsPortTypeSurvivesTheRoutesConversion() throws {
        let port = BusValue.structure([.string("TV"), .string("hdmi"), .string("hdmi-earc"), .uint32(2)])
        let value = BusValue.structure([
            .array(element: RouteWireFormat.portType, []), .array(element: RouteWireFormat.portType, [port]),
        ])
        let model = try #require(RouteWireFormat.route(from: value))
        #expect(model.outputs.first?.type == .generic)  // the contract's model collapses it...
        let route = SessionCore.sessionRoute(model, in: nil, seen: [], typeNames: RouteWireFormat.portTypeNames(in: value))
        #expect(route.outputs.first?.portType.rawValue == "hdmi-earc")  // ...the session keeps it
        #expect(route.outputs.first?.portType.known == nil)
        #expect(route.outputs.first?.channelCount == 2)
    }

    @Test func anUnknownCategoryIsRefusedNamingTheKnownOnes() {
        let session = ConfigurationTests.isolatedSession()
        defer { session.close() }
        let error = #expect(throws: AudioSessionError.self) { try session.setCategory(AudioSession.Category(rawValue: "karaoke")) }
        #expect(error?.code == .invalidConfiguration)
        #expect(error?.message.contains("play-and-record") == true)
        #expect(session.category == .soloAmbient)
    }
}
