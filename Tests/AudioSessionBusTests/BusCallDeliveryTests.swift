import AudioSessionBus
import AudioSessionTesting
import Synchronization
import Testing

@Suite("D-Bus calls: fire-and-forget, cancellation, calls waiting for serve()")
struct BusCallDeliveryTests {
    @Test("a fire-and-forget call reaches the handler, in order with later calls")
    func fireAndForget() async throws {
        let rig = try await BusTestRig.start()
        defer { rig.stop() }
        for index in 1...3 {
            try rig.client.send(
                destination: rig.service.uniqueName, path: BusTestRig.path, interface: BusTestRig.interface,
                method: "Record", arguments: [.uint32(UInt32(index))])
        }
        try await waitUntil("the three calls were recorded") { rig.state.recorded.withLock { $0.count } == 3 }
        #expect(rig.state.recorded.withLock { $0 } == [[.uint32(1)], [.uint32(2)], [.uint32(3)]])
    }

    @Test("cancelling the calling task ends the call with CancellationError")
    func cancellation() async throws {
        let rig = try await BusTestRig.start()
        defer { rig.stop() }
        try await rig.serving {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    await #expect(throws: CancellationError.self) { try await rig.callTest("Stall", timeout: .seconds(30)) }
                }
                try await waitUntil("the stalling call reached its handler") { rig.state.stallsStarted.withLock { $0 } == 1 }
                group.cancelAll()
                try await group.waitForAll()
            }
            // The connection still works after a cancelled call.
            #expect(try await rig.callTest("Echo", [.string("still here")]) == [.string("still here")])
        }
    }

    @Test("async calls that arrive while nothing serves wait for serve() and are answered then")
    func callsWaitForServe() async throws {
        let rig = try await BusTestRig.start()
        defer { rig.stop() }
        try rig.client.send(
            destination: rig.service.uniqueName, path: BusTestRig.path, interface: BusTestRig.interface,
            method: "RecordAsync", arguments: [.string("early")])
        // Calls from one connection arrive in order: once this synchronous call is answered, the
        // service has received the async one.
        _ = try await rig.callTest("Echo")
        #expect(rig.state.recorded.withLock { $0 }.isEmpty)
        try await rig.serving {
            try await waitUntil("the waiting call was served") { rig.state.recorded.withLock { $0 } == [[.string("early")]] }
        }
    }
}
