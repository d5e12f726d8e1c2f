import AudioSessionBus
import AudioSessionContract

// What the agent's voice processing does to the session's input.
extension AgentLink {
    /// `GetInputProcessing`: `(processing, canceller)`, as the agent names them.
    func inputProcessing(_ session: String) async throws(AgentCallFailure) -> (processing: String, canceller: String) {
        let reply = try Self.read(try await call(.getInputProcessing(session: session)), as: InputProcessingReply.init(arguments:))
        return (reply.processing, reply.canceller)
    }
}
