import AudioPolicy
import AudioSessionAgent
import AudioSessionTesting
import Foundation
import PolicyScenarios
import SoundServer
import Synchronization

/// The in-process agent on a real server as a ``ScenarioWorld``: sessions are registered through
/// the coordinator as the bus service registers them, streams are real paplay clients, and stream
/// states are read back from the server with pactl (ducked = the volume's cube relative to 100 %,
/// silenced = muted, with the cause the engine gives).
///
/// Scenario streams must be `play` streams that sound when they appear: paplay cannot be corked
/// from outside, so `start`/`stop` steps and other stream kinds are ``Unsupported``.
struct AgentScenarioWorld<Server: PulseProtocolServer>: ScenarioWorld {
    /// An action this world cannot carry out on a real server.
    struct Unsupported: Error, CustomStringConvertible {
        var description: String
    }

    /// Keeps the decisions the agent made, for the signals and decisions of each step.
    final class DecisionRecorder: DecisionSink {
        let decisions = Mutex<[PolicyDecision]>([])
        func carryOut(_ decisions: [PolicyDecision], after event: PolicyEvent, in view: PolicyView) {
            self.decisions.withLock { $0 += decisions }
        }
        func take() -> [PolicyDecision] { decisions.withLock { recorded in defer { recorded = [] }; return recorded } }
    }

    let scenario: Scenario
    let harness: AgentHarness<Server>
    let agent: PulseAgent
    let recorder: DecisionRecorder
    private var sessions: [String: TestSession] = [:]
    private var players: [String: ChildProcess] = [:]
    private var streamIDs: [String: StreamID] = [:]
    private var now = 0

    var name: String { "the agent on a real server" }
    /// pactl shows whole percents: ∛0.3 shows as 67 %, which is 0.3008 in amplitude.
    var duckLevelTolerance: Double { 0.02 }

    static func start(_ scenario: Scenario, on server: Server) async throws -> AgentScenarioWorld {
        let recorder = DecisionRecorder()
        let harness = AgentHarness(server: server)
        let agent = try await PulseAgent.start(
            policy: try scenario.policy.load(),
            configuration: PulseAgentConfiguration(server: server.serverAddress, journalDirectory: harness.journalDirectory),
            sinks: [recorder])
        return AgentScenarioWorld(scenario: scenario, harness: harness, agent: agent, recorder: recorder)
    }

    private init(scenario: Scenario, harness: AgentHarness<Server>, agent: PulseAgent, recorder: DecisionRecorder) {
        self.scenario = scenario
        self.harness = harness
        self.agent = agent
        self.recorder = recorder
    }

    /// Stops every player and the agent.
    func stop() async {
        for player in players.values { player.kill() }
        await agent.shutdown()
    }

    mutating func perform(_ action: ScenarioAction) async throws {
        switch action {
        case .register(let name):
            guard let session = scenario.sessions[name] else { return }
            let caller = BusCaller(uniqueName: ":1.\(name)", processID: Int32.max - 7)
            let (id, _) = try agent.coordinator.transact { registry in
                let registered = try registry.register(
                    SessionProperties(applicationID: session.app), from: caller, token: StreamToken(rawValue: "token-\(name)"))
                let configure = try registry.configure(registered.id, by: caller.uniqueName, session.configuration)
                return (registered.id, [registered.registrationEvent, configure])
            }
            sessions[name] = TestSession(id: id, token: "token-\(name)", caller: caller)
        case .configure(let name, let configuration):
            try transact(name) { registry, session in try registry.configure(session.id, by: session.caller.uniqueName, configuration) }
        case .activate(let name):
            try transact(name) { registry, session in try registry.activate(session.id, by: session.caller.uniqueName) }
        case .deactivate(let name, let notify):
            try transact(name) { registry, session in
                try registry.deactivate(session.id, by: session.caller.uniqueName, notifyOthers: notify)
            }
        case .end(let name):
            if let session = sessions.removeValue(forKey: name) { session.end(on: agent) }
        case .appear(let name):
            try await appear(name)
        case .vanish(let name):
            players.removeValue(forKey: name)?.kill()
            let id = streamIDs.removeValue(forKey: name)
            try await waitUntil("the agent forgets stream \(name)") {
                agent.coordinator.read { view in id.map { !view.engine.streamIDs.contains($0) } ?? true }
            }
        case .replacePolicy(let reference):
            agent.coordinator.handle(.policyReplaced(try reference.load()))
        case .wait(let milliseconds):
            now += milliseconds
            agent.coordinator.handle(.timePassed(milliseconds: now))
        case .start(let name), .stop(let name):
            throw Unsupported(description: "stream \(name): paplay cannot be corked or uncorked from outside")
        }
    }

    private func transact(_ name: String, _ event: (inout SessionRegistry, TestSession) throws -> PolicyEvent) throws {
        guard let session = sessions[name] else { return }
        _ = try agent.coordinator.transact { registry in ((), [try event(&registry, session)]) }
    }

