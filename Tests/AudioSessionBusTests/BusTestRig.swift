import AudioSessionBus
import AudioSessionTesting
import Synchronization

/// A private bus with two connections on it: `service` exports the test object, `client` calls it.
struct BusTestRig {
    static let path: BusObjectPath = "/org/audiosession/Test"
    static let interface = "org.audiosession.Test1"
    static let refusedError: BusErrorName = "org.audiosession.Test.Error.Refused"
    static let introspectionXML = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
        "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
        <node>
          <interface name="org.audiosession.Test1">
            <method name="Echo"/>
            <method name="EchoAsync"/>
            <method name="Greet"><arg name="name" type="s" direction="in"/><arg type="s" direction="out"/></method>
            <method name="Fail"/>
            <method name="WhoAmI"><arg name="pid" type="i" direction="out"/><arg name="uid" type="u" direction="out"/></method>
            <method name="Stall"/>
            <property name="Volume" type="d" access="readwrite"/>
            <property name="Version" type="u" access="read"/>
          </interface>
        </node>

        """

    let bus: PrivateDBus
    let service: BusConnection
    let client: BusConnection
    let state: RigState

    /// Starts a bus, connects both ends and exports the test object on `service`.
    static func start() async throws -> BusTestRig {
        let bus = try await PrivateDBus.start()
        do {
            let service = try BusConnection(address: bus.address)
            let client = try BusConnection(address: bus.address)
            let state = RigState()
            try service.export(testObject(service: service, state: state))
            return BusTestRig(bus: bus, service: service, client: client, state: state)
        } catch {
            bus.stop()
            throw error
        }
    }

    func stop() {
        client.close()
        service.close()
        bus.stop()
    }

    /// Runs `body` while `service` answers its async methods; stops serving afterwards.
    func serving<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
        try await withThrowingTaskGroup(of: Void.self) { group in
            let service = self.service
            group.addTask { await service.serve() }
            defer { group.cancelAll() }
            return try await body()
        }
    }

    /// Calls a method of the test object from the client.
    func callTest(_ method: String, _ arguments: BusArguments = [], timeout: Duration = .seconds(10)) async throws -> BusArguments {
        try await client.call(
            destination: service.uniqueName, path: Self.path, interface: Self.interface, method: method,
            arguments: arguments, timeout: timeout)
    }

    private static func testObject(service: BusConnection, state: RigState) -> BusObject {
        BusObject(
            path: path,
            interfaces: [
                BusInterface(
                    interface,
                    methods: [
                        .sync("Echo") { call in call.arguments },
                        .async("EchoAsync") { call in call.arguments },
                        .async("Greet") { call in
                            let (name) = try call.arguments.decode(String.self)
                            return [.string("hello \(name)")]
                        },
                        .sync("Record") { call in
                            state.recorded.withLock { $0.append(call.arguments) }
                            return []
                        },
                        .async("RecordAsync") { call in
                            state.recorded.withLock { $0.append(call.arguments) }
                            return []
                        },
                        .sync("Fail") { _ in throw BusError(refusedError, "refused on purpose") },
                        .async("WhoAmI") { [weak service] call in
                            guard let service else { throw BusError(.disconnected, "service gone") }
                            let caller = try await service.callerIdentity(of: call.sender)
                            return [.int32(caller.processID), .uint32(caller.userID)]
                        },
                        .async("Stall") { _ in
                            state.stallsStarted.withLock { $0 += 1 }
                            try await Task.sleep(for: .seconds(60))
                            return []
                        },
                    ],
                    properties: [
                        BusProperty("Volume", type: .double, get: { .double(state.volume.withLock { $0 }) }, set: { value in
                            guard case .double(let level) = value else { return }
                            state.volume.withLock { $0 = level }
                        }),
                        BusProperty("Version", type: .uint32) { .uint32(1) },
                    ])
            ],
            introspectionXML: introspectionXML)
    }
}

/// What the test object's handlers record, shared with the connection's threads.
final class RigState: Sendable {
    /// The Volume property.
    let volume = Mutex(1.0)
    /// How many Stall calls reached their handler.
    let stallsStarted = Mutex(0)
    /// The arguments of every Record call, in order.
    let recorded = Mutex<[BusArguments]>([])
}
