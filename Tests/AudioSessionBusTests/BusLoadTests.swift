import AudioSessionBus
import AudioSessionTesting
import Testing

@Suite("D-Bus under load: many calls at once, messages larger than the socket buffer")
struct BusLoadTests {
    @Test("200 concurrent calls each get their own reply")
    func concurrentCalls() async throws {
        let rig = try await BusTestRig.start()
        defer { rig.stop() }
        let replies = try await rig.serving {
            try await withThrowingTaskGroup(of: (UInt32, BusArguments).self) { group in
                for index in UInt32(0)..<200 {
                    group.addTask { (index, try await rig.callTest(index.isMultiple(of: 2) ? "Echo" : "EchoAsync", [.uint32(index)])) }
                }
                var replies: [UInt32: BusArguments] = [:]
                for try await (index, reply) in group { replies[index] = reply }
                return replies
            }
        }
        #expect(replies.count == 200)
        #expect(replies.allSatisfy { $0.value == [.uint32($0.key)] })
    }

    @Test("a 1 MiB message goes out and comes back whole (partial writes through the write watch)")
    func largeMessage() async throws {
        let rig = try await BusTestRig.start()
        defer { rig.stop() }
        let bytes = (0..<(1 << 20)).map { BusValue.byte(UInt8(truncatingIfNeeded: $0 &* 31)) }
        let large: BusArguments = [.array(element: .byte, bytes), .string(String(repeating: "x", count: 100_000))]
        let reply = try await rig.callTest("Echo", large, timeout: .seconds(60))
        #expect(reply == large)
    }
}
