public import AudioPolicy

/// The pure policy engine as a ``ScenarioWorld``: actions become engine events, stream states are
/// the engine's effects, signals are the decisions addressed to sessions.
///
/// ```swift
/// var world = try PolicyEngineWorld(scenario: scenario)
/// try world.perform(.appear("song"))
/// print(world.engine.effects(on: "song") ?? .playing)  // playing
/// ```
public struct PolicyEngineWorld: ScenarioWorld, Sendable {
    /// The scenario whose sessions and streams the actions name.
    public let scenario: Scenario
    /// The engine, as the actions so far left it.
    public private(set) var engine: PolicyEngine
    /// The decisions since the last observation, in order.
    public private(set) var pendingDecisions: [PolicyDecision] = []
    /// The clock the `wait` actions advance, in milliseconds.
    var now = 0

    /// An engine under `policy` (for example one given with `--policy`), whatever the scenario names.
    public init(scenario: Scenario, policy: Policy) {
        self.scenario = scenario
        self.engine = PolicyEngine(policy: policy)
    }

    /// An engine under the scenario's own policy and fragments.
    ///
    /// - Throws: ``AudioPolicy/PolicyLoadError`` when the policy does not load.
    public init(scenario: Scenario) throws(PolicyLoadError) {
        self.init(scenario: scenario, policy: try scenario.policy.load())
    }

    /// "the engine".
    public var name: String { "the engine" }

    /// Feeds the action's events to the engine and keeps its decisions for the next observation.
    ///
    /// - Throws: ``AudioPolicy/PolicyLoadError`` when a `replace-policy` names a policy that does not load.
    public mutating func perform(_ action: ScenarioAction) throws(PolicyLoadError) {
        for event in try events(for: action) { pendingDecisions += engine.handle(event) }
    }

    /// The engine's effect on every stream it knows, and the decisions since the last observation.
    public mutating func observe(expecting expected: ScenarioExpectation) -> ScenarioObservation {
        let decisions = pendingDecisions
        pendingDecisions = []
        var streams: [String: ScenarioStreamState] = [:]
        for id in engine.streamIDs {
            if let effect = engine.effects(on: id) { streams[id.rawValue] = ScenarioStreamState(effect) }
        }
        var signals: [String: [ScenarioSignal]] = [:]
        for decision in decisions {
            guard let session = decision.session, let signal = decision.scenarioSignal else { continue }
            signals[session.rawValue, default: []].append(signal)
        }
        return ScenarioObservation(streams: streams, signals: signals, decisions: decisions)
    }

    /// The events a backend and the bus service would report for the action.
    mutating func events(for action: ScenarioAction) throws(PolicyLoadError) -> [PolicyEvent] {
        switch action {
        case .register(let name):
            guard let session = scenario.sessions[name] else { return [] }
            // As over the bus: the session's application id is what the app declared.
            let app = AppIdentity(applicationID: session.app, evidence: .init(applicationID: .declared))
            return [
                .sessionRegistered(SessionID(name), app: app),
                .sessionConfigured(SessionID(name), session.configuration),
            ]
        case .configure(let name, let configuration): return [.sessionConfigured(SessionID(name), configuration)]
        case .activate(let name): return [.sessionActivated(SessionID(name))]
        case .deactivate(let name, let notify): return [.sessionDeactivated(SessionID(name), notifyOthers: notify)]
        case .end(let name): return [.sessionEnded(SessionID(name))]
        case .appear(let name):
            guard let stream = scenario.streams[name] else { return [] }
            return [.streamAppeared(stream.info)]
        case .start(let name): return [.streamSoundingChanged(StreamID(name), isSounding: true)]
        case .stop(let name): return [.streamSoundingChanged(StreamID(name), isSounding: false)]
        case .vanish(let name): return [.streamVanished(StreamID(name))]
        case .replacePolicy(let reference): return [.policyReplaced(try reference.load())]
        case .wait(let milliseconds):
            now += milliseconds
            return [.timePassed(milliseconds: now)]
        }
    }
}
