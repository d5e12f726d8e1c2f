import AudioSessionModel

/// A signal a session receives, as the app sees it on the bus.
enum ExpectedSignal: Sendable, Hashable, CustomStringConvertible {
    case activated
    case activationRefused(heldBy: String)
    case interruptionBegan(InterruptionReason)
    case interruptionEnded(shouldResume: Bool)
    case hintBegin
    case hintEnd
    case routeChanged(RouteChangeReason)

    var description: String {
        switch self {
        case .activated: "activated"
        case .activationRefused(let holder): "activation-refused held-by=\(holder)"
        case .interruptionBegan(.default): "interruption-began"
        case .interruptionBegan(let reason): "interruption-began reason=\(reason.kebabName)"
        case .interruptionEnded(let resume): "interruption-ended should-resume=\(resume)"
        case .hintBegin: "hint-begin"
        case .hintEnd: "hint-end"
        case .routeChanged(let reason): "route-changed reason=\(reason.kebabName)"
        }
    }
}
