import AudioSessionTesting
import PulseBackend
import SoundServer
import Synchronization
import Testing

/// What the pulse backend tells ``ServerLoopThreads``: the agent's loop isolation trusts it to
/// say when a thread is inside a loop.
@Suite("Pulse loop threads", .serialized, .sharedPulseServer)
struct PulseLoopThreadsTests {
    @Test("a caller is inside the loop only while it holds the lock; the loop's own thread always is")
    func insideOnlyWhereTheLockIsHeld() async throws {
        let pulse = try SharedPulseServer.server()
        let connection = try await PulseConnection.connect(server: pulse.serverAddress)
        defer { connection.disconnect() }
        #expect(!ServerLoopThreads.isInsideALoop, "a test's thread holds no loop lock")
        #expect(connection.withLoopLocked { ServerLoopThreads.isInsideALoop })
        #expect(connection.withLoopLocked { connection.withLoopLocked { ServerLoopThreads.isInsideALoop } }, "nested")
        #expect(!ServerLoopThreads.isInsideALoop, "the count ends with the call")

        let seenOnLoop = Mutex<Bool?>(nil)
        let timer = PulseLoopTimer(on: connection) { seenOnLoop.withLock { $0 = ServerLoopThreads.isInsideALoop } }
        timer.arm(after: .zero)
        try await waitUntil("the timer fired on the loop thread") { seenOnLoop.withLock { $0 } != nil }
        #expect(seenOnLoop.withLock { $0 } == true)
    }
}
