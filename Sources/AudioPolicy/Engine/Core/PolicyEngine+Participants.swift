import AudioSessionModel

extension PolicyEngine {
    /// The behaviour for streams no role entry covers when the policy has no `none` entry either:
    /// mixable, duckable, interruptible, never a trigger (the schema's meaning of `none`).
    static let fallbackNoneBehavior = RoleBehavior(category: .playback, options: [.mixWithOthers])

    /// The participant a stream takes part through: its session when known, else itself.
    func participant(of stream: StreamRecord) -> Participant {
        if let session = stream.session, state.sessions[session] != nil { return .session(session) }
        return .stream(stream.info.id)
    }

    func appRule(for app: AppIdentity) -> AppRule? {
        appRuleMatch(for: app)?.rule
    }

    /// The first app rule that covers `app`, and the id it matched by.
    func appRuleMatch(for app: AppIdentity) -> (rule: AppRule, match: IdentityMatch)? {
        guard !app.hasNoIdentifiers else { return nil }
        for rule in state.policy.appRules {
            if let match = app.firstMatch(accepting: rule.evidence, rule.match.contains) { return (rule, match) }
            if rule.matchChildren, let match = app.ancestorMatch(accepting: rule.evidence, rule.match.contains) { return (rule, match) }
        }
        return nil
    }

    func behavior(of role: Role) -> RoleBehavior {
        state.policy.roles[role] ?? state.policy.roles[Role.none] ?? Self.fallbackNoneBehavior
    }

    /// The role a stream is treated as having: its media.role normalised; role-less streams take
    /// their app rule's role; unknown roles are `none`.
    func resolveRole(_ info: StreamInfo) -> Role {
        if let name = info.mediaRole, !name.isEmpty {
            return Role(normalizing: name) ?? Role.none
        }
        return appRule(for: info.app)?.role ?? Role.none
    }

    /// Why a stream that names no role has the role its `[[app]]` rule gives, for explanations;
    /// `nil` when it names its own, no rule gives one, or it plays as a call (said apart).
    func appRoleExplanation(of record: StreamRecord) -> String? {
        guard record.info.mediaRole?.isEmpty ?? true, !record.isCaptureCall,
            let (rule, match) = appRuleMatch(for: record.info.app), let role = rule.role, record.role == role
        else { return nil }
        return "role \(role.name) from its app's rule: \(match) (\(rule.summary))"
    }

    /// Why a stream is never touched, or `nil` when policy applies to it.
    func exclusionReason(_ info: StreamInfo) -> String? {
        if let exclusion = state.policy.exclusions.first(where: { $0.matches(info.properties) }),
            inclusion(overriding: exclusion, for: info) == nil
        {
            return "excluded: \(exclusion.why)"
        }
        // The policy leaves this stream's role to a server module (module-role-cork, ...): acting
        // on it as well would fight that module, whatever the exclusion list says.
        if let module = info.leftToServerModule { return "left to the server: \(module)" }
        if let (rule, match) = appRuleMatch(for: info.app), rule.exempt {
            return "exempt app: \(match) (\(rule.summary))"
        }
        return nil
    }

    /// The `[[include]]` entry that makes a stream an app although `exclusion` matches it; never
    /// one for the agent's own streams, whatever the policy says.
    func inclusion(overriding exclusion: Exclusion, for info: StreamInfo) -> Inclusion? {
        guard info.properties["audiosession.agent"] != "true" else { return nil }
        return state.policy.inclusions.first { $0.matches(info.properties) }
    }

    /// Why an excluded kind of stream counts as an app, for explanations; `nil` when no
    /// `[[include]]` entry brought it back.
    func inclusionExplanation(of info: StreamInfo) -> String? {
        guard let exclusion = state.policy.exclusions.first(where: { $0.matches(info.properties) }),
            let inclusion = inclusion(overriding: exclusion, for: info)
        else { return nil }
        return "counts as an app: \(inclusion.why) ([[include]]), though excluded as \(exclusion.why)"
    }

    func rank(of configuration: SessionConfiguration, app: AppIdentity) -> (Int, RankRule?) {
        let rule = state.policy.rankRules.first { rule in
            (rule.categories.isEmpty || rule.categories.contains(configuration.category))
                && (rule.modes.isEmpty || rule.modes.contains(configuration.mode))
                && (rule.apps.isEmpty || app.firstMatch(accepting: rule.evidence, rule.apps.contains) != nil)
        }
        return (rule?.rank ?? state.policy.ranks.defaultRank, rule)
    }

    /// The id a participant's app won its rank rule by, when the rule is reserved for named apps.
    func reservedRankMatch(of participant: Participant) -> IdentityMatch? {
        guard let rule = facts(of: participant)?.rankRule, !rule.apps.isEmpty else { return nil }
        let app: AppIdentity?
        switch participant {
        case .session(let id): app = state.sessions[id]?.app
        case .stream(let id): app = state.streams[id]?.info.app
        }
        return app?.firstMatch(accepting: rule.evidence, rule.apps.contains)
    }

    /// Why a session's app is exempt, for explanations; `nil` when it is not.
    func sessionExemption(of id: SessionID) -> String? {
        guard let session = state.sessions[id], session.appExempt,
            let (rule, match) = appRuleMatch(for: session.app), rule.exempt
        else { return nil }
        return "its session's app is exempt: \(match) (\(rule.summary))"
    }

