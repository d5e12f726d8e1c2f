import AudioSessionModel
import PolicyScenarios
import PropertyBased
import Testing

@testable import AudioPolicy

/// Random event sequences over every shipped policy (and a reserved-rank and a disabled one).
@Suite("Policy engine properties over random event sequences")
struct PolicyEnginePropertyTests {
    static let world: RandomEventWorld = {
        var policies = ["default.toml", "car.toml", "office.toml"].compactMap { try? ShippedPolicyTests.load($0) }
        let reserved = ScenarioPolicyReference(base: PolicyTestPaths.testDirectory + "/Scenarios/policies/reserved-calls.toml", fragments: [])
        if let policy = try? reserved.load() { policies.append(policy) }
        if var off = policies.first {
            off.enabled = false
            policies.append(off)
        }
        return RandomEventWorld(policies: policies)
    }()

    static let sequences = Gen.int(in: 0...Int(Int32.max)).array(of: 1...120)

    @Test func theWorldHasEveryPolicy() {
        #expect(Self.world.policies.count == 5)
        #expect(RandomEventWorld.configurations.count > 100)
    }

    /// No decision names an unknown stream or session, excluded streams never appear in one, the
    /// decisions replayed give the engine's own effect on every stream, and nothing is undone twice.
    @Test func decisionsNameKnownParticipantsAndReplayToTheEnginesEffects() async {
        await propertyCheck(count: 300, input: Self.sequences) { codes in
            var engine = PolicyEngine(policy: Self.world.policies[0])
            var replay = DecisionReplay()
            for (index, code) in codes.enumerated() {
                let event = Self.world.event(code)
                let decisions = engine.handle(event)
                replay.apply(event, decisions)
                Self.check(decisions, of: event, at: index, engine: engine, replay: replay)
            }
        }
    }

    /// Once every session has ended and every trigger stream has vanished, nothing is ducked,
    /// silenced or moved by policy, in the engine's view and in the replayed decisions.
    @Test func nothingStaysAppliedOnceSessionsEndedAndTriggersVanished() async {
        await propertyCheck(count: 300, input: Self.sequences) { codes in
            var engine = PolicyEngine(policy: Self.world.policies[0])
            var replay = DecisionReplay()
            var cleanup: [PolicyEvent] = []
            for code in codes {
                let event = Self.world.event(code)
                replay.apply(event, engine.handle(event))
            }
            cleanup += engine.sessionIDs.map { PolicyEvent.sessionEnded($0) }
            for event in cleanup { replay.apply(event, engine.handle(event)) }
            let triggers = engine.streamIDs.filter { Self.isTrigger($0, engine) }
            for id in triggers { replay.apply(.streamVanished(id), engine.handle(.streamVanished(id))) }

            for id in engine.streamIDs {
                #expect(engine.effects(on: id) == .playing, "stream \(id) after cleanup: \(engine.explanation(of: id)?.description ?? "")")
                #expect(replay.applied[id] == nil || replay.applied[id] == DecisionReplay.Applied(), "replayed \(id): \(String(describing: replay.applied[id]))")
            }
            #expect(replay.violations.isEmpty, "\(replay.violations)")
        }
    }

    /// The random sequences reach the situations the properties are about, so they are not vacuous.
    @Test func randomSequencesReachEveryKindOfDecision() async {
        var seen: Set<String> = []
        await propertyCheck(count: 300, input: Self.sequences) { codes in
            var engine = PolicyEngine(policy: Self.world.policies[0])
            for code in codes {
                for decision in engine.handle(Self.world.event(code)) {
                    seen.insert(String(decision.scenarioText.prefix { $0 != " " }))
                }
            }
        }
        let expected: Set<String> = [
            "activated", "activation-refused", "interruption-began", "interruption-ended", "duck", "unduck", "silence",
            "unsilence", "hint-begin", "hint-end",
        ]
        #expect(expected.subtracting(seen).isEmpty, "never produced: \(expected.subtracting(seen).sorted())")
    }

    /// Every effect in force has a cause that still holds: a ducker that is active, declares
    /// duck-others and sounds; a silencer or interrupter that is active; nothing at all while the
    /// policy is disabled.
    static func checkCausesHold(_ engine: PolicyEngine, at index: Int, _ event: PolicyEvent) {
        for id in engine.streamIDs {
            guard let explanation = engine.explanation(of: id) else { continue }
            if !engine.state.policy.enabled || explanation.excludedBecause != nil {
                #expect(explanation.effect == .playing, "event \(index) \(event): \(explanation)")
            }
            for ducker in explanation.duckedBy.keys {
                var silenced = false
                if case .stream(let stream) = ducker { silenced = !(engine.state.streams[stream]?.silencers.isEmpty ?? true) }
                let ducks = engine.state.actors[ducker] != nil && engine.isSounding(ducker) && !silenced
                    && (engine.facts(of: ducker)?.ducksOthers ?? false)
                #expect(ducks, "event \(index) \(event): \(ducker) ducks \(id) but is not an active, sounding ducker")
            }
            for silencer in explanation.silencedBy.keys {
                #expect(engine.state.actors[silencer] != nil, "event \(index) \(event): \(silencer) silences \(id) but is not active")
            }
            for interrupter in explanation.sessionInterruptedBy {
                #expect(engine.state.actors[interrupter] != nil, "event \(index) \(event): \(interrupter) interrupts \(id)'s session but is not active")
            }
        }
    }

    /// Whether a remaining stream is a trigger under the engine's current policy.
    static func isTrigger(_ id: StreamID, _ engine: PolicyEngine) -> Bool {
        guard let record = engine.state.streams[id], record.excludedBecause == nil else { return false }
        return engine.facts(of: .stream(id))?.trigger ?? false
    }

    static func check(_ decisions: [PolicyDecision], of event: PolicyEvent, at index: Int, engine: PolicyEngine, replay: DecisionReplay) {
        let streams = Set(engine.streamIDs)
        let sessions = Set(engine.sessionIDs)
        for decision in decisions {
            if let id = decision.stream {
                #expect(streams.contains(id), "event \(index) \(event): \(decision) names unknown stream \(id)")
                #expect(!RandomEventWorld.excludedStreams.contains(id), "event \(index) \(event): \(decision) names excluded stream \(id)")
            }
            if let id = decision.session {
                #expect(sessions.contains(id), "event \(index) \(event): \(decision) names unknown session \(id)")
            }
            if case .activationRefused(_, .insufficientPriority(let holder, _), _) = decision {
                #expect(engine.rank(of: holder) != nil, "event \(index): refusal names unknown holder \(holder)")
            }
        }
        for id in streams {
            let engineEffect = engine.effects(on: id)?.withoutCause
            #expect(replay.effect(of: id) == engineEffect, "event \(index) \(event): replayed decisions give \(replay.effect(of: id)) for \(id), the engine says \(String(describing: engineEffect))")
        }
        checkCausesHold(engine, at: index, event)
        for id in sessions {
            let told = replay.interrupted.contains(id)
            #expect((engine.activity(of: id) == .interrupted) == told, "event \(index) \(event): session \(id) is \(String(describing: engine.activity(of: id))), but was told interrupted: \(told)")
        }
        #expect(replay.violations.isEmpty, "event \(index) \(event): \(replay.violations)")
    }
}
