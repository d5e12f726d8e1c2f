import AudioSessionContract

/// What `status` shows: the agent's status, its sessions and its streams.
struct StatusReport {
    var agent: StatusReply
    var sessions: [SessionRow]
    var streams: [StreamListing]
    /// Why the policy leaves a stream alone, by stream id, for the excluded ones.
    var exclusions: [String: String] = [:]

    /// Reads everything from the agent. `ListSessions` does not say who interrupts a session nor
    /// `ListStreams` which streams the policy excludes, so every stream is explained once.
    static func read(from client: AgentClient) async throws(CtlFailure) -> StatusReport {
        let agent = try await client.status()
        var sessions = try await client.sessions()
        let streams = try await client.streams()
        for index in sessions.indices {
            if let processing = try await client.inputProcessing(of: sessions[index].listing.session) {
                sessions[index].inputProcessing = processing
            }
        }
        var explanations: [String: StreamExplanationReply] = [:]
        for stream in streams {
            // A stream that ended between the two calls simply has no explanation.
            explanations[stream.stream] = try? await client.explain(stream: stream.stream)
        }
        for index in sessions.indices where sessions[index].listing.activity == "interrupted" {
            guard let stream = streams.first(where: { $0.session == sessions[index].listing.session }),
                let explanation = explanations[stream.stream]
            else { continue }
            sessions[index].interruptedBy = explanation.interruptedBy
        }
        let exclusions = explanations.compactMapValues { $0.excludedBecause.isEmpty ? nil : $0.excludedBecause }
        return StatusReport(agent: agent, sessions: sessions, streams: streams, exclusions: exclusions)
    }

    var json: JSONValue {
        .object([
            ("agent", agent.json), ("sessions", .array(sessions.map(\.json))),
            ("streams", .array(streams.map { $0.json(excludedBecause: exclusions[$0.stream] ?? "") })),
        ])
    }

    var table: String {
        var lines = [
            UntrustedText.displayable("agent \(agent.agentVersion), backend \(agent.backend), server \(agent.server)")
                + (agent.mediaServicesAvailable ? "" : " (unreachable)"),
            UntrustedText.displayable("policy \(agent.policySource)") + (agent.policyEnabled ? "" : " (disabled: observing only)"),
            "",
        ]
        if sessions.isEmpty {
            lines.append("no sessions")
        } else {
            lines += TextTable(
                header: ["SESSION", "APP", "PID", "CATEGORY", "MODE", "OPTIONS", "ACTIVITY", "INTERRUPTED-BY", "INPUT-PROCESSING"],
                rows: sessions.map { session in
                    [
                        session.listing.session, session.listing.applicationID.isEmpty ? "-" : session.listing.applicationID,
                        session.listing.processID == 0 ? "-" : "\(session.listing.processID)", session.listing.category,
                        session.listing.mode, session.listing.options.isEmpty ? "-" : session.listing.options.joined(separator: ","),
                        session.listing.activity,
                        session.interruptedBy.isEmpty ? "-" : session.interruptedBy.joined(separator: ","),
                        session.inputProcessing,
                    ]
                }
            ).lines
        }
        lines.append("")
        if streams.isEmpty {
            lines.append("no streams")
        } else {
            lines += TextTable(
                header: ["STREAM", "DIRECTION", "ROLE", "APP", "SESSION", "SOUNDING", "EFFECT"],
                rows: streams.map { stream in
                    [
                        stream.stream, stream.direction, stream.role, stream.application.isEmpty ? "-" : stream.application,
                        stream.session.isEmpty ? "-" : stream.session, stream.sounding ? "yes" : "no",
                        exclusions[stream.stream] ?? Self.effect(of: stream),
                    ]
                }
            ).lines
        }
        return lines.joined(separator: "\n")
    }

    private static func effect(of stream: StreamListing) -> String {
        switch stream.effect {
        case "ducked": "ducked to \(Int((stream.level * 100).rounded()))%"
        case "silenced": stream.silenceCause.isEmpty ? "silenced" : "silenced (\(stream.silenceCause))"
        default: stream.effect
        }
    }
}
