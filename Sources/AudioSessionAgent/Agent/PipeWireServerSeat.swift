import PipeWireBackend

/// The ``ServerSeat`` of native PipeWire: while a connection is seated, decisions go to its
/// ``PipeWireAgent``'s session watcher and enforcer, and the coordinator's outer lock is its thread
/// loop's lock. The agent outlives PipeWire going away (a crash, or the user restarting pipewire,
/// wireplumber and pipewire-pulse) through ``ReconnectingAgentService``.
///
/// ```swift
/// let seat = PipeWireServerSeat(configuration: PipeWireAgentConfiguration(journalDirectory: try .runtime()))
/// let coordinator = PolicyCoordinator(
///     engine: PolicyEngine(policy: policy), sinks: [seat, notifier], outerLock: seat, clock: seat.makeClock())
/// let agent = try await seat.connect(serving: coordinator)
/// ```
public typealias PipeWireServerSeat = ServerSeat<PipeWireAgent>

/// The policy agent on PipeWire's native protocol, beside WirePlumber: ducks with the node's Props
/// `volume` factor (the user's `channelVolumes` stay WirePlumber's and the user's), pauses nodes,
/// sets `target.object` and `default.configured.*`, and repairs WirePlumber's saved state through
/// `route-settings` (0.4) or the key's next stream (0.5).
public typealias PipeWireAgent = SoundServerAgent<PipeWireAgentConfiguration>

extension PipeWireConnection: SeatedConnection {
    func withLoopLockHeld<Result>(_ body: () -> Result) -> Result { withLoopLocked(body) }
    func makeSeatTimer(_ action: @escaping @ServerLoopActor @Sendable () -> Void) -> any LoopTimer {
        PipeWireLoopTimer.onLoop(of: self, action)
    }
}
