@testable import AudioSessionTesting
import Foundation
import Testing

/// A test that waits for a process that never ends must fail on its own, not hold the test run.
@Suite("Child process")
struct ChildProcessTests {
    @Test("a process that outlives the wait's limit is ended, and its status says how")
    func hungProcessIsEnded() async throws {
        try await withTemporaryDirectory { scratch in
            let endless = try ChildProcess(["sleep", "600"], environment: ProcessInfo.processInfo.environment, outputDirectory: scratch)
            defer { endless.kill() }

            let status = await endless.waitForExit(hungAfter: .milliseconds(300))
            #expect(status == 128 + SIGTERM, "sleep ends on the SIGTERM of a hung wait")
            #expect(!endless.isRunning)
        }
    }

    @Test("a process that ends within the limit gives its own status")
    func endingProcessGivesItsStatus() async throws {
        try await withTemporaryDirectory { scratch in
            let quick = try ChildProcess(["sh", "-c", "exit 3"], environment: ProcessInfo.processInfo.environment, outputDirectory: scratch)

            #expect(await quick.waitForExit(hungAfter: .seconds(60)) == 3)
            #expect(await quick.waitForExit() == 3, "a second wait gives the same status at once")
        }
    }
}
