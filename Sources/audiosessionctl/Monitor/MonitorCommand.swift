import ArgumentParser
import AudioSessionBus

/// `audiosessionctl monitor [--json]`: the agent's signals, live, one line per event.
struct MonitorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "monitor",
        abstract: "Print the agent's events as they happen: session and stream state, route changes, media services.",
        discussion: """
            One line per event: `session-state session=3 activity=interrupted rule=...`; with --json \
            one JSON object per line, its kind in "event". Kinds: session-state, stream-state, \
            route-change (session, reason, previous and current route: `previous=out:speaker,in:-`), \
            media-services-lost, media-services-reset (broadcast), and interruption-began, \
            interruption-ended, route-changed, secondary-audio-hint when the agent sends them to \
            this connection. Runs until SIGINT or SIGTERM (exit 0) or until the agent goes away \
            (exit 1). Exits 69 when the agent is not running at the start.
            """)

    @OptionGroup var output: OutputOptions
    @OptionGroup var agent: AgentOptions

    func run() async throws {
        do {
            try await monitor()
        } catch {
            throw error.report()
        }
    }

    private enum Ending: Sendable {
        case signalled
        case agentGone
        case busGone
    }

    private func monitor() async throws(CtlFailure) {
        let client = try agent.connect()
        defer { client.close() }
        let events = try await client.sessionSignals()
        let owners = try await client.agentOwnerChanges()
        // Checked after subscribing, so an agent that leaves in between is still noticed.
        guard try await client.isAgentRunning() else {
            throw CtlFailure(AgentClient.notRunningMessage, exitCode: CtlExitCode.unavailable)
        }
        let signals = TerminationSignals()
        let json = output.json
        let ending = await withTaskGroup(of: Ending?.self) { group in
            group.addTask {
                for await event in events {
                    let line = json ? AgentEvent(event).jsonLine : AgentEvent(event).textLine
                    StandardOutput.print(line)
                }
                return .busGone
            }
            group.addTask {
                for await change in owners where change.newOwner == nil { return .agentGone }
                return .busGone
            }
            group.addTask {
                for await _ in signals { return .signalled }
                return nil
            }
            var ending = Ending.busGone
            for await finished in group {
                if let finished {
                    ending = finished
                    break
                }
            }
            group.cancelAll()
            return ending
        }
        switch ending {
        case .signalled: return
        case .agentGone: throw CtlFailure("audiosessiond left the session bus", exitCode: 1)
        case .busGone: throw CtlFailure("lost the session bus", exitCode: 1)
        }
    }
}
