import AudioSessionContract
import AudioSessionBus

extension AgentBusService {
    /// The exported object: every method of the contract, each charged to its app's call budget
    /// and checked against the contract first. Its handlers hold the service until the object is
    /// unexported or the connection closes (``stop()``).
    func exportedObject() -> BusObject {
        let handlers: [(String, @Sendable (BusMethodCall) async throws(BusError) -> BusArguments)] = [
            ("RegisterSession", { call throws(BusError) in try await self.registerSession(call) }),
            ("UnregisterSession", { call throws(BusError) in try self.unregisterSession(call) }),
            ("SetConfiguration", { call throws(BusError) in try self.setConfiguration(call) }),
            ("Activate", { call throws(BusError) in try self.activate(call) }),
            ("Deactivate", { call throws(BusError) in try self.deactivate(call) }),
            ("GetState", { call throws(BusError) in try self.state(call) }),
            ("GetCurrentRoute", { call throws(BusError) in try self.currentRoute(call) }),
            ("OverrideOutputPort", { call throws(BusError) in try self.overrideOutputPort(call) }),
            ("SetPreferredInput", { call throws(BusError) in try self.setPreferredInput(call) }),
            ("GetStatus", { _ throws(BusError) in self.agentStatus() }),
            ("ListSessions", { _ throws(BusError) in self.listSessions() }),
            ("ListStreams", { _ throws(BusError) in self.listStreams() }),
            ("ExplainStream", { call throws(BusError) in try self.explainStream(call) }),
            ("GetInputProcessing", { call throws(BusError) in try self.inputProcessing(call) }),
        ]
        let contract = self.contract
        let methods = handlers.map { name, handler in
            BusMethod.async(name) { call in
                try await self.admit(call)
                do throws(CallMismatch) {
                    try contract.check(method: name, signature: call.arguments.signature.rawValue)
                } catch {
                    throw BusError(BusErrorName(rawValue: error.busErrorName.rawValue), error.description)
                }
                return try await handler(call)
            }
        }
        return BusObject(
            path: objectPath, interfaces: [BusInterface(AgentInterface.name, methods: methods)],
            introspectionXML: AgentInterface.introspectionXML)
    }
}
