import AudioSessionContract
import ArgumentParser

/// `audiosessionctl explain STREAM`: why a stream is in its state.
struct ExplainCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain why a stream is playing, ducked or silenced: which rule, which session.",
        discussion: """
            STREAM is the agent's stream id, as `audiosessionctl status` lists it. Exits 64 when no \
            stream has that id, 69 when the agent is not running.
            """)

    @Argument(help: ArgumentHelp("The stream's id, as `status` lists it.", valueName: "stream"))
    var stream: String

    @OptionGroup var output: OutputOptions
    @OptionGroup var agent: AgentOptions

    func validate() throws {
        guard !stream.isEmpty, !stream.contains(where: \.isWhitespace) else {
            throw ValidationError("STREAM is an id without spaces, as `audiosessionctl status` lists it")
        }
    }

    func run() async throws {
        do {
            let client = try agent.connect()
            defer { client.close() }
            let explanation = try await client.explain(stream: stream)
            if output.json {
                print(explanation.json(stream: stream).text)
            } else {
                // The summary's first line names the stream and its effect already.
                let lines = explanation.summary.split(separator: "\n", omittingEmptySubsequences: false)
                print(lines.map { UntrustedText.displayable(String($0)) }.joined(separator: "\n"))
            }
        } catch {
            throw error.report()
        }
    }
}
