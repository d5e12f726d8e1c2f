import AudioPolicy

/// What an enforcer that only follows the decisions would have done to each stream, with the
/// rules it relies on checked: nothing is unducked, unsilenced or silenced twice that was not
/// ducked, silenced or playing (a silence said again only as it becomes one its player must play out).
struct DecisionReplay {
    struct Applied: Equatable {
        var duckLevel: Double?
        var silenced = false
        /// Whether the silence lasts until the player stops (``SilenceCause/playsOut``).
        var playsOut = false
        var moved = false
    }

    var applied: [StreamID: Applied] = [:]
    /// Sessions told their interruption began and not yet that it ended (or reactivated since).
    var interrupted: Set<SessionID> = []
    /// Sessions told hint-begin and not yet hint-end.
    var hinted: Set<SessionID> = []
    /// Broken bookkeeping rules, as messages.
    var violations: [String] = []

    /// Applies the decisions of one event.
    mutating func apply(_ event: PolicyEvent, _ decisions: [PolicyDecision]) {
        switch event {
        case .streamAppeared(let info): applied[info.id] = Applied()  // a new stream starts untouched
        case .streamVanished(let id): applied[id] = nil
        case .sessionEnded(let id):
            interrupted.remove(id)
            hinted.remove(id)
        default: break
        }
        for decision in decisions {
            applySignal(decision)
            guard let id = decision.stream else { continue }
            var state = applied[id] ?? Applied()
            switch decision {
            case .duck(_, let level, _, _): state.duckLevel = level
            case .unduck:
                if state.duckLevel == nil { violations.append("unduck \(id) that is not ducked") }
                state.duckLevel = nil
            case .silence(_, let cause, _):
                // Said again only when a silence becomes one its player must play out.
                if state.silenced && !(cause.playsOut && !state.playsOut) { violations.append("silence \(id) that is already silenced") }
                state.silenced = true
                state.playsOut = cause.playsOut
            case .unsilence:
                if !state.silenced { violations.append("unsilence \(id) that is not silenced") }
                state.silenced = false
                state.playsOut = false
            case .move: state.moved = true
            default: break
            }
            applied[id] = state
        }
    }

    /// Follows what a session has been told: interruptions and hints come in begin/end pairs.
    mutating func applySignal(_ decision: PolicyDecision) {
        switch decision {
        case .activated(let id, _):
            // Reactivating ends an interruption without a signal: the app resumed on its own.
            interrupted.remove(id)
        case .interruptionBegan(let id, _, _):
            if interrupted.insert(id).inserted == false { violations.append("interruption began twice for \(id)") }
        case .interruptionEnded(let id, _, _):
            if interrupted.remove(id) == nil { violations.append("interruption ended for \(id), which was not interrupted") }
        case .secondaryAudioHint(let id, .begin, _):
            if hinted.insert(id).inserted == false { violations.append("hint-begin twice for \(id)") }
        case .secondaryAudioHint(let id, .end, _):
            if hinted.remove(id) == nil { violations.append("hint-end for \(id) without hint-begin") }
        default: break
        }
    }

    /// The effect the replayed decisions amount to, in the engine's terms (silence causes aside).
    func effect(of id: StreamID) -> StreamEffect {
        let state = applied[id] ?? Applied()
        if state.silenced { return .silenced(.interruption) }
        if let level = state.duckLevel { return .ducked(level: level) }
        return .playing
    }
}

extension StreamEffect {
    /// The effect with the silence cause dropped: decisions do not repeat a silence whose cause changes.
    var withoutCause: StreamEffect {
        if case .silenced = self { return .silenced(.interruption) }
        return self
    }
}
