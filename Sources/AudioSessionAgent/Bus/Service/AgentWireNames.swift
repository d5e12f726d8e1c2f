public import AudioPolicy
import AudioSessionModel

/// How the agent's values are spelled on the bus: the name lists of docs/dbus-api.md, for the
/// contract's wire formats (`StreamListing`, `AgentSignal`...), which carry them as text.
///
/// ```swift
/// AgentWireNames.participant(.session("3"))          // "session:3"
/// AgentWireNames.effect(.ducked(level: 0.3))         // "ducked"
/// ```
public enum AgentWireNames {
    /// `session:ID` or `stream:ID`.
    public static func participant(_ participant: Participant) -> String {
        switch participant {
        case .session(let id): "session:\(id.rawValue)"
        case .stream(let id): "stream:\(id.rawValue)"
        }
    }

    /// `playing`, `ducked` or `silenced`.
    public static func effect(_ effect: StreamEffect) -> String {
        switch effect {
        case .playing: "playing"
        case .ducked: "ducked"
        case .silenced: "silenced"
        }
    }

    /// The duck factor: the level while ducked, 1.0 otherwise (silencing is told by the effect).
    public static func level(_ effect: StreamEffect) -> Double {
        if case .ducked(let level) = effect { return level }
        return 1.0
    }

    /// The silence cause, or empty unless silenced.
    public static func silenceCause(_ effect: StreamEffect) -> String {
        if case .silenced(let cause) = effect { return cause.rawValue }
        return ""
    }

    /// `playback` or `capture`.
    public static func direction(_ direction: StreamDirection) -> String {
        direction == .playback ? "playback" : "capture"
    }
}
