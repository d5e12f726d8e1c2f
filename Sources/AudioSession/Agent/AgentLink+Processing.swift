import AudioSessionBus
import AudioSessionModel
import AudioSessionContract

// What the agent's voice processing does to the session's input.
extension AgentLink {
    /// `GetInputProcessing`: `(processing, canceller)`, as the agent names them.
    func inputProcessing(_ session: String) async throws(AgentCallFailure) -> (processing: String, canceller: String) {
        let reply = try Self.read(try await call(.getInputProcessing(session: session)), as: InputProcessingReply.init(arguments:))
        return (reply.processing, reply.canceller)
    }

    /// `SetPrefersEchoCancelledInput`.
    func setPrefersEchoCancelledInput(_ session: String, _ prefers: Bool) async throws(AgentCallFailure) {
        _ = try await call(.setPrefersEchoCancelledInput(session: session, prefers: prefers))
    }

    /// `SetInputMuted`.
    func setInputMuted(_ session: String, _ muted: Bool) async throws(AgentCallFailure) {
        _ = try await call(.setInputMuted(session: session, muted: muted))
    }

    /// `SetSessionPreference`.
    func setPreference(_ session: String, _ preference: SessionPreference, _ value: Bool) async throws(AgentCallFailure) {
        _ = try await call(.setSessionPreference(session: session, preference: preference.kebabName, value: value))
    }

    /// `IsEchoCancelledInputAvailable`.
    func isEchoCancelledInputAvailable(_ session: String) async throws(AgentCallFailure) -> Bool {
        let reply = try await call(.isEchoCancelledInputAvailable(session: session))
        do {
            return try reply.decode(Bool.self)
        } catch {
            throw .refused(AudioSessionError(.agentRefused, "the agent sent IsEchoCancelledInputAvailable's reply as \(error.message)"))
        }
    }
}
