import AudioPolicy

/// An enforcer of the engine's stream decisions on one protocol: the pulse protocol's and native
/// PipeWire's enforcers each say how to duck, silence and move; which decision calls which is said
/// once, here.
///
/// ```swift
/// extension PipeWireEnforcer: StreamDecisionEnforcer {}   // carryOut(_:after:in:) comes with it
/// ```
protocol StreamDecisionEnforcer: LoopDecisionSink {
    /// Whether the agent is stopping (or gone): no decision is carried out any more.
    var isShuttingDown: Bool { get }
    /// Ramps the stream to `level` (1: back to the user's level).
    func duck(_ id: StreamID, to level: Double, rampMilliseconds: Int)
    /// Makes the stream inaudible. `sessionProcess` is the process that registered the stream's
    /// session: a stream of that very process is not paused over MPRIS, since its app hears the
    /// interruption from its session and a remote Pause on top would read as the user's.
    func silence(_ id: StreamID, cause: SilenceCause, sessionProcess: Int32?)
    /// Makes a silenced stream audible again.
    func unsilence(_ id: StreamID, resume: Bool)
    /// Sends the stream to `device`.
    func move(_ id: StreamID, to device: DeviceID)
    /// Sends a moved stream back.
    func unmove(_ id: StreamID)
    /// Makes `device` the default of its direction.
    func makeDefault(_ device: DeviceID)
    /// Loads an echo canceller on the devices `canceller` names.
    func loadEchoCanceller(_ canceller: EchoCanceller)
    /// Sends a session's stream through the echo canceller `canceller`.
    func moveToEchoCanceller(_ id: StreamID, _ canceller: EchoCancellerID)
    /// Unloads the echo canceller `id` once no stream goes through it.
    func unloadEchoCanceller(_ id: EchoCancellerID)
}

extension StreamDecisionEnforcer {
    /// Carries out the stream decisions among `decisions`; session decisions are the notifier's.
    func carryOut(_ decisions: [PolicyDecision], after event: PolicyEvent, in view: PolicyView) {
        guard !isShuttingDown else { return }
        for decision in decisions {
            switch decision {
            case .duck(let id, let level, let ramp, _): duck(id, to: level, rampMilliseconds: ramp)
            case .unduck(let id, let ramp, _): duck(id, to: 1, rampMilliseconds: ramp)
            case .silence(let id, let cause, _):
                let sessionProcess = view.engine.session(of: id).flatMap { view.registry[$0]?.owner.processID }
                silence(id, cause: cause, sessionProcess: sessionProcess)
            case .unsilence(let id, let resume, _): unsilence(id, resume: resume)
            case .move(let id, let device, _): move(id, to: device)
            case .unmove(let id, _): unmove(id)
            case .setDefaultDevice(let device, _, _): makeDefault(device)
            case .loadEchoCanceller(let canceller, _): loadEchoCanceller(canceller)
            case .moveToEchoCanceller(let id, let canceller, _): moveToEchoCanceller(id, canceller)
            case .unloadEchoCanceller(let id, _): unloadEchoCanceller(id)
            case .activated, .activationRefused, .interruptionBegan, .interruptionEnded, .routeChanged, .secondaryAudioHint,
                .setCardProfile:
                // Session decisions are the notifier's; card profiles the PulseCardSwitcher's.
                break
            }
        }
    }
}
