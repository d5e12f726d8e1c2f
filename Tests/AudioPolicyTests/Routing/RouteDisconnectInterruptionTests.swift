import AudioSessionModel
import Testing

@testable import AudioPolicy

/// `prefersInterruptionOnRouteDisconnect`: a session whose app asked is interrupted with
/// `route-disconnected` when a device its route uses goes away, besides its
/// `old-device-unavailable` route change; the interruption ends without should-resume when the
/// device is back. Sessions that did not ask, or whose route does not use the device, hear the
/// route change alone; the policy's `interrupt-on-route-disconnect` can ignore the asking.
@Suite struct RouteDisconnectInterruptionTests {
    /// Music on the headphones that asked to be interrupted, a podcast there that did not, and a
    /// recorder on the microphone that asked too.
    static func rig(policyHonours: Bool = true) throws -> RoutingRig {
        var rig = RoutingRig()
        rig.engine.state.policy.interruption.interruptOnRouteDisconnect = policyHonours
        rig.engine.state.policy.interruption.recordSilencesOutput = false
        rig.handle(.deviceAdded(RoutingRig.headphones))
        rig.handle(.defaultDeviceChanged(.playback, RoutingRig.headphones.id))
        try rig.activeSession("music", .playback, options: [.mixWithOthers])
        rig.handle(.sessionPreferenceChanged("music", .interruptionOnRouteDisconnect, true))
        rig.stream("music-out", session: "music", on: RoutingRig.headphones)
        try rig.activeSession("podcast", .playback, options: [.mixWithOthers])
        rig.stream("podcast-out", session: "podcast", on: RoutingRig.headphones)
        try rig.activeSession("memo", .record)
        rig.handle(.sessionPreferenceChanged("memo", .interruptionOnRouteDisconnect, true))
        rig.stream("memo-in", .capture, session: "memo", on: RoutingRig.mic)
        return rig
    }

    /// The headphones go away and the server settles: the default and the streams move to the speaker.
    static func unplug(_ rig: inout RoutingRig) -> [PolicyDecision] {
        var decisions = rig.handle(.deviceRemoved(RoutingRig.headphones.id))
        decisions += rig.handle(.defaultDeviceChanged(.playback, RoutingRig.speaker.id))
        decisions += rig.serverMoves("music-out", to: RoutingRig.speaker)
        decisions += rig.serverMoves("podcast-out", to: RoutingRig.speaker)
        return decisions
    }

    static func interruptions(_ decisions: [PolicyDecision]) -> [PolicyDecision] {
        decisions.filter {
            switch $0 {
            case .interruptionBegan, .interruptionEnded: true
            default: false
            }
        }
    }

