import AudioSessionTesting
import Foundation

/// A call that declares nothing, as a browser's WebRTC call (`Tests/Clients/capture-call.c`, built
/// here with cc and pkg-config libpulse): one process plays a role-less stream and, on request,
/// records from `source` on the same connection.
struct CaptureCallClient {
    let process: ChildProcess

    /// Builds the client into the rig's directory and starts it; returns once its stream plays.
    static func start(_ name: String, source: String, in rig: AgentRig) async throws -> CaptureCallClient {
        let binary = rig.directory + "/capture-call"
        if !FileManager.default.isExecutableFile(atPath: binary) {
            var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
            parts.removeLast(2)
            let source = parts.joined(separator: "/") + "/Clients/capture-call.c"
            let flags = try await rig.server.tool("pkg-config", ["--cflags", "--libs", "libpulse"])
            let words = flags.split(whereSeparator: \.isWhitespace).map(String.init)
            _ = try await rig.server.tool("cc", ["-O2", "-Wall", "-Wextra", "-o", binary, source] + words + ["-lm"])
        }
        let client = CaptureCallClient(process: try rig.server.spawn(binary, [name, source]))
        try await client.waitForOutput("playing", count: 1, "the capture-call client plays")
        return client
    }

    /// Opens the capture stream (its `nth` opening) and waits until the server has it.
    func openCapture(nth: Int = 1) async throws {
        process.signal(SIGUSR1)
        try await waitForOutput("capturing", count: nth, "the capture-call client records")
    }

    /// Closes the capture stream (its `nth` closing) and waits until the server has let it go.
    func closeCapture(nth: Int = 1) async throws {
        process.signal(SIGUSR2)
        try await waitForOutput("closed", count: nth, "the capture-call client's capture is closed")
    }

    private func waitForOutput(_ line: String, count: Int, _ what: String) async throws {
        try await waitUntil(what) {
            guard process.isRunning else { throw Exited(status: await process.waitForExit(), log: process.standardError) }
            return process.standardOutput.split(separator: "\n").filter { $0 == line }.count >= count
        }
    }

    struct Exited: Error, CustomStringConvertible {
        var status: Int32
        var log: String
        var description: String { "the capture-call client exited with status \(status): \(log)" }
    }
}
