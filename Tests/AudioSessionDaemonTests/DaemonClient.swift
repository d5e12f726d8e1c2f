import AudioSessionAgent
import AudioSessionBus

/// A client of the running daemon on the private bus.
struct DaemonClient {
    let connection: BusConnection

    /// `GetStatus`: (version, backend, server, media services available, policy source, policy enabled).
    func status() async throws -> (String, String, String, Bool, String, Bool) {
        try await connection.call(
            destination: AgentInterface.busName, path: BusObjectPath(stringLiteral: AgentInterface.objectPath),
            interface: AgentInterface.name, method: "GetStatus", timeout: .seconds(30)
        ).decode(String.self, String.self, String.self, Bool.self, String.self, Bool.self)
    }

    /// The unique name owning the agent's name, or nil.
    func agentOwner() async -> String? {
        try? await connection.nameOwner(of: AgentInterface.busName)
    }
}
