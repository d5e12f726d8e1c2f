import AudioSessionContract
import AudioPolicy
import AudioSessionBus
import AudioSessionModel

extension AgentBusService {
    func agentStatus() -> BusArguments {
        let status = self.status.current
        let enabled = coordinator.read { $0.engine.state.policy.enabled }
        return [
            .string(status.agentVersion), .string(status.backend), .string(status.server),
            .boolean(status.mediaServicesAvailable), .string(status.policySource), .boolean(enabled),
        ]
    }

    /// `ListSessions`: the sessions `scope` lets the caller see.
    func listSessions(in scope: QueryScope) -> BusArguments {
        let rows = coordinator.read { view in
            view.registry.sessions.filter(scope.includes).map { session -> BusValue in
                let configuration = session.configuration
                return .structure([
                    .string(session.id.rawValue), .string(session.owner.uniqueName),
                    .uint32(session.owner.processID.flatMap { UInt32(exactly: $0) } ?? 0),
                    .uint32(session.owner.userID ?? UInt32.max),
                    .string(session.app.applicationID ?? ""),
                    .string(configuration.category.kebabName), .string(configuration.mode.kebabName),
                    .array(element: .string, configuration.options.kebabNames.map(BusValue.string)),
                    .string((view.engine.activity(of: session.id) ?? .inactive).rawValue),
                ])
            }
        }
        return [
            .array(
                element: .structure([.string, .string, .uint32, .uint32, .string, .string, .string, .array(.string), .string]),
                rows)
        ]
    }

    /// `ListStreams`: the streams `scope` lets the caller see.
    func listStreams(in scope: QueryScope) -> BusArguments {
        let catalog = self.catalog
        let rows = coordinator.read { view in
            let visible = catalog.streams.values.filter { scope.includes($0, sessions: view.registry) }
            return visible.sorted { $0.id < $1.id }.map { info -> BusValue in
                let explanation = view.engine.explanation(of: info.id)
                let effect = explanation?.effect ?? .playing
                return .structure([
                    .string(info.id.rawValue), .string(AgentWireNames.direction(info.direction)),
                    .string(explanation?.role.name ?? "none"), .string(Self.applicationName(of: info)),
                    .string(info.session?.rawValue ?? ""), .boolean(info.isSounding),
                    .string(AgentWireNames.effect(effect)), .double(AgentWireNames.level(effect)),
                    .string(AgentWireNames.silenceCause(effect)),
                ])
            }
        }
        return [
            .array(
                element: .structure([.string, .string, .string, .string, .string, .boolean, .string, .double, .string]),
                rows)
        ]
    }

    /// The name a person knows the stream's app by: the `application.name` the app set (paplay's
    /// "paplay", not its binary "pacat"), else its first identifier. Rules keep matching the
    /// identifiers, binary included.
    static func applicationName(of info: StreamInfo) -> String {
        if let name = info.properties["application.name"], !name.isEmpty { return name }
        return info.app.identifiers.first ?? ""
    }

    func explainStream(_ id: StreamID) throws(BusError) -> BusArguments {
        guard let explanation = coordinator.read({ $0.engine.explanation(of: id) }) else {
            throw BusError(.noSuchStream, "no stream \(UntrustedText.excerpt(id.rawValue)); ListStreams shows the live ones")
        }
        let duckedBy = explanation.duckedBy.sorted { $0.key < $1.key }.map { who, level in
            BusValue.structure([.string(AgentWireNames.participant(who)), .double(level)])
        }
        // Why the stream's session token did not tie it to its session, when it carried one it may not use.
        let refusal = catalog.streams[id]?.properties[StreamTranslation.tokenRefusedProperty].map { " (\($0))" } ?? ""
        let silencedBy = explanation.silencedBy.sorted { $0.key < $1.key }.map { who, cause in
            BusValue.structure([.string(AgentWireNames.participant(who)), .string(cause.rawValue)])
        }
        return [
            .string(AgentWireNames.effect(explanation.effect)), .double(AgentWireNames.level(explanation.effect)),
            .string(explanation.role.name), .string(AgentWireNames.participant(explanation.participant)),
            .string(explanation.excludedBecause ?? ""),
            .array(element: .structure([.string, .double]), duckedBy),
            .array(element: .structure([.string, .string]), silencedBy),
            .array(element: .string, explanation.sessionInterruptedBy.sorted().map { .string(AgentWireNames.participant($0)) }),
            .boolean(explanation.policyEnabled), .string(explanation.description + refusal),
        ]
    }
}
