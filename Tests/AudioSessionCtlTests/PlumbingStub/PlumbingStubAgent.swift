import AudioSessionBus
import Synchronization

/// NOT the agent: a stand-in that owns `org.audiosession.Agent` on a private bus and answers the
/// contract's methods with fixed, scripted replies, so audiosessionctl's argument handling, its
/// calls, its environment for the child and its exit codes can be tested before the real
/// `audiosessiond` serves the bus. It implements no policy; tests of what the agent *does* run
/// against the real agent binary.
final class PlumbingStubAgent: Sendable {
    /// A call the stub received, as `Method(arg, arg)`.
    struct Call: Sendable, Equatable {
        var method: String
        var arguments: [BusValue]
        /// The caller's unique name.
        var sender: String
    }

    /// The calls received so far, shared with the method handlers.
    private final class CallLog: Sendable {
        let calls = Mutex<[Call]>([])
    }

    struct Script: Sendable {
        /// When set, `Activate` fails with InsufficientPriority and this message.
        var refuseActivation: String?
        var sessions: [BusValue] = []
        var streams: [BusValue] = []
    }

    static let token = "0123456789abcdef0123456789abcdef"
    static let session = "7"

    let bus: BusConnection
    private let log = CallLog()
    private let script: Script

    private init(bus: BusConnection, script: Script) {
        self.bus = bus
        self.script = script
    }

    /// Connects to the bus at `address`, exports the stub object and takes the agent's name.
    static func start(address: String, script: Script = Script()) async throws -> PlumbingStubAgent {
        let stub = PlumbingStubAgent(bus: try BusConnection(address: address), script: script)
        try stub.bus.export(BusObject(path: "/org/audiosession/Agent", interfaces: [stub.interface]))
        guard try await stub.bus.requestName("org.audiosession.Agent", options: [.doNotQueue]) == .primaryOwner else {
            stub.bus.close()
            throw BusError(.failed, "the stub could not own org.audiosession.Agent")
        }
        return stub
    }

    /// Leaves the bus (the agent "goes away").
    func stop() { bus.close() }

    var received: [Call] { log.calls.withLock { $0 } }

    func methods() -> [String] { received.map(\.method) }

    /// Emits one of the agent's signals, broadcast or to `destination`.
    func emit(_ name: String, _ arguments: BusArguments, to destination: String? = nil) throws {
        try bus.emitSignal(
            path: "/org/audiosession/Agent", interface: "org.audiosession.Agent1", name: name, arguments: arguments,
            destination: destination)
    }

    private var interface: BusInterface {
        BusInterface(
            "org.audiosession.Agent1",
            methods: [
                method("RegisterSession") { _ in [.string(Self.session), .string(Self.token)] },
                method("SetConfiguration") { _ in [] },
                method("Activate") { [script] _ in
                    if let message = script.refuseActivation {
                        throw BusError("org.audiosession.Error.InsufficientPriority", message)
                    }
                    return []
                },
                method("Deactivate") { _ in [] },
                method("UnregisterSession") { _ in [] },
                method("GetStatus") { _ in
                    [.string("stub"), .string("pulse"), .string("stub server"), .boolean(true), .string("stub.toml"), .boolean(true)]
                },
                method("ListSessions") { [script] _ in
                    [.array(element: try BusType(signature: "(ssuusssass)"), script.sessions)]
                },
                method("ListStreams") { [script] _ in
                    [.array(element: try BusType(signature: "(sssssbsds)"), script.streams)]
                },
                method("ExplainStream") { call in
                    let (stream) = try call.arguments.decode(String.self)
                    guard stream == "42" else {
                        throw BusError("org.audiosession.Error.NoSuchStream", "no stream has id \(stream)")
                    }
                    return [
                        .string("silenced"), .double(1), .string("music"), .string("session:3"), .string(""),
                        .array(element: try BusType(signature: "(sd)"), []),
                        .array(element: try BusType(signature: "(ss)"), [.structure([.string("session:9"), .string("interruption")])]),
                        .array(element: .string, [.string("session:9")]), .boolean(true),
                        .string("silenced by session:9 (rule: interruption by rank)"),
                    ]
                },
            ])
    }

    private func method(
        _ name: String, _ reply: @escaping @Sendable (BusMethodCall) throws -> BusArguments
    ) -> BusMethod {
        .sync(name) { [log] call in
            log.calls.withLock { $0.append(Call(method: name, arguments: call.arguments.values, sender: call.sender)) }
            return try reply(call)
        }
    }
}
