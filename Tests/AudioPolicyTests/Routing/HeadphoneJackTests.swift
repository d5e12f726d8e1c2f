import AudioSessionModel
import Testing

@testable import AudioPolicy

/// A laptop's headphone jack: one ALSA sink with a speaker port and a headphones port. Plugging
/// the jack makes the headphones port available and the server (module-switch-on-port-available,
/// WirePlumber) makes it the active port; pulling it makes it unavailable and the speaker port
/// active again. The sink stays the same device throughout, so null sinks cannot play this: the
/// device is data here, reported as PulseAudio reports it (after a plug the speaker port is
/// unavailable too, as its mixer path says; after an unplug its availability is unknown).
@Suite("Routing: a laptop's headphone jack")
struct HeadphoneJackTests {
    static let laptopID: DeviceID = "sink:alsa_output.pci-0000_00_1f.3.analog-stereo"
    static let speakerPort = PortDescription(
        name: "Built-in Audio Analog Stereo", uid: "alsa_output.pci-0000_00_1f.3.analog-stereo#analog-output-speaker",
        type: .builtInSpeaker, channels: 2)
    static let headphonesPort = PortDescription(
        name: "Built-in Audio Analog Stereo", uid: "alsa_output.pci-0000_00_1f.3.analog-stereo#analog-output-headphones",
        type: .headphones, channels: 2)

    /// The jack empty: the speaker port active, its availability unknown.
    static let onSpeaker = DeviceInfo(
        id: laptopID, direction: .playback, port: speakerPort, portAvailability: [headphonesPort.uid: false])
    /// The jack plugged: the headphones port active and available, the speaker port unavailable.
    static let onHeadphones = DeviceInfo(
        id: laptopID, direction: .playback, port: headphonesPort,
        portAvailability: [headphonesPort.uid: true, speakerPort.uid: false])

    /// A rig whose only output is the laptop's sink, on its speaker, with a library session and
    /// a legacy music stream playing there.
    static func laptop(routing: Policy.Routing = Policy.Routing()) throws -> RoutingRig {
        var rig = RoutingRig(routing: routing)
        rig.handle(.deviceRemoved(RoutingRig.speaker.id))
        rig.handle(.deviceAdded(onSpeaker))
        rig.handle(.defaultDeviceChanged(.playback, laptopID))
        try rig.activeSession("player", .playback)
        let laptop = try #require(rig.engine.state.devices[laptopID])
        rig.stream("song", session: "player", on: laptop)
        rig.stream("browser", role: "music", on: laptop)
        return rig
    }

    @Test("plugging the jack: the session hears new-device-available from the speaker port to the headphones port; nothing is silenced")
    func plug() throws {
        var rig = try Self.laptop()
        let decisions = rig.handle(.deviceAdded(Self.onHeadphones))
        #expect(decisions.routeChanges.map(\.0) == ["player"])
        #expect(decisions.routeChanges.map(\.1) == [.newDeviceAvailable])
        guard case .routeChanged(_, _, let previous, let current, _)? = decisions.first(where: { $0.session == "player" }) else {
            Issue.record("no route change for the player: \(decisions)")
            return
        }
        #expect(previous.outputs == [Self.speakerPort])
        #expect(current.outputs == [Self.headphonesPort])
        #expect(!decisions.texts.contains { $0.hasPrefix("silence") }, "\(decisions.texts)")
        #expect(!decisions.texts.contains { $0.hasPrefix("default") }, "the sink is the default already")
    }

    @Test("pulling the jack: old-device-unavailable back to the speaker port; the legacy stream is silenced until its player pauses")
    func unplug() throws {
        var rig = try Self.laptop()
        rig.handle(.deviceAdded(Self.onHeadphones))
        let decisions = rig.handle(.deviceAdded(Self.onSpeaker))
        #expect(decisions.routeChanges.map(\.0) == ["player"])
        #expect(decisions.routeChanges.map(\.1) == [.oldDeviceUnavailable])
        guard case .routeChanged(_, _, let previous, let current, _)? = decisions.first(where: { $0.session == "player" }) else {
            Issue.record("no route change for the player: \(decisions)")
            return
        }
        #expect(previous.outputs == [Self.headphonesPort])
        #expect(current.outputs == [Self.speakerPort])
        #expect(decisions.texts.contains("silence browser unplugged"), "\(decisions.texts)")
        #expect(!decisions.texts.contains { $0.hasPrefix("silence song") }, "the library's player pauses itself")
        #expect(rig.engine.explanation(of: "browser")?.effect == .silenced(.unplugged))

        // The stream fell back to the same sink and runs there: a stop that lasts is its player's pause.
        let stop = rig.stopThatLasts("browser")
        #expect(stop.atOnce.isEmpty, "a stop must last")
        #expect(stop.lasted.texts == ["unsilence browser resume=false"])
        #expect(rig.handle(.streamSoundingChanged("browser", isSounding: true)).isEmpty, "released for good: played again by the user")
    }

    @Test("pulling the jack under unplug-silence-ms: a player that never pauses is released when the time is up")
    func unplugTimeLimit() throws {
        var rig = try Self.laptop(routing: Policy.Routing(unplugSilenceMilliseconds: 5_000))
        rig.handle(.deviceAdded(Self.onHeadphones))
        rig.handle(.timePassed(milliseconds: 1_000))
        #expect(rig.handle(.deviceAdded(Self.onSpeaker)).texts.contains("silence browser unplugged"))
        #expect(rig.engine.nextDeadline == 6_000)
        #expect(rig.handle(.timePassed(milliseconds: 5_999)).isEmpty)
        #expect(rig.handle(.timePassed(milliseconds: 6_000)).texts == ["unsilence browser resume=false"])
    }

    @Test("a user moving the held stream to another device ends the hold")
    func heldStreamMovedOn() throws {
        var rig = try Self.laptop()
        rig.handle(.deviceAdded(RoutingRig.hdmi))
        rig.handle(.deviceAdded(Self.onHeadphones))
        rig.handle(.deviceAdded(Self.onSpeaker))
        #expect(rig.serverMoves("browser", to: RoutingRig.hdmi).texts == ["unsilence browser resume=false"])
    }

    @Test("a change that is no port change, or a port the user picked, pauses nothing and is no plug or unplug")
    func control() throws {
        var rig = try Self.laptop()
        // PulseAudio sends several change events for one jack event: the same facts again.
        #expect(rig.handle(.deviceAdded(Self.onSpeaker)).isEmpty)
        // Another port's availability changes while the active port stays (the jack plugged
        // with nothing switching the port): the route is the same.
        var jackUnfollowed = Self.onSpeaker
        jackUnfollowed.portAvailability = [Self.headphonesPort.uid: true]
        #expect(rig.handle(.deviceAdded(jackUnfollowed)).isEmpty)

        // The user picks the headphones port, then the speaker port again: a configuration
        // change each time, nothing paused.
        var headphonesPicked = Self.onHeadphones
        headphonesPicked.portAvailability = [Self.headphonesPort.uid: true]
        let picked = rig.handle(.deviceAdded(headphonesPicked))
        #expect(picked.routeChanges.map(\.1) == [.routeConfigurationChange])
        let pickedBack = rig.handle(.deviceAdded(jackUnfollowed))
        #expect(pickedBack.routeChanges.map(\.1) == [.routeConfigurationChange])
        #expect(!(picked + pickedBack).texts.contains { $0.hasPrefix("silence") })
    }
}
