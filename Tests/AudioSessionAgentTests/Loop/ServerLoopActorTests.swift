import SoundServer
import Testing

@testable import AudioSessionAgent

/// The door into the agent's loop isolation: open where a loop's lock is held, shut anywhere else
/// (a part reached from a thread inside no loop would race with the loop thread; the runtime stops
/// the agent there instead, with a message saying why).
@Suite("The server loop's isolation")
struct ServerLoopActorTests {
    @Test("code holding a loop's lock enters the isolation")
    func enteredUnderTheLock() {
        let entered = ServerLoopThreads.whileLocked { ServerLoopActor.assumeIsolated { true } }
        #expect(entered)
    }

    @Test("the executor claims a thread only while it is inside a loop")
    func executorAnswers() {
        let executor = ServerLoopExecutor.shared
        #expect(executor.isIsolatingCurrentContext() == false, "a test's thread is inside no loop")
        #expect(ServerLoopThreads.whileLocked { executor.isIsolatingCurrentContext() } == true)
        #expect(ServerLoopThreads.whileLocked { ServerLoopThreads.whileLocked { executor.isIsolatingCurrentContext() } } == true)
        #expect(executor.isIsolatingCurrentContext() == false, "the count ends with the call")
    }

    @Test("entering the isolation from a thread inside no loop stops the process, saying why")
    func outsideEveryLoopStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = ServerLoopActor.assumeIsolated { true }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("not inside a sound server loop"), "the standard error: \(message)")
    }

    @Test("an async job sent to the loop's executor stops the process, saying why")
    func asyncJobStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await Task { @ServerLoopActor in _ = 1 }.value
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("an async job was sent to the server loop's executor"), "the standard error: \(message)")
    }
}
