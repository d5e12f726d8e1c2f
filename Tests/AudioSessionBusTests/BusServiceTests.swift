import AudioSessionBus
import AudioSessionTesting
import Glibc
import Synchronization
import Testing

@Suite("D-Bus service side: identity, introspection, properties, real clients")
struct BusServiceTests {
    @Test("the service sees the caller's PID and UID as the bus reports them")
    func callerIdentity() async throws {
        let rig = try await BusTestRig.start()
        defer { rig.stop() }
        let reply = try await rig.serving { try await rig.callTest("WhoAmI") }
        let (pid, uid) = try reply.decode(Int32.self, UInt32.self)
        #expect(pid == getpid())
        #expect(uid == getuid())
    }

    @Test("Introspect returns the XML the exporter supplied; parent paths list their children")
    func introspection() async throws {
        let rig = try await BusTestRig.start()
        defer { rig.stop() }
        let reply = try await rig.client.call(
            destination: rig.service.uniqueName, path: BusTestRig.path, interface: "org.freedesktop.DBus.Introspectable",
            method: "Introspect")
        #expect(try reply.decode(String.self) == BusTestRig.introspectionXML)
        let parent = try await rig.client.call(
            destination: rig.service.uniqueName, path: "/org/audiosession", interface: "org.freedesktop.DBus.Introspectable",
            method: "Introspect")
        #expect(try parent.decode(String.self).contains("<node name=\"Test\"/>"))
    }

    @Test("properties: Get, GetAll, Set, and a read-only property refuses Set")
    func properties() async throws {
        let rig = try await BusTestRig.start()
        defer { rig.stop() }
        func properties(_ method: String, _ arguments: BusArguments) async throws -> BusArguments {
            try await rig.client.call(
                destination: rig.service.uniqueName, path: BusTestRig.path, interface: "org.freedesktop.DBus.Properties",
                method: method, arguments: arguments)
        }
        let interface = BusValue.string(BusTestRig.interface)
        _ = try await properties("Set", [interface, .string("Volume"), .variant(.double(0.25))])
        #expect(rig.state.volume.withLock { $0 } == 0.25)
        #expect(try await properties("Get", [interface, .string("Volume")]) == [.variant(.double(0.25))])
        let all = try await properties("GetAll", [interface]).decode([String: BusVariant].self)
        #expect(all == ["Volume": BusVariant(.double(0.25)), "Version": BusVariant(.uint32(1))])
        let readOnly = await #expect(throws: BusError.self) {
            try await properties("Set", [interface, .string("Version"), .variant(.uint32(2))])
        }
        #expect(readOnly?.name == .propertyReadOnly)
        let wrongType = await #expect(throws: BusError.self) {
            try await properties("Set", [interface, .string("Volume"), .variant(.string("loud"))])
        }
        #expect(wrongType == BusError(.invalidArgs, "property Volume: expected double (d), got string (s)"))
        let unknown = await #expect(throws: BusError.self) { try await properties("Get", [interface, .string("Nope")]) }
        #expect(unknown?.name == .unknownProperty)
    }

    @Test("dbus-send, a real external client, calls an exported method and prints the reply")
    func externalClient() async throws {
        let rig = try await BusTestRig.start()
        defer { rig.stop() }
        let name = "org.audiosession.Test"
        #expect(try await rig.service.requestName(name) == .primaryOwner)
        try await rig.serving {
            let echo = try await rig.bus.tool(
                "dbus-send",
                ["--session", "--print-reply", "--dest=\(name)", BusTestRig.path.rawValue, "\(BusTestRig.interface).Echo",
                 "string:from dbus-send", "uint32:42", "array:int32:1,2,3"])
            #expect(echo.contains("string \"from dbus-send\""))
            #expect(echo.contains("uint32 42"))
            #expect(echo.contains("int32 3"))

            // The identity the service sees is the external client's, not this process's.
            let client = try rig.bus.spawn(
                "dbus-send", ["--session", "--print-reply", "--dest=\(name)", BusTestRig.path.rawValue, "\(BusTestRig.interface).WhoAmI"])
            let status = await client.waitForExit()
            #expect(status == 0, "dbus-send failed: \(client.standardError)")
            #expect(client.standardOutput.contains("int32 \(client.pid)"))
            #expect(client.standardOutput.contains("uint32 \(getuid())"))

            // Peer is answered by libdbus itself, Introspect by the exported object's XML.
            _ = try await rig.bus.tool(
                "dbus-send", ["--session", "--print-reply", "--dest=\(name)", BusTestRig.path.rawValue, "org.freedesktop.DBus.Peer.Ping"])
            let introspection = try await rig.bus.tool(
                "dbus-send",
                ["--session", "--print-reply", "--dest=\(name)", BusTestRig.path.rawValue,
                 "org.freedesktop.DBus.Introspectable.Introspect"])
            #expect(introspection.contains("<interface name=\"org.audiosession.Test1\">"))

            let refused = try await rig.bus.run(
                "dbus-send", ["--session", "--print-reply", "--dest=\(name)", BusTestRig.path.rawValue, "\(BusTestRig.interface).Greet", "int32:1"])
            #expect(refused.status != 0)
            #expect(refused.standardError.contains("org.freedesktop.DBus.Error.InvalidArgs"))
            #expect(refused.standardError.contains("argument 1: expected string (s), got int32 (i)"))
        }
    }
}
