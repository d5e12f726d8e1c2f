import AudioPolicy
import AudioSessionAgent
import AudioSessionModel
import Synchronization
import Testing

/// With a clock, the coordinator dates every event for the engine, so an unplug hold starts at the
/// time of the unplug and ends when the policy's limit has passed since then.
@Suite("Policy coordinator: time")
struct PolicyCoordinatorClockTests {
    final class ManualClock: AgentClock {
        let now = Mutex(0)
        var milliseconds: Int { now.withLock { $0 } }
        func advance(to milliseconds: Int) { now.withLock { $0 = milliseconds } }
    }

    static let speaker = DeviceInfo(
        id: "sink:speaker", direction: .playback,
        port: PortDescription(name: "Speaker", uid: "speaker", type: .builtInSpeaker, channels: 2))
    static let headphones = DeviceInfo(
        id: "sink:headphones", direction: .playback,
        port: PortDescription(name: "Headphones", uid: "headphones", type: .headphones, channels: 2))

    @Test("a hold begins at the clock's time of the unplug and ends when the clock passes its limit")
    func holdDatedByTheClock() {
        let clock = ManualClock()
        let policy = Policy(
            roles: [.music: RoleBehavior(category: .playback)], routing: Policy.Routing(unplugSilenceMilliseconds: 2_000))
        let coordinator = PolicyCoordinator(engine: PolicyEngine(policy: policy), sinks: [], clock: clock)
        coordinator.handle(.deviceAdded(Self.speaker))
        coordinator.handle(.deviceAdded(Self.headphones))
        coordinator.handle(.defaultDeviceChanged(.playback, Self.speaker.id))
        coordinator.handle(
            .streamAppeared(
                StreamInfo(
                    id: "music", direction: .playback, properties: ["media.role": "music"], isSounding: true,
                    device: Self.headphones.id)))

        clock.advance(to: 10_000)
        coordinator.handle(.deviceRemoved(Self.headphones.id))
        #expect(coordinator.read { $0.engine.now } == 10_000, "the unplug was dated")
        #expect(coordinator.read { $0.engine.nextDeadline } == 12_000)
        #expect(coordinator.read { $0.engine.effects(on: "music") } == .silenced(.unplugged))

        clock.advance(to: 11_999)
        #expect(coordinator.advanceTimeOnLoop().isEmpty, "not yet")
        clock.advance(to: 12_000)
        let released = coordinator.advanceTimeOnLoop()
        #expect(released.contains { if case .unsilence("music", _, _) = $0 { true } else { false } }, "\(released)")
        #expect(coordinator.read { $0.engine.nextDeadline } == nil)
    }

    @Test("without a clock time comes only in timePassed events, and advancing it does nothing")
    func noClock() {
        let coordinator = PolicyCoordinator(engine: PolicyEngine(policy: Policy()), sinks: [])
        coordinator.handle(.deviceAdded(Self.speaker))
        #expect(coordinator.read { $0.engine.now } == 0)
        #expect(coordinator.advanceTimeOnLoop().isEmpty)
    }
}
