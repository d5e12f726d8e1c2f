import AudioPolicy
import AudioSessionModel

/// One scenario table, as read from `Scenarios/*.toml` (the format is described in `Scenarios/README.md`).
struct Scenario: Sendable {
    /// The scenario file's name, for messages.
    var file: String
    /// What the scenario shows, in a sentence.
    var description: String
    /// The policy the scenario starts with.
    var policy: ScenarioPolicyReference
    /// The sessions apps may register, by name.
    var sessions: [String: ScenarioSession]
    /// The streams that may appear, by name.
    var streams: [String: ScenarioStream]
    /// What happens, in order, with what a user observes after each step.
    var steps: [ScenarioStep]
}

/// A session as `audiosessionctl run --category .. --mode .. --option ..` declares it.
struct ScenarioSession: Sendable {
    var name: String
    /// The application id the agent sees for the session's app.
    var app: String
    var configuration: SessionConfiguration
}

/// A stream as a real client makes it (`paplay --property=media.role=..`, a level meter, a loopback, ...).
struct ScenarioStream: Sendable {
    var name: String
    var kind: ScenarioStreamKind
    var direction: StreamDirection
    /// `media.role` as the client sets it, before normalisation.
    var role: String?
    /// The owning session, or `nil` for an app without a session.
    var session: String?
    /// The application id of the app owning the stream.
    var app: String
    /// Whether it runs (is not corked) when it appears.
    var soundingWhenAppearing: Bool
    /// Further properties the client sets.
    var properties: [String: String]
}

/// A policy file named by a scenario: a shipped or scenario-local file plus fragments merged over it.
struct ScenarioPolicyReference: Sendable, Hashable, CustomStringConvertible {
    /// The path of the base file.
    var base: String
    /// Paths of fragments, merged in order as `policy.d/*.toml` would be.
    var fragments: [String]

    var description: String {
        ([base] + fragments).map { $0.split(separator: "/").last.map(String.init) ?? $0 }.joined(separator: " + ")
    }
}

/// One step: its actions and what must be observed after them.
struct ScenarioStep: Sendable {
    /// 1-based, as people count steps in the file.
    var number: Int
    /// The line of its `[[step]]` header.
    var line: Int
    var actions: [ScenarioAction]
    /// The source text of the actions, for messages.
    var actionText: String
    /// The streams whose state changes (or is restated) in this step.
    var streamStates: [String: ExpectedStreamState]
    /// Every signal each session receives during the step; sessions not named receive none.
    var signals: [String: [ExpectedSignal]]
    /// The exact decisions of the step, when the scenario gives them.
    var decisions: [String]?
}

/// Something that happens in a step.
enum ScenarioAction: Sendable, Hashable {
    /// The app registers the session and declares its configuration.
    case register(String)
    /// The app declares another configuration.
    case configure(String, SessionConfiguration)
    case activate(String)
    case deactivate(String, notifyOthers: Bool)
    /// The session's app goes away.
    case end(String)
    case appear(String)
    /// The stream starts running (uncorked).
    case start(String)
    /// The stream stops running (corked or paused), without going away.
    case stop(String)
    case vanish(String)
    case replacePolicy(ScenarioPolicyReference)
    case wait(milliseconds: Int)
}

/// What a user observes of a stream: the volume and mute state policy gives it.
enum ExpectedStreamState: Sendable, Hashable, CustomStringConvertible {
    case playing
    case ducked(level: Double)
    /// Silenced; with a cause when the scenario names one.
    case silenced(SilenceCause?)

    func matches(_ effect: StreamEffect) -> Bool {
        switch (self, effect) {
        case (.playing, .playing): true
        case (.ducked(let expected), .ducked(let actual)): abs(expected - actual) < 1e-9
        case (.silenced(nil), .silenced): true
        case (.silenced(let expected?), .silenced(let actual)): expected == actual
        default: false
        }
    }

    var description: String {
        switch self {
        case .playing: "playing"
        case .ducked(let level): "ducked \(level)"
        case .silenced(nil): "silenced"
        case .silenced(let cause?): "silenced \(cause.rawValue)"
        }
    }
}

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
