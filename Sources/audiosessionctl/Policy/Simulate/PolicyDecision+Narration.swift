import AudioPolicy
import AudioSessionModel
import PolicyScenarios

extension PolicyDecision {
    /// The decision as a sentence for people: who it happens to, what happens, and why.
    var narration: String {
        let why = "because " + explanation.description
        switch self {
        case .activated(let id, _):
            return "signal to \(id): activated"
        case .activationRefused(let id, .insufficientPriority(let holder, let rank), _):
            return "signal to \(id): activation refused, \(holder) holds rank \(rank) (\(explanation.rule))"
        case .interruptionBegan(let id, let reason, _):
            return "signal to \(id): interruption began, reason \(reason.kebabName), \(why)"
        case .interruptionEnded(let id, let resume, _):
            return "signal to \(id): interruption ended, " + (resume ? "it should resume" : "it should not resume on its own")
                + ", \(why)"
        case .duck(let id, let level, let ramp, _):
            return "\(id) is ducked to \(level) of its volume over \(ramp) ms, \(why)"
        case .unduck(let id, let ramp, _):
            return "\(id) returns to its own volume over \(ramp) ms, \(why)"
        case .silence(let id, let cause, _):
            return "\(id) is silenced (\(cause.rawValue)), \(why)"
        case .unsilence(let id, let resume, _):
            return "\(id) is no longer silenced" + (resume ? " and may play again" : ", left paused until its app resumes")
                + ", \(why)"
        case .move(let id, let device, _):
            return "\(id) moves to \(device), \(why)"
        case .unmove(let id, _):
            return "\(id) goes back where it played before the policy moved it, \(why)"
        case .setDefaultDevice(let device, let direction, _):
            return "\(device) becomes the default \(direction == .playback ? "output" : "input"), \(why)"
        case .setCardProfile(let card, let profile, _):
            return "\(card) switches to its \(profile) profile, \(why)"
        case .loadEchoCanceller(let canceller, _):
            return "a \(canceller.settings.kind.rawValue) echo canceller (\(canceller.id)) is loaded between \(canceller.playbackMaster) and \(canceller.captureMaster), \(why)"
        case .moveToEchoCanceller(let id, let canceller, _):
            return "\(id) moves onto echo canceller \(canceller), \(why)"
        case .unloadEchoCanceller(let canceller, _):
            return "echo canceller \(canceller) is unloaded, \(why)"
        case .routeChanged(let id, let reason, _, _, _):
            return "signal to \(id): route changed, reason \(reason.kebabName)"
        case .secondaryAudioHint(let id, let hint, _):
            return "signal to \(id): secondary-audio hint \(hint.rawValue) (\(explanation.rule))"
        }
    }
}
