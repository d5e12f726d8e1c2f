import AudioSessionContract
import AudioPolicy
import AudioSessionBus
import AudioSessionModel

extension AgentBusService {
    func agentStatus() -> BusArguments {
        let status = self.status.current
        let enabled = coordinator.read { $0.engine.state.policy.enabled }
        return StatusReply(
            agentVersion: status.agentVersion, backend: status.backend, server: status.server,
            mediaServicesAvailable: status.mediaServicesAvailable, policySource: status.policySource, policyEnabled: enabled
        ).arguments
    }

    /// `ListSessions`: the sessions `scope` lets the caller see.
    func listSessions(in scope: QueryScope) -> BusArguments {
        let rows = coordinator.read { view in
            view.registry.sessions.filter(scope.includes).map { session in
                let configuration = session.configuration
                return SessionListing(
                    session: session.id.rawValue, owner: session.owner.uniqueName,
                    processID: session.owner.processID.flatMap { UInt32(exactly: $0) } ?? 0,
                    userID: session.owner.userID ?? UInt32.max, applicationID: session.app.applicationID ?? "",
                    category: configuration.category.kebabName, mode: configuration.mode.kebabName,
                    options: configuration.options.kebabNames,
                    activity: (view.engine.activity(of: session.id) ?? .inactive).rawValue)
            }
        }
        return SessionListing.reply(rows)
    }

    /// `ListStreams`: the streams `scope` lets the caller see.
    func listStreams(in scope: QueryScope) -> BusArguments {
        let catalog = self.catalog
        let rows = coordinator.read { view in
            let visible = catalog.streams.values.filter { scope.includes($0, sessions: view.registry) }
            return visible.sorted { $0.id < $1.id }.map { info in
                let explanation = view.engine.explanation(of: info.id)
                let effect = explanation?.effect ?? .playing
                return StreamListing(
                    stream: info.id.rawValue, direction: AgentWireNames.direction(info.direction),
                    role: explanation?.role.name ?? "none", application: Self.applicationName(of: info),
                    session: info.session?.rawValue ?? "", sounding: info.isSounding, effect: AgentWireNames.effect(effect),
                    level: AgentWireNames.level(effect), silenceCause: AgentWireNames.silenceCause(effect))
            }
        }
        return StreamListing.reply(rows)
    }

    /// The name a person knows the stream's app by: the `application.name` the app set (paplay's
    /// "paplay", not its binary "pacat"), else its first identifier. Rules keep matching the
    /// identifiers, binary included.
    static func applicationName(of info: StreamInfo) -> String {
        if let name = info.properties["application.name"], !name.isEmpty { return name }
        return info.app.identifiers.first ?? ""
    }

    /// `ExplainStream`: why a stream is as it is, for a stream `scope` lets the caller see; of
    /// the others a sandboxed caller learns no more than of a stream that does not exist. What
    /// acts on its own stream (a ducking session's id, the rule) it may know: it is why its app
    /// is ducked or silenced.
    func explainStream(_ id: StreamID, in scope: QueryScope) throws(BusError) -> BusArguments {
        let catalog = self.catalog
        let found = coordinator.read { view -> StreamExplanation? in
            guard catalog.streams[id].map({ scope.includes($0, sessions: view.registry) }) ?? !scope.caller.isSandboxed else { return nil }
            return view.engine.explanation(of: id)
        }
        guard let explanation = found else {
            throw BusError(.noSuchStream, "no stream \(UntrustedText.excerpt(id.rawValue)); ListStreams shows the live ones")
        }
        // Why the stream's session token did not tie it to its session, when it carried one it may not use.
        let refusal = catalog.streams[id]?.properties[StreamTranslation.tokenRefusedProperty].map { " (\($0))" } ?? ""
        return StreamExplanationReply(
            effect: AgentWireNames.effect(explanation.effect), level: AgentWireNames.level(explanation.effect),
            role: explanation.role.name, participant: AgentWireNames.participant(explanation.participant),
            excludedBecause: explanation.excludedBecause ?? "",
            duckedBy: explanation.duckedBy.sorted { $0.key < $1.key }.map { who, level in
                StreamExplanationReply.Ducking(participant: AgentWireNames.participant(who), level: level)
            },
            silencedBy: explanation.silencedBy.sorted { $0.key < $1.key }.map { who, cause in
                StreamExplanationReply.Silencing(participant: AgentWireNames.participant(who), cause: cause.rawValue)
            },
            interruptedBy: explanation.sessionInterruptedBy.sorted().map(AgentWireNames.participant),
            policyEnabled: explanation.policyEnabled, summary: explanation.description + refusal
        ).arguments
    }
}
