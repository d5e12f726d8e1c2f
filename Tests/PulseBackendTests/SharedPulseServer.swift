import AudioSessionTesting
import Testing

/// Starts one minimal private PulseAudio for a whole suite and stops it after the suite's last
/// test; the suite's tests reach it through ``current``.
struct SharedPulseServer: SuiteTrait, TestScoping {
    @TaskLocal static var current: PrivatePulseAudio?

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        try await Self.$current.withValue(pulse) { try await function() }
    }

    /// The server of the running suite.
    static func server() throws -> PrivatePulseAudio {
        try #require(current, "the suite needs the .sharedPulseServer trait")
    }
}

extension Trait where Self == SharedPulseServer {
    /// One private PulseAudio for the whole suite.
    static var sharedPulseServer: SharedPulseServer { SharedPulseServer() }
}
