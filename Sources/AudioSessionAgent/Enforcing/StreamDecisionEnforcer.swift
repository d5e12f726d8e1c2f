import AudioPolicy

/// An enforcer of the engine's stream decisions on one protocol: the pulse protocol's and native
/// PipeWire's enforcers each say how to duck, silence and move; which decision calls which is said
/// once, here.
///
/// ```swift
/// extension PipeWireEnforcer: StreamDecisionEnforcer {}   // carryOut(_:after:in:) comes with it
/// ```
protocol StreamDecisionEnforcer: LoopDecisionSink, StreamEnforcing {
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
    /// The engine's echo cancellers on this server.
    var cancellers: EchoCancellerSteward { get }
}

extension StreamDecisionEnforcer {
    /// Carries out the stream decisions among `decisions`; session decisions are the notifier's.
    /// A stream's appearance (`event`) comes to the enforcer here, around its first decisions
    /// (``StreamEnforcing/streamAppearing(_:_:)``, ``StreamEnforcing/streamAppeared(_:_:)``).
    func carryOut(_ decisions: [PolicyDecision], after event: PolicyEvent, in view: PolicyView) {
        guard !isShuttingDown else { return }
        let newcomer = appearedStream(in: event)
        if let (ref, stream) = newcomer { streamAppearing(ref, stream) }
        carryOutStreamDecisions(decisions, in: view)
        if let (ref, stream) = newcomer { streamAppeared(ref, stream) }
    }

    private func carryOutStreamDecisions(_ decisions: [PolicyDecision], in view: PolicyView) {
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
            case .loadEchoCanceller(let canceller, _): cancellers.load(canceller)
            case .moveToEchoCanceller(let id, let canceller, _): cancellers.move(id, onto: canceller)
            case .unloadEchoCanceller(let id, _): cancellers.unload(id)
            case .activated, .activationRefused, .interruptionBegan, .interruptionEnded, .routeChanged, .secondaryAudioHint,
                .setCardProfile:
                // Session decisions are the notifier's; card profiles the PulseCardSwitcher's.
                break
            }
        }
    }
}
