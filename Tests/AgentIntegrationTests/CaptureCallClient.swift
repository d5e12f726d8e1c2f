import AudioSessionTesting
import Foundation

/// A call that declares nothing, as a browser's WebRTC call (`Tests/Clients/capture-call.c`): one
/// process plays a role-less stream and, on request, records from `source` on the same connection.
struct CaptureCallClient {
    let process: ChildProcess

    /// Builds the client for the rig's server and starts it; returns once its stream plays.
    static func start(_ name: String, source: String, in rig: AgentRig) async throws -> CaptureCallClient {
        let binary = try await rig.server.buildTestClient("capture-call")
        let client = CaptureCallClient(process: try rig.server.spawn(binary, [name, source]))
        try await client.process.waitForLine("playing", "the capture-call client plays")
        return client
    }

    /// Opens the capture stream (its `nth` opening) and waits until the server has it.
    func openCapture(nth: Int = 1) async throws {
        process.signal(SIGUSR1)
        try await process.waitForLine("capturing", count: nth, "the capture-call client records")
    }

    /// Replaces the playback stream as Firefox does (the old one closes, then a new one opens:
    /// its `nth` replacement) and waits until the new one plays.
    func replacePlayback(nth: Int = 1) async throws {
        process.signal(SIGHUP)
        try await process.waitForLine("playing", count: nth + 1, "the capture-call client plays its new stream")
    }

    /// Closes the capture stream (its `nth` closing) and waits until the server has let it go.
    func closeCapture(nth: Int = 1) async throws {
        process.signal(SIGUSR2)
        try await process.waitForLine("closed", count: nth, "the capture-call client's capture is closed")
    }
}
