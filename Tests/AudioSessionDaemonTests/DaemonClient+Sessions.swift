import AudioSessionAgent
import AudioSessionBus

extension DaemonClient {
    /// Calls an agent method.
    @discardableResult
    func call(_ method: String, _ arguments: BusArguments = []) async throws -> BusArguments {
        try await connection.call(
            destination: AgentInterface.busName, path: BusObjectPath(stringLiteral: AgentInterface.objectPath),
            interface: AgentInterface.name, method: method, arguments: arguments, timeout: .seconds(30))
    }

    /// Registers and configures a session; returns its id and stream token.
    func configuredSession(category: String, options: [String] = []) async throws -> (id: String, token: String) {
        let (id, token) = try await call("RegisterSession", [[String: BusVariant]().busValue]).decode(String.self, String.self)
        try await call("SetConfiguration", [.string(id), .string(category), .string("default"), options.busValue])
        return (id, token)
    }

    /// `GetState`: (activity, category, options).
    func state(of session: String) async throws -> (activity: String, category: String, options: [String]) {
        let (activity, category, _, options, _) = try await call("GetState", [.string(session)])
            .decode(String.self, String.self, String.self, [String].self, Bool.self)
        return (activity, category, options)
    }

    /// The error a call is refused with, or nil when it succeeds.
    func refusal(_ method: String, _ arguments: BusArguments) async throws -> BusError? {
        do {
            try await call(method, arguments)
            return nil
        } catch let error as BusError {
            return error
        }
    }
}

extension DaemonClient {
    /// `ListSessions`: every live session.
    func sessions() async throws -> [ListedSession] {
        let reply = try await call("ListSessions")
        guard case .array(_, let rows)? = reply.first else { return [] }
        return rows.compactMap { row in
            guard case .structure(let fields) = row, fields.count == 9,
                case .string(let id) = fields[0], case .string(let category) = fields[5],
                case .array(_, let options) = fields[7], case .string(let activity) = fields[8]
            else { return nil }
            return ListedSession(
                id: id, category: category,
                options: options.compactMap { if case .string(let option) = $0 { option } else { nil } }, activity: activity)
        }
    }
}
