import AudioSessionTesting
import PipeWireBackend
import SoundServer
import Synchronization
import Testing

/// What the PipeWire backend tells ``ServerLoopThreads``: the agent's loop isolation trusts it to
/// say when a thread is inside a loop.
@Suite("PipeWire loop threads", .serialized)
struct PipeWireLoopThreadsTests {
    @Test("a caller is inside the loop only while it holds the lock; the loop's own thread always is", .timeLimit(.minutes(1)))
    func insideOnlyWhereTheLockIsHeld() async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        let connection = try await PipeWireConnection.connect(remote: try pipewire.remote, applicationName: "loop-threads")
        defer { connection.close() }
        #expect(!ServerLoopThreads.isInsideALoop, "a test's thread holds no loop lock")
        #expect(connection.withLoopLocked { ServerLoopThreads.isInsideALoop })
        #expect(connection.withLoopLocked { connection.withLoopLocked { ServerLoopThreads.isInsideALoop } }, "nested")
        #expect(!ServerLoopThreads.isInsideALoop, "the count ends with the call")

        let seenOnLoop = Mutex<Bool?>(nil)
        let timer = PipeWireLoopTimer(on: connection) { seenOnLoop.withLock { $0 = ServerLoopThreads.isInsideALoop } }
        connection.withLoopLocked { timer.arm(after: .zero) }
        try await waitUntil("the timer fired on the loop thread") { seenOnLoop.withLock { $0 } != nil }
        #expect(seenOnLoop.withLock { $0 } == true)
    }
}
