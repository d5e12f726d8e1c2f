import AudioSessionTesting
import Foundation

/// A player whose stream title keeps changing, as Firefox's does (`Tests/Clients/title-churn.c`,
/// built here with cc and pkg-config libpulse): SIGUSR1 renames its stream 20 times, 20 ms apart,
/// and it prints "churned N" once the server acknowledged them; SIGUSR2 corks it (a player that
/// paused) and it prints "corked".
struct TitleChurnClient {
    let process: ChildProcess

    /// Builds the client into the rig's directory and starts it; returns once its stream plays.
    static func start(_ name: String, properties: [String: String], in rig: AgentRig) async throws -> TitleChurnClient {
        let binary = rig.directory + "/title-churn"
        if !FileManager.default.isExecutableFile(atPath: binary) {
            var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
            parts.removeLast(2)
            let source = parts.joined(separator: "/") + "/Clients/title-churn.c"
            let flags = try await rig.server.tool("pkg-config", ["--cflags", "--libs", "libpulse"])
            let words = flags.split(whereSeparator: \.isWhitespace).map(String.init)
            _ = try await rig.server.tool("cc", ["-O2", "-Wall", "-Wextra", "-o", binary, source] + words + ["-lm"])
        }
        let arguments = [name] + properties.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let client = TitleChurnClient(process: try rig.server.spawn(binary, arguments))
        try await client.waitForOutput("ready", "the title-churn client plays")
        return client
    }

    /// Renames the stream 20 times and waits until the server acknowledged every rename.
    func churn(total: Int) async throws {
        process.signal(SIGUSR1)
        try await waitForOutput("churned \(total)", "the server acknowledged \(total) renames")
    }

    /// Corks the stream, as a player that paused does, and waits until the server did it.
    func cork() async throws {
        process.signal(SIGUSR2)
        try await waitForOutput("corked", "the title-churn client's stream is corked")
    }

    private func waitForOutput(_ line: String, _ what: String) async throws {
        try await waitUntil(what) {
            guard process.isRunning else { throw Exited(status: await process.waitForExit(), log: process.standardError) }
            return process.standardOutput.split(separator: "\n").contains { $0 == line }
        }
    }

    struct Exited: Error, CustomStringConvertible {
        var status: Int32
        var log: String
        var description: String { "the title-churn client exited with status \(status): \(log)" }
    }
}
