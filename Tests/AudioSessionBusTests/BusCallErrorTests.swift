import AudioSessionBus
import AudioSessionTesting
import Synchronization
import Testing

@Suite("D-Bus calls: connection failures and error replies")
struct BusCallErrorTests {
    @Test("connecting to a bus that does not exist says which address failed")
    func missingBus() async throws {
        let bus = try await PrivateDBus.start()
        let address = "unix:path=\(bus.directory)/no-such-bus"
        defer { bus.stop() }
        let error = #expect(throws: BusError.self) { try BusConnection(address: address) }
        #expect(error?.message.contains(address) == true)
        #expect(error?.message.contains("No such file") == true)
        #expect(error?.name.rawValue.hasPrefix("org.freedesktop.DBus.Error.") == true)
    }

    @Test("an address that is not an address is refused with BadAddress")
    func malformedAddress() {
        let error = #expect(throws: BusError.self) { try BusConnection(address: "not-an-address") }
        #expect(error?.name == "org.freedesktop.DBus.Error.BadAddress")
    }

    @Test("a handler's error arrives with its name and message")
    func errorReply() async throws {
        let rig = try await BusTestRig.start()
        defer { rig.stop() }
        let error = await #expect(throws: BusError.self) { try await rig.callTest("Fail") }
        #expect(error == BusError(BusTestRig.refusedError, "refused on purpose"))
    }

    @Test("a call that wants a file descriptor but gets another reply says what came")
    func descriptorExpected() async throws {
        let rig = try await BusTestRig.start()
        defer { rig.stop() }
        let error = await #expect(throws: BusError.self) {
            try await rig.serving {
                try await rig.client.callTakingDescriptor(
                    destination: rig.service.uniqueName, path: BusTestRig.path, interface: BusTestRig.interface,
                    method: "Greet", arguments: [.string("fd")], timeout: .seconds(10))
            }
        }
        #expect(error == BusError(.invalidArgs, "expected a reply of one file descriptor (h), found (s)"))
    }

    @Test("a wrong argument type gets InvalidArgs saying what was expected and what came")
    func wrongArgumentType() async throws {
        let rig = try await BusTestRig.start()
        defer { rig.stop() }
        let error = await #expect(throws: BusError.self) {
            try await rig.serving { try await rig.callTest("Greet", [.int32(7)]) }
        }
        #expect(error == BusError(.invalidArgs, "argument 1: expected string (s), got int32 (i)"))
        let missing = await #expect(throws: BusError.self) {
            try await rig.serving { try await rig.callTest("Greet", []) }
        }
        #expect(missing == BusError(.invalidArgs, "expected 1 argument (s), got 0 ()"))
        let greeting = try await rig.serving { try await rig.callTest("Greet", [.string("bus")]) }
        #expect(greeting == [.string("hello bus")])
    }

    @Test("an unknown method, interface or object gets the matching standard error")
    func unknownTargets() async throws {
        let rig = try await BusTestRig.start()
        defer { rig.stop() }
        let method = await #expect(throws: BusError.self) { try await rig.callTest("NoSuchMethod") }
        #expect(method?.name == .unknownMethod)
        #expect(method?.message.contains("NoSuchMethod") == true)
        #expect(method?.message.hasSuffix("; it has Echo, EchoAsync, Fail, Greet, Record, RecordAsync, Stall, WhoAmI") == true, "\(method?.message ?? "")")
        let interface = await #expect(throws: BusError.self) {
            try await rig.client.call(
                destination: rig.service.uniqueName, path: BusTestRig.path, interface: "org.audiosession.Nope1",
                method: "Echo")
        }
        #expect(interface?.name == .unknownInterface)
        let object = await #expect(throws: BusError.self) {
            try await rig.client.call(
                destination: rig.service.uniqueName, path: "/org/audiosession/Nowhere", interface: BusTestRig.interface,
                method: "Echo")
        }
        #expect(object?.name == .unknownObject)
    }

    @Test("a call without a reply in time fails with NoReply")
    func timeout() async throws {
        let rig = try await BusTestRig.start()
        defer { rig.stop() }
        let error = await #expect(throws: BusError.self) {
            try await rig.serving { try await rig.callTest("Stall", timeout: .milliseconds(200)) }
        }
        #expect(error?.name == .noReply)
    }

    @Test("closing a connection fails its waiting calls with Disconnected")
    func closeFailsWaitingCalls() async throws {
        let rig = try await BusTestRig.start()
        defer { rig.stop() }
        try await rig.serving {
            try await withThrowingTaskGroup(of: BusError?.self) { group in
                group.addTask {
                    do {
                        _ = try await rig.callTest("Stall", timeout: .seconds(30))
                        return nil
                    } catch let error as BusError {
                        return error
                    }
                }
                try await waitUntil("the stalling call reached its handler") { rig.state.stallsStarted.withLock { $0 } == 1 }
                rig.client.close()
                let error = try await group.next() ?? nil
                #expect(error?.name == .disconnected)
            }
        }
        #expect(!rig.client.isConnected)
        let after = await #expect(throws: BusError.self) { try await rig.callTest("Echo") }
        #expect(after?.name == .disconnected)
    }
}
