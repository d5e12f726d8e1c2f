import AudioSessionBus
import AudioSessionTesting
import Testing

@Suite("D-Bus: the bus going away")
struct BusGoneTests {
    @Test("when the bus dies, the process lives on: sequences end, the connection reports closed, calls fail")
    func busDies() async throws {
        let rig = try await BusTestRig.start()
        defer { rig.stop() }
        var signals = try await rig.client.signals(matching: BusMatchRule(interface: BusTestRig.interface))
            .makeAsyncIterator()
        rig.bus.stop()
        #expect(await signals.next() == nil)
        try await waitUntil("the client sees the bus gone") { !rig.client.isConnected }
        let error = await #expect(throws: BusError.self) { try await rig.callTest("Echo") }
        #expect(error?.name == .disconnected)
        try await waitUntil("the service sees the bus gone") { !rig.service.isConnected }
        #expect(throws: BusError.self) {
            try rig.service.emitSignal(path: BusTestRig.path, interface: BusTestRig.interface, name: "Late")
        }
    }
}
