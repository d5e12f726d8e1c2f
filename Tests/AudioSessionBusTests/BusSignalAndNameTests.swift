import AudioSessionBus
import AudioSessionTesting
import Testing

@Suite("D-Bus signals, match rules and name ownership")
struct BusSignalAndNameTests {
    @Test("a broadcast signal reaches a matching sequence; a unicast one reaches its destination")
    func signals() async throws {
        let rig = try await BusTestRig.start()
        defer { rig.stop() }
        let rule = BusMatchRule(sender: rig.service.uniqueName, interface: BusTestRig.interface, path: BusTestRig.path)
        var signals = try await rig.client.signals(matching: rule).makeAsyncIterator()
        try rig.service.emitSignal(
            path: BusTestRig.path, interface: BusTestRig.interface, name: "Ducked", arguments: [.string("music"), .double(0.3)])
        let broadcast = await signals.next()
        #expect(broadcast?.member == "Ducked")
        #expect(broadcast?.sender == rig.service.uniqueName)
        #expect(broadcast?.arguments == [.string("music"), .double(0.3)])
        #expect(broadcast?.destination == nil)

        try rig.service.emitSignal(
            path: BusTestRig.path, interface: BusTestRig.interface, name: "Interrupted", arguments: [.uint32(7)],
            destination: rig.client.uniqueName)
        let unicast = await signals.next()
        #expect(unicast?.member == "Interrupted")
        #expect(unicast?.destination == rig.client.uniqueName)
    }

    @Test("emitSignals sends a batch in order; one that cannot be built is left out and reported")
    func signalBatch() async throws {
        let rig = try await BusTestRig.start()
        defer { rig.stop() }
        let rule = BusMatchRule(sender: rig.service.uniqueName, interface: BusTestRig.interface, path: BusTestRig.path)
        var signals = try await rig.client.signals(matching: rule).makeAsyncIterator()
        let batch = [
            BusSignalEmission(path: BusTestRig.path, interface: BusTestRig.interface, name: "First", arguments: [.uint32(1)]),
            BusSignalEmission(path: BusTestRig.path, interface: BusTestRig.interface, name: "not a member name"),
            BusSignalEmission(
                path: BusTestRig.path, interface: BusTestRig.interface, name: "Second", arguments: [.uint32(2)],
                destination: rig.client.uniqueName),
        ]
        let error = #expect(throws: BusError.self) { try rig.service.emitSignals(batch) }
        #expect(error?.description.contains("not a member name") == true, "\(String(describing: error))")

        let first = await signals.next()
        let second = await signals.next()
        #expect(first?.member == "First")
        #expect(first?.arguments == [.uint32(1)])
        #expect(second?.member == "Second")
        #expect(second?.destination == rig.client.uniqueName)
    }

    @Test("emitSignals on a closed connection sends nothing and says the connection is closed")
    func signalBatchClosed() async throws {
        let rig = try await BusTestRig.start()
        defer { rig.stop() }
        rig.service.close()
        let error = #expect(throws: BusError.self) {
            try rig.service.emitSignals([BusSignalEmission(path: BusTestRig.path, interface: BusTestRig.interface, name: "Late")])
        }
        #expect(error?.name == .disconnected)
    }

    @Test("PropertiesChanged carries the interface, the new values and the invalidated names")
    func propertiesChanged() async throws {
        let rig = try await BusTestRig.start()
        defer { rig.stop() }
        var signals = try await rig.client.signals(
            matching: BusMatchRule(interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged")
        ).makeAsyncIterator()
        try rig.service.emitPropertiesChanged(
            path: BusTestRig.path, interface: BusTestRig.interface, changed: ["Volume": .double(0.5)], invalidated: ["Version"])
        let signal = try #require(await signals.next())
        let (interface, changed, invalidated) = try signal.arguments.decode(String.self, [String: BusVariant].self, [String].self)
        #expect(interface == BusTestRig.interface)
        #expect(changed == ["Volume": BusVariant(.double(0.5))])
        #expect(invalidated == ["Version"])
    }

    @Test("a signal the rule does not match is not delivered to it")
    func ruleFilters() async throws {
        let rig = try await BusTestRig.start()
        defer { rig.stop() }
        var ducked = try await rig.client.signals(
            matching: BusMatchRule(interface: BusTestRig.interface, member: "Ducked")
        ).makeAsyncIterator()
        try rig.service.emitSignal(path: BusTestRig.path, interface: BusTestRig.interface, name: "Other")
        try rig.service.emitSignal(path: BusTestRig.path, interface: BusTestRig.interface, name: "Ducked", arguments: [.byte(1)])
        // Signals from one sender arrive in order: the first one seen must be the second one sent.
        let first = await ducked.next()
        #expect(first?.member == "Ducked")
        #expect(first?.arguments == [.byte(1)])
    }

    @Test("closing the client connection tells the service through NameOwnerChanged")
    func clientGoesAway() async throws {
        let rig = try await BusTestRig.start()
        defer { rig.stop() }
        let clientName = rig.client.uniqueName
        var changes = try await rig.service.nameOwnerChanges(of: clientName).makeAsyncIterator()
        rig.client.close()
        let change = await changes.next()
        #expect(change?.name == clientName)
        #expect(change?.oldOwner == clientName)
        #expect(change?.newOwner == nil)
        #expect(change?.isDisconnection == true)
    }

    @Test("name ownership: owner, already owner, refused, queued, and the queue's turn")
    func nameOwnership() async throws {
        let rig = try await BusTestRig.start()
        defer { rig.stop() }
        let name = "org.audiosession.Test"
        #expect(try await rig.service.requestName(name, options: [.doNotQueue]) == .primaryOwner)
        #expect(try await rig.service.requestName(name) == .alreadyOwner)
        #expect(try await rig.client.requestName(name, options: [.doNotQueue]) == .exists)
        #expect(try await rig.client.requestName(name) == .inQueue)
        #expect(try await rig.client.nameOwner(of: name) == rig.service.uniqueName)

        var changes = try await rig.client.nameOwnerChanges(of: name).makeAsyncIterator()
        #expect(try await rig.service.releaseName(name) == .released)
        let handOver = await changes.next()
        #expect(handOver?.oldOwner == rig.service.uniqueName)
        #expect(handOver?.newOwner == rig.client.uniqueName)
        #expect(try await rig.service.releaseName(name) == .notOwner)
        #expect(try await rig.service.releaseName("org.audiosession.Nobody") == .nonExistent)

        let missing = await #expect(throws: BusError.self) { try await rig.service.nameOwner(of: "org.audiosession.Nobody") }
        #expect(missing?.name == .nameHasNoOwner)
    }

    @Test("the signal sequence ends when its connection closes")
    func sequenceEndsOnClose() async throws {
        let rig = try await BusTestRig.start()
        defer { rig.stop() }
        var signals = try await rig.client.signals(matching: BusMatchRule(interface: BusTestRig.interface))
            .makeAsyncIterator()
        rig.client.close()
        #expect(await signals.next() == nil)
    }
}
