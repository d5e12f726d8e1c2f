public import AudioPolicy
import AudioSessionModel

extension PolicyDecision {
    /// The decision as scenario files write it (`duck song level=0.3 ramp=250`), participants by name.
    ///
    /// ```swift
    /// engine.handle(.streamSoundingChanged("prompt", isSounding: true)).map(\.scenarioText)
    /// // ["duck song level=0.3 ramp=250"]
    /// ```
    public var scenarioText: String {
        switch self {
        case .activated(let id, _): "activated \(id)"
        case .activationRefused(let id, .insufficientPriority(let holder, let rank), _):
            "activation-refused \(id) held-by=\(holder.scenarioName) rank=\(rank)"
        case .interruptionBegan(let id, let reason, _): "interruption-began \(id) reason=\(reason.kebabName)"
        case .interruptionEnded(let id, let resume, _): "interruption-ended \(id) should-resume=\(resume)"
        case .duck(let id, let level, let ramp, _): "duck \(id) level=\(level) ramp=\(ramp)"
        case .unduck(let id, let ramp, _): "unduck \(id) ramp=\(ramp)"
        case .silence(let id, let cause, _): "silence \(id) cause=\(cause.rawValue)"
        case .unsilence(let id, let resume, _): "unsilence \(id) resume=\(resume)"
        case .move(let id, let device, _): "move \(id) to=\(device)"
        case .unmove(let id, _): "unmove \(id)"
        case .setDefaultDevice(let device, let direction, _): "set-default \(direction.rawValue) \(device)"
        case .setCardProfile(let card, let profile, _): "set-card-profile \(card) profile=\(profile)"
        case .routeChanged(let id, let reason, _, _, _): "route-changed \(id) reason=\(reason.kebabName)"
        case .secondaryAudioHint(let id, let hint, _): "hint-\(hint.rawValue) \(id)"
        case .loadEchoCanceller(let canceller, _):
            "load-echo-canceller \(canceller.id) \(canceller.settings.kind.rawValue) sink-master=\(canceller.playbackMaster) source-master=\(canceller.captureMaster)"
        case .moveToEchoCanceller(let id, let canceller, _): "move \(id) to-echo-canceller=\(canceller)"
        case .unloadEchoCanceller(let canceller, _): "unload-echo-canceller \(canceller)"
        }
    }

    /// The signal the addressed session receives, if the decision is one.
    ///
    /// ```swift
    /// decisions.filter { $0.session == "player" }.compactMap(\.scenarioSignal)  // [.activated]
    /// ```
    public var scenarioSignal: ScenarioSignal? {
        switch self {
        case .activated: .activated
        case .activationRefused(_, .insufficientPriority(let holder, _), _): .activationRefused(heldBy: holder.scenarioName)
        case .interruptionBegan(_, let reason, _): .interruptionBegan(reason)
        case .interruptionEnded(_, let resume, _): .interruptionEnded(shouldResume: resume)
        case .secondaryAudioHint(_, .begin, _): .hintBegin
        case .secondaryAudioHint(_, .end, _): .hintEnd
        case .routeChanged(_, let reason, _, _, _): .routeChanged(reason)
        case .duck, .unduck, .silence, .unsilence, .move, .unmove, .setDefaultDevice, .setCardProfile, .loadEchoCanceller,
            .moveToEchoCanceller, .unloadEchoCanceller:
            nil
        }
    }
}
