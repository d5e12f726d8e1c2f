import AudioPolicy
import AudioSessionAgent
import AudioSessionTesting
import Foundation
import Logging
import PolicyScenarios
import SoundServer
import Synchronization

/// The in-process agent on a real server and a real private bus as a ``ScenarioWorld``: sessions
/// are registered through the coordinator as the bus service registers them, streams are real
/// clients and modules (``ScenarioClients``), and stream states are read back from the server by
/// the world's ``ScenarioStreamObserver``: for ``PulseAgent``, pactl (``PulseVolumeObserver``); for
/// ``PipeWireAgent``, the node's Props and the stream's own sound (``NodeSoundObserver``, see
/// `NativeAgentScenarioWorld.swift`).
///
/// `start` and `stop` cork and uncork a stream from outside as a user would: MPRIS Play and Pause
/// to mpv on the private bus, or the peak meter's own signals. `wait` passes time in the agent's
/// engine as its clock would.
struct AgentScenarioWorld<Server: PulseProtocolServer, Agent: ScenarioAgent>: ScenarioWorld {
    /// An action this world cannot carry out on a real server.
    struct Unsupported: Error, CustomStringConvertible {
        var description: String
    }

    /// Keeps the decisions the agent made, for the signals and decisions of each step, and whether
    /// the engine takes each stream as sounding, so a cork is waited for until the agent has seen it.
    final class DecisionRecorder: DecisionSink {
        let decisions = Mutex<[PolicyDecision]>([])
        let sounding = Mutex<[StreamID: Bool]>([:])
        func carryOut(_ decisions: [PolicyDecision], after event: PolicyEvent, in view: PolicyView) {
            self.decisions.withLock { $0 += decisions }
            switch event {
            case .streamAppeared(let info), .streamChanged(let info): sounding.withLock { $0[info.id] = info.isSounding }
            case .streamSoundingChanged(let id, let isSounding): sounding.withLock { $0[id] = isSounding }
            default: break
            }
        }
        func take() -> [PolicyDecision] { decisions.withLock { recorded in defer { recorded = [] }; return recorded } }
        func isSounding(_ id: StreamID) -> Bool? { sounding.withLock { $0[id] } }
    }

    let scenario: Scenario
    let harness: AgentHarness<Server>
    let agent: Agent
    let recorder: DecisionRecorder
    let clients: ScenarioClients<Server>
    let observer: any ScenarioStreamObserver
    private var sessions: [String: TestSession] = [:]
    private var streams: [String: PlacedStream] = [:]
    private var now = 0

    var name: String { "the agent on a real server" }
    var duckLevelTolerance: Double { observer.duckLevelTolerance }

    /// The tables are written for the pure engine's world, which has no devices and so never loads an
    /// echo canceller; the real server has devices, so calls would get one here. Voice processing has
    /// its own agent tests (VoiceProcessingIntegrationTests).
    static func withoutVoiceProcessing(_ policy: Policy) -> Policy {
        var policy = policy
        policy.voiceProcessing.enabled = false
        return policy
    }

    /// Starts the agent `start` makes (under the scenario's policy, with `recorder` as a sink) on
    /// `server`; `bus` carries the players' MPRIS; `observer` reads the streams' states back.
    static func start(
        _ scenario: Scenario, on server: Server, bus: PrivateDBus, observer: any ScenarioStreamObserver,
        agent start: (Policy, AgentHarness<Server>, DecisionRecorder) async throws -> Agent
    ) async throws -> AgentScenarioWorld {
        let recorder = DecisionRecorder()
        let harness = AgentHarness(server: server)
        let agent = try await start(withoutVoiceProcessing(try scenario.policy.load()), harness, recorder)
        return AgentScenarioWorld(
            scenario: scenario, harness: harness, agent: agent, recorder: recorder,
            clients: ScenarioClients(server: server, bus: bus, scenario: scenario), observer: observer)
    }

    private init(
        scenario: Scenario, harness: AgentHarness<Server>, agent: Agent, recorder: DecisionRecorder,
        clients: ScenarioClients<Server>, observer: any ScenarioStreamObserver
    ) {
        self.scenario = scenario
        self.harness = harness
        self.agent = agent
        self.recorder = recorder
        self.clients = clients
        self.observer = observer
    }

    /// Stops every client, unloads the modules the world loaded, and shuts the agent down.
    func stop() async {
        observer.stop()
        for stream in streams.values {
            if let process = stream.process {
                process.kill()
                _ = await process.waitForExit()
            } else if case .module(let index) = stream.maker {
                _ = try? await harness.server.pactl("unload-module", String(index))
            }
        }
        await agent.shutdown()
    }

