import AudioSessionTesting
import Foundation

/// A player whose stream title keeps changing, as Firefox's does (`Tests/Clients/title-churn.c`):
/// SIGUSR1 renames its stream 20 times, 20 ms apart, and it prints "churned N" once the server
/// acknowledged them; SIGUSR2 corks it (a player that paused) and it prints "corked".
struct TitleChurnClient {
    let process: ChildProcess

    /// Builds the client for the rig's server and starts it; returns once its stream plays.
    static func start(_ name: String, properties: [String: String], in rig: AgentRig) async throws -> TitleChurnClient {
        let binary = try await rig.server.buildTestClient("title-churn")
        let arguments = [name] + properties.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let client = TitleChurnClient(process: try rig.server.spawn(binary, arguments))
        try await client.process.waitForLine("ready", "the title-churn client plays")
        return client
    }

    /// Renames the stream 20 times and waits until the server acknowledged every rename.
    func churn(total: Int) async throws {
        process.signal(SIGUSR1)
        try await process.waitForLine("churned \(total)", "the server acknowledged \(total) renames")
    }

    /// Corks the stream, as a player that paused does, and waits until the server did it.
    func cork() async throws {
        process.signal(SIGUSR2)
        try await process.waitForLine("corked", "the title-churn client's stream is corked")
    }
}