    @Test func unpluggingInterruptsTheSessionThatAskedBesidesItsRouteChange() throws {
        var rig = try Self.rig()
        let decisions = Self.unplug(&rig)
        #expect(
            Self.interruptions(decisions) == [
                .interruptionBegan("music", reason: .routeDisconnected, because: Explanation(rule: "its device Headphones went away"))
            ])
        #expect(decisions.routeChanges.map(\.0) == ["music", "podcast"])
        #expect(decisions.routeChanges.map(\.1) == [.oldDeviceUnavailable, .oldDeviceUnavailable])
        let began = decisions.firstIndex { if case .interruptionBegan = $0 { true } else { false } }
        let changed = decisions.firstIndex { if case .routeChanged("music", _, _, _, _) = $0 { true } else { false } }
        #expect(began.map { b in changed.map { b < $0 } ?? false } == true, "the interruption comes first")
        #expect(rig.engine.activity(of: "music") == .interrupted)
        #expect(rig.engine.effects(on: "music-out") == .silenced(.interruption))
        #expect(rig.engine.activity(of: "podcast") == .active, "it did not ask: the route change alone")
        #expect(rig.engine.activity(of: "memo") == .active, "its route does not use the headphones")
    }

    @Test func theDeviceBackEndsTheInterruptionWithoutShouldResume() throws {
        var rig = try Self.rig()
        rig.handle(.deviceRemoved(RoutingRig.headphones.id))
        let decisions = rig.handle(.deviceAdded(RoutingRig.headphones))
        #expect(
            Self.interruptions(decisions) == [
                .interruptionEnded("music", shouldResume: false, because: Explanation(rule: "its device Headphones is back"))
            ])
        #expect(rig.engine.activity(of: "music") == .inactive)
        #expect(rig.engine.effects(on: "music-out") == .playing)
    }

    @Test func reactivatingBeforeTheDeviceIsBackResumesWithoutAnEnd() throws {
        var rig = try Self.rig()
        rig.handle(.deviceRemoved(RoutingRig.headphones.id))
        #expect(rig.handle(.sessionActivated("music")).contains { if case .activated("music", _) = $0 { true } else { false } })
        #expect(rig.engine.activity(of: "music") == .active)
        #expect(Self.interruptions(rig.handle(.deviceAdded(RoutingRig.headphones))).isEmpty)
    }

    @Test func anInputGoingAwayInterruptsTheRecorderThatAsked() throws {
        var rig = try Self.rig()
        let decisions = rig.handle(.deviceRemoved(RoutingRig.mic.id))
        #expect(Self.interruptions(decisions).map(\.session) == ["memo"])
        #expect(rig.engine.activity(of: "music") == .active)
    }

    @Test func aJackUnpluggedFromADeviceThatStaysInterrupts() throws {
        var rig = RoutingRig()
        var jack = RoutingRig.speaker
        jack.port = PortDescription(name: "Headphones", uid: "analog-output-headphones", type: .headphones, channels: 2)
        jack.portAvailability = ["analog-output-headphones": true, "speaker": true]
        rig.handle(.deviceAdded(jack))
        try rig.activeSession("music", .playback)
        rig.handle(.sessionPreferenceChanged("music", .interruptionOnRouteDisconnect, true))
        rig.stream("music-out", session: "music", on: jack)
        var pulled = RoutingRig.speaker
        pulled.portAvailability = ["analog-output-headphones": false, "speaker": true]
        let decisions = rig.handle(.deviceAdded(pulled))
        #expect(Self.interruptions(decisions).map(\.session) == ["music"])
        let back = rig.handle(.deviceAdded(jack))
        #expect(back.contains { if case .interruptionEnded("music", false, _) = $0 { true } else { false } })
    }

    @Test func withdrawingThePreferenceLeavesTheRouteChangeAlone() throws {
        var rig = try Self.rig()
        rig.handle(.sessionPreferenceChanged("music", .interruptionOnRouteDisconnect, false))
        #expect(rig.engine.preference(.interruptionOnRouteDisconnect, of: "music") == false)
        #expect(Self.interruptions(rig.handle(.deviceRemoved(RoutingRig.headphones.id))).isEmpty)
        #expect(rig.engine.activity(of: "music") == .active)
    }

    @Test func aPolicyThatIgnoresTheAskingOnlyChangesTheRoute() throws {
        var rig = try Self.rig(policyHonours: false)
        let decisions = Self.unplug(&rig)
        #expect(Self.interruptions(decisions).isEmpty)
        #expect(decisions.routeChanges.map(\.1) == [.oldDeviceUnavailable, .oldDeviceUnavailable])
        #expect(rig.engine.activity(of: "music") == .active)
    }

    @Test func aNewPolicyKeepsThePreferenceAndTheInterruption() throws {
        var rig = try Self.rig()
        rig.handle(.deviceRemoved(RoutingRig.headphones.id))
        rig.handle(.policyReplaced(rig.engine.state.policy))
        #expect(rig.engine.preference(.interruptionOnRouteDisconnect, of: "music") == true)
        #expect(rig.engine.activity(of: "music") == .interrupted)
        #expect(rig.handle(.deviceAdded(RoutingRig.headphones)).contains { if case .interruptionEnded("music", false, _) = $0 { true } else { false } })
    }

    @Test func explainSaysTheDeviceWentAway() throws {
        var rig = try Self.rig()
        let decisions = rig.handle(.deviceRemoved(RoutingRig.headphones.id))
        let silence = decisions.first { $0.stream == "music-out" }
        #expect(silence?.explanation.rule == "interruption: session music interrupted: its device sink:headphones went away")
    }

    /// A session with no stream follows the default. Between the device going and the server
    /// naming its new default, its route is empty; however many events come in between (under
    /// load pipewire-pulse took more than the rescue window in one CI run), the change it hears
    /// when the route settles is the unplug's.
    @Test func aStreamlessSessionHearsTheUnplugHoweverLateTheNewDefaultIsNamed() throws {
        var rig = RoutingRig()
        rig.handle(.deviceAdded(RoutingRig.headphones))
        rig.handle(.defaultDeviceChanged(.playback, RoutingRig.headphones.id))
        try rig.activeSession("music", .playback)
        rig.handle(.sessionPreferenceChanged("music", .interruptionOnRouteDisconnect, true))
        var decisions = rig.handle(.deviceRemoved(RoutingRig.headphones.id))
        #expect(decisions.routeChanges.isEmpty, "settling: nothing to announce until the default is named")
        for millisecond in 1...(2 * rig.engine.rescueWindow) {
            decisions += rig.handle(.timePassed(milliseconds: millisecond))
        }
        decisions += rig.handle(.defaultDeviceChanged(.playback, RoutingRig.speaker.id))
        #expect(Self.interruptions(decisions).count == 1)
        #expect(decisions.routeChanges.map(\.0) == ["music"])
        #expect(decisions.routeChanges.map(\.1) == [.oldDeviceUnavailable])
    }
}