    private mutating func appear(_ name: String) async throws {
        guard let stream = scenario.streams[name] else { return }
        guard stream.kind == .play, stream.direction == .playback, stream.soundingWhenAppearing else {
            throw Unsupported(description: "stream \(name): only play streams that sound at once are made with paplay")
        }
        var properties = stream.properties
        properties["application.id"] = stream.app
        if let role = stream.role { properties["media.role"] = role }
        if let session = stream.session { properties["audiosession.token"] = "token-\(session)" }
        players[name] = try harness.play(name, seconds: 120, properties: properties)
        let index = try await harness.waitForStream(name).index
        let id = ServerStreamRef(
            SoundStream(kind: .playback, index: UInt32(index), serial: UInt64(index), name: name, deviceIndex: 0),
            instance: agent.serverInstance
        ).id
        streamIDs[name] = id
        try await waitUntil("the agent knows stream \(name)") {
            agent.coordinator.read { $0.engine.streamIDs.contains(id) }
        }
    }

    mutating func observe(expecting expected: ScenarioExpectation) async throws -> ScenarioObservation {
        var decisions: [PolicyDecision] = []
        var observation = ScenarioObservation(streams: [:], signals: [:], decisions: [])
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(10))
        repeat {
            decisions += recorder.take().map(renamed)
            observation = ScenarioObservation(streams: try await streamStates(), signals: signals(of: decisions), decisions: decisions)
            if expected.differences(from: observation, observer: name, tolerance: duckLevelTolerance).isEmpty { break }
            try await Task.sleep(for: .milliseconds(50))
        } while clock.now < deadline
        return observation
    }

    private func streamStates() async throws -> [String: ScenarioStreamState] {
        let listed = try await harness.server.sinkInputs()
        var states: [String: ScenarioStreamState] = [:]
        for (name, id) in streamIDs {
            guard let stream = listed.first(where: { $0.properties["media.name"] == name }) else { continue }
            if stream.isMuted {
                let cause: SilenceCause? = agent.coordinator.read { view in
                    if case .silenced(let cause)? = view.engine.effects(on: id) { cause } else { nil }
                }
                states[name] = .silenced(cause)
                continue
            }
            let level = pow(Double(stream.volumePercents.max() ?? 100) / 100, 3)
            states[name] = abs(level - 1) < 1e-9 ? .playing : .ducked(level: level)
        }
        return states
    }

    private func signals(of decisions: [PolicyDecision]) -> [String: [ScenarioSignal]] {
        var signals: [String: [ScenarioSignal]] = [:]
        for decision in decisions {
            guard let session = decision.session, let signal = decision.scenarioSignal else { continue }
            signals[session.rawValue, default: []].append(signal)
        }
        return signals
    }

    // MARK: Scenario names for the agent's ids

    private func name(of session: SessionID) -> SessionID {
        SessionID(sessions.first { $0.value.id == session }?.key ?? session.rawValue)
    }

    private func name(of stream: StreamID) -> StreamID {
        StreamID(streamIDs.first { $0.value == stream }?.key ?? stream.rawValue)
    }

    private func name(of participant: Participant) -> Participant {
        switch participant {
        case .session(let id): .session(name(of: id))
        case .stream(let id): .stream(name(of: id))
        }
    }

    private func name(of explanation: Explanation) -> Explanation {
        Explanation(rule: explanation.rule, source: explanation.source.map(name(of:)))
    }

    /// The decision with the agent's session and stream ids replaced by the scenario's names.
    private func renamed(_ decision: PolicyDecision) -> PolicyDecision {
        switch decision {
        case .activated(let id, let why): .activated(name(of: id), because: name(of: why))
        case .activationRefused(let id, .insufficientPriority(let holder, let rank), let why):
            .activationRefused(name(of: id), .insufficientPriority(heldBy: name(of: holder), rank: rank), because: name(of: why))
        case .interruptionBegan(let id, let reason, let why): .interruptionBegan(name(of: id), reason: reason, because: name(of: why))
        case .interruptionEnded(let id, let resume, let why):
            .interruptionEnded(name(of: id), shouldResume: resume, because: name(of: why))
        case .duck(let id, let level, let ramp, let why):
            .duck(name(of: id), level: level, rampMilliseconds: ramp, because: name(of: why))
        case .unduck(let id, let ramp, let why): .unduck(name(of: id), rampMilliseconds: ramp, because: name(of: why))
        case .silence(let id, let cause, let why): .silence(name(of: id), cause: cause, because: name(of: why))
        case .unsilence(let id, let resume, let why): .unsilence(name(of: id), resume: resume, because: name(of: why))
        case .move(let id, let device, let why): .move(name(of: id), to: device, because: name(of: why))
        case .unmove(let id, let why): .unmove(name(of: id), because: name(of: why))
        case .setDefaultDevice(let device, let direction, let why): .setDefaultDevice(device, direction, because: name(of: why))
        case .setCardProfile(let card, let profile, let why): .setCardProfile(card, profile: profile, because: name(of: why))
        case .routeChanged(let id, let reason, let previous, let current, let why):
            .routeChanged(name(of: id), reason: reason, previous: previous, current: current, because: name(of: why))
        case .secondaryAudioHint(let id, let hint, let why): .secondaryAudioHint(name(of: id), hint, because: name(of: why))
        }
    }
}
