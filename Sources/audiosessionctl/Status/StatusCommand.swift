import ArgumentParser

/// `audiosessionctl status [--json]`: the agent, its sessions and the streams it polices.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show the agent's sessions and streams with what policy does to them.",
        discussion: """
            Sessions: id, application, category, mode, options, activity and, for an interrupted \
            session, who interrupts it. Streams: id (what `explain` takes), direction, role, \
            application, session, whether it sounds, and its effect (playing, ducked to a level, \
            silenced and why). Exits 69 when the agent is not running.
            """)

    @OptionGroup var output: OutputOptions
    @OptionGroup var agent: AgentOptions

    func run() async throws {
        do {
            let client = try agent.connect()
            defer { client.close() }
            let report = try await StatusReport.read(from: client)
            print(output.json ? report.json.text : report.table)
        } catch {
            throw error.report()
        }
    }
}