    mutating func perform(_ action: ScenarioAction) async throws {
        switch action {
        case .register(let name):
            guard let session = scenario.sessions[name] else { return }
            let caller = BusCaller(uniqueName: ":1.\(name)", processID: Int32.max - 7)
            let (id, _) = try agent.coordinator.transact { registry in
                let registered = try registry.register(
                    SessionProperties(applicationID: session.app, tokenUse: .bearer), from: caller, token: StreamToken(rawValue: "token-\(name)"))
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
            if let session = sessions.removeValue(forKey: name) {
                _ = agent.coordinator.transact { registry in ((), registry.connectionClosed(session.caller.uniqueName)) }
            }
        case .appear(let name):
            try await appear(name)
        case .vanish(let name):
            try await vanish(name)
        case .replacePolicy(let reference):
            agent.coordinator.handle(.policyReplaced(Self.withoutVoiceProcessing(try reference.load())))
        case .wait(let milliseconds):
            now += milliseconds
            agent.coordinator.handle(.timePassed(milliseconds: now))
        case .start(let name):
            try await cork(name, false)
        case .stop(let name):
            try await cork(name, true)
        }
    }

    private func transact(_ name: String, _ event: (inout SessionRegistry, TestSession) throws -> PolicyEvent) throws {
        guard let session = sessions[name] else { return }
        _ = try agent.coordinator.transact { registry in ((), [try event(&registry, session)]) }
    }

    private mutating func appear(_ name: String) async throws {
        guard let stream = scenario.streams[name] else { return }
        let players = Set(streams.values.compactMap { placed -> String? in
            if case .player(_, let mpris) = placed.maker { mpris } else { nil }
        })
        let (maker, row) = try await clients.make(stream, players: players)
        let kind: SoundStream.Kind = row.direction == .playback ? .playback : .capture
        let id = ServerStreamRef(
            SoundStream(kind: kind, index: UInt32(row.index), serial: UInt64(row.index), name: name, deviceIndex: 0),
            instance: agent.serverInstance
        ).id
        let placed = PlacedStream(direction: row.direction, index: row.index, id: id, maker: maker)
        streams[name] = placed
        try await observer.placed(stream, placed)
        // pipewire-pulse announces a stream before it runs: the table's "appear" is a stream that
        // already sounds (or is corked), so wait until the agent has seen it so.
        try await waitUntil("the agent knows stream \(name) \(stream.soundingWhenAppearing ? "sounding" : "corked")") {
            agent.coordinator.read { $0.engine.streamIDs.contains(id) } && recorder.isSounding(id) == stream.soundingWhenAppearing
        }
    }

    private mutating func vanish(_ name: String) async throws {
        guard let stream = streams.removeValue(forKey: name) else { return }
        observer.removing(name)
        if let process = stream.process {
            process.kill()
            _ = await process.waitForExit()
        } else if case .module(let index) = stream.maker {
            _ = try await harness.server.pactl("unload-module", String(index))
        }
        try await waitUntil("the agent forgets stream \(name)") {
            agent.coordinator.read { !$0.engine.streamIDs.contains(stream.id) }
        }
    }

    /// Corks (`true`) or uncorks the stream from outside, then waits until the server shows it and
    /// the agent has taken it in.
    private func cork(_ name: String, _ corked: Bool) async throws {
        guard let stream = streams[name] else { return }
        switch stream.maker {
        case .player(_, let mpris):
            _ = try await clients.playerctl(["-p", mpris, corked ? "pause" : "play"])
        case .meter(let meter):
            meter.signal(corked ? SIGUSR1 : SIGUSR2)
        case .process, .module:
            throw Unsupported(description: "stream \(name): its client cannot be corked from outside")
        }
        try await waitUntil("stream \(name) \(corked ? "corked" : "uncorked") on the server") {
            try await ServerStreamRow.list(stream.direction, on: harness.server).first { $0.index == stream.index }?.isCorked == corked
        }
        try await waitUntil("the agent sees stream \(name) \(corked ? "stopped" : "sounding")") {
            recorder.isSounding(stream.id) == !corked
        }
    }

    mutating func observe(expecting expected: ScenarioExpectation) async throws -> ScenarioObservation {
        var decisions: [PolicyDecision] = []
        var observation = ScenarioObservation(streams: [:], signals: [:], decisions: [])
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(10))
        repeat {
            decisions += recorder.take().map(renamed)
            let states = try await observer.states(of: streams) { id in
                agent.coordinator.read { view in
                    if case .silenced(let cause)? = view.engine.effects(on: id) { .silenced(cause) } else { nil }
                }
            }
            observation = ScenarioObservation(streams: states, signals: signals(of: decisions), decisions: decisions)
            if expected.differences(from: observation, observer: name, tolerance: duckLevelTolerance).isEmpty { break }
            try await Task.sleep(for: .milliseconds(50))
        } while clock.now < deadline
        return observation
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
        StreamID(streams.first { $0.value.id == stream }?.key ?? stream.rawValue)
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
        case .loadEchoCanceller(let canceller, let why): .loadEchoCanceller(canceller, because: name(of: why))
        case .moveToEchoCanceller(let id, let canceller, let why): .moveToEchoCanceller(name(of: id), canceller, because: name(of: why))
        case .unloadEchoCanceller(let canceller, let why): .unloadEchoCanceller(canceller, because: name(of: why))
        }
    }
}
