import PulseBackend

/// The ``ServerSeat`` of the pulse protocol (PulseAudio, or PipeWire through pipewire-pulse): while
/// a connection is seated, decisions go to its ``PulseAgent``'s session watcher, module steward,
/// enforcer, card switcher and deadline timer.
///
/// ```swift
/// let seat = PulseServerSeat(configuration: PulseAgentConfiguration(journalDirectory: try .runtime()))
/// let coordinator = PolicyCoordinator(
///     engine: PolicyEngine(policy: policy), sinks: [seat, notifier], outerLock: seat, clock: seat.makeClock())
/// let agent = try await seat.connect(serving: coordinator)
/// ```
public typealias PulseServerSeat = ServerSeat<PulseAgent>

/// The policy agent on a PulseAudio-protocol server (PulseAudio, or PipeWire through
/// pipewire-pulse): ducks with sink-input volumes, silences with mutes or corks, moves sink
/// inputs, repairs stream-restore entries, takes over the server's own policy modules the
/// policy's `[server-modules]` table names and switches Bluetooth card profiles.
public typealias PulseAgent = SoundServerAgent<PulseAgentConfiguration>

extension PulseConnection: SeatedConnection {
    func withLoopLockHeld<Result>(_ body: () -> Result) -> Result { withLoopLocked(body) }
    func makeSeatTimer(_ action: @escaping @ServerLoopActor @Sendable () -> Void) -> any LoopTimer {
        PulseLoopTimer.onLoop(of: self, action)
    }
}
