public import AudioSessionModel

/// A signal a session receives, as the app sees it on the bus; scenario files write it as its
/// ``description``.
///
/// ```swift
/// ScenarioSignal.interruptionEnded(shouldResume: true).description  // "interruption-ended should-resume=true"
/// ```
public enum ScenarioSignal: Sendable, Hashable, CustomStringConvertible {
    /// Activation succeeded.
    case activated
    /// Activation was refused for insufficient priority; the session or stream named holds the higher rank.
    case activationRefused(heldBy: String)
    /// The session was interrupted.
    case interruptionBegan(InterruptionReason)
    /// The interruption ended; the app may resume when `shouldResume`.
    case interruptionEnded(shouldResume: Bool)
    /// Another app's primary audio started (the secondary-audio hint).
    case hintBegin
    /// Another app's primary audio stopped.
    case hintEnd
    /// The session's route changed.
    case routeChanged(RouteChangeReason)

    /// The signal as scenario files write it.
    public var description: String {
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
