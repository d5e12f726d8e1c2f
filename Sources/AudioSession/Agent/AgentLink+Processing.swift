import AudioSessionBus

// What the agent's voice processing does to the session's input.
extension AgentLink {
    /// `GetInputProcessing`: `(processing, canceller)`, as the agent names them.
    func inputProcessing(_ session: String) async throws(AgentCallFailure) -> (processing: String, canceller: String) {
        let reply = try await call("GetInputProcessing", [.string(session)])
        guard reply.count == 2, case .string(let processing) = reply[0], case .string(let canceller) = reply[1] else {
            throw .refused(AudioSessionError(.agentRefused, "the agent answered GetInputProcessing with \(reply)"))
        }
        return (processing, canceller)
    }
}