    func standing(of configuration: SessionConfiguration, app: AppIdentity) -> RankStanding {
        let (rank, rule) = rank(of: configuration, app: app)
        return RankStanding(configuration: configuration, rank: rank, rule: rule)
    }

    func facts(of participant: Participant) -> ParticipantFacts? {
        switch participant {
        case .session(let id):
            // Reads the fields it needs in place: a copy of the whole record, taken for every
            // participant an activation weighs, cost more than the facts themselves.
            guard let index = state.sessions.index(forKey: id) else { return nil }
            let configuration = state.sessions.values[index].configuration
            let standing =
                state.sessions.values[index].standing.flatMap { $0.configuration == configuration ? $0 : nil }
                ?? standing(of: configuration, app: state.sessions.values[index].app)
            let exempt = state.sessions.values[index].appExempt
            return ParticipantFacts(
                configuration: configuration, rank: standing.rank, rankRule: standing.rule, exempt: exempt,
                interruptible: !exempt, duckable: !exempt, trigger: !exempt)
        case .stream(let id):
            guard let stream = state.streams[id] else { return nil }
            let behavior = stream.behavior
            let exempt = stream.excludedBecause != nil
            return ParticipantFacts(
                configuration: stream.standing.configuration, rank: stream.standing.rank, rankRule: stream.standing.rule,
                exempt: exempt,
                interruptible: behavior.interruptible && !exempt, duckable: behavior.duckable && !exempt,
                trigger: behavior.trigger && !exempt)
        }
    }

    /// Whether the participant's audio is playing: a running playback stream of a session, or the
    /// stream itself (triggers may be capture streams, such as a call's microphone).
    func isSounding(_ participant: Participant) -> Bool {
        switch participant {
        case .session(let id): !(state.sessions[id]?.soundingPlayback.isEmpty ?? true)
        case .stream(let id): state.streams[id]?.info.isSounding ?? false
        }
    }

    /// The effect on a stream now: the policy's, or the silence of its app's input mute.
    func effect(of stream: StreamRecord) -> StreamEffect {
        let policyEffect = policyEffect(of: stream)
        if case .silenced = policyEffect { return policyEffect }
        return isInputMuted(stream) ? .silenced(.inputMuted) : policyEffect
    }

    /// The effect policy has on a stream now; everything is `playing` while the policy is disabled.
    func policyEffect(of stream: StreamRecord) -> StreamEffect {
        guard state.policy.enabled, stream.excludedBecause == nil else { return .playing }
        let sessionInterrupted = stream.session.flatMap { state.sessions[$0] }.map(\.isInterrupted) ?? false
        if sessionInterrupted { return .silenced(.interruption) }
        if !stream.silencers.isEmpty {
            let causes = Set(stream.silencers.values)
            for cause in [SilenceCause.exclusive, .interruption, .record] where causes.contains(cause) {
                return .silenced(cause)
            }
        }
        if state.unplugHolds[stream.info.id] != nil { return .silenced(.unplugged) }
        if isSilencedByLock(stream) { return .silenced(.screenLocked) }
        if isHeldByDoNotDisturb(stream) { return .silenced(.doNotDisturb) }
        if let level = stream.duckers.values.min(), !isUnprocessedInput(stream) { return .ducked(level: level) }
        return .playing
    }

    func duckExplanation(_ stream: StreamRecord) -> Explanation {
        let lowest = stream.duckers.min { ($0.value, $0.key) < ($1.value, $1.key) }
        return Explanation(rule: "duck-others", source: lowest?.key)
    }

    func silenceExplanation(_ stream: StreamRecord, _ cause: SilenceCause) -> Explanation {
        if cause == .interruption, let session = stream.session.flatMap({ state.sessions[$0] }), let input = session.mutedInput {
            return Explanation(rule: "interruption: session \(session.id) interrupted: its input \(input) is muted")
        }
        if cause == .interruption, let session = stream.session.flatMap({ state.sessions[$0] }), let device = session.disconnectedDevice {
            return Explanation(rule: "interruption: session \(session.id) interrupted: its device \(device) went away")
        }
        if cause == .interruption, let session = stream.session.flatMap({ state.sessions[$0] }), session.suspendedBySleep {
            return Explanation(rule: "interruption: session \(session.id) interrupted: the system sleeps")
        }
        if cause == .interruption, let session = stream.session.flatMap({ state.sessions[$0] }),
            let by = session.interruptedBy.min()
        {
            return Explanation(rule: "interruption: session \(session.id) interrupted", source: by)
        }
        let source = stream.silencers.filter { $0.value == cause }.keys.min()
        let rule: String
        switch cause {
        case .interruption: rule = "interruption"
        case .record: rule = "record-silences-output"
        case .exclusive: rule = "exclusive " + (source.flatMap { facts(of: $0)?.rankName } ?? "rank")
        case .unplugged:
            let device = state.unplugHolds[stream.info.id].flatMap { state.devices[$0.device]?.port.name }
            rule = "pause on unplug" + (device.map { ": \($0) went away" } ?? "")
        case .screenLocked: rule = "silence-ambient-when-locked"
        case .doNotDisturb: rule = "hold-notifications-during-dnd"
        case .inputMuted: return Explanation(rule: "input muted by its app", source: stream.session.map { .session($0) })
        }
        return Explanation(rule: rule, source: source)
    }
}
