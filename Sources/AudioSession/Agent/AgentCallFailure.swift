import AudioSessionBus
import AudioSessionContract

/// How a call to the agent failed: the agent is not there (fall back to local behaviour), or it
/// answered with a refusal the app must hear.
enum AgentCallFailure: Error {
    case agentGone(String)
    case refused(AudioSessionError)

    init(_ error: BusError, calling method: String) {
        switch error.name {
        case .serviceUnknown, .nameHasNoOwner, .noReply, .timeout, .timedOut, .disconnected, .noServer:
            self = .agentGone("\(method): \(error.message)")
            return
        default: break
        }
        switch AgentErrorName(rawValue: error.name.rawValue) {
        case .insufficientPriority:
            self = .refused(
                AudioSessionError(
                    .insufficientPriority, "activation refused: \(error.message)",
                    holder: Self.holder(in: error.message)))
        case .mediaServicesUnavailable:
            self = .refused(AudioSessionError(.mediaServicesUnavailable, "activation refused: \(error.message)"))
        case .invalidConfiguration, .unknownName:
            self = .refused(AudioSessionError(.invalidConfiguration, "the agent refused the configuration: \(error.message)"))
        case .noSuchPort:
            self = .refused(AudioSessionError(.noSuchPort, "the agent refused \(method): \(error.message)"))
        case .noSuchSession:
            // The agent forgot the session (it restarted between our calls): register again.
            self = .agentGone("\(method): \(error.message)")
        default:
            self = .refused(
                AudioSessionError(.agentRefused, "the agent refused \(method): \(error.message) (\(error.name.rawValue))"))
        }
    }

    /// The participant the agent names in an insufficient-priority message
    /// ("session 4 cannot become active: session:3 of rank 90 is active ...").
    static func holder(in message: String) -> String? {
        for word in message.split(separator: " ") {
            for prefix in ["session:", "stream:"] where word.hasPrefix(prefix) && word.count > prefix.count {
                return String(word)
            }
        }
        return nil
    }
}
