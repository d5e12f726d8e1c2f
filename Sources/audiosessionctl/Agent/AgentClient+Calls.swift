import AudioSessionContract
import AudioSessionBus
import AudioSessionModel

// The contract's methods as typed calls (docs/dbus-api.md).
extension AgentClient {
    /// `RegisterSession`: returns the session id and its stream token, a bearer token (any client
    /// that carries it joins the session, as `run`'s children do).
    func registerSession(applicationID: String?) async throws(CtlFailure) -> (session: String, token: String) {
        var properties: [String: BusVariant] = ["stream-token-use": BusVariant(.string("bearer"))]
        if let applicationID { properties["application-id"] = BusVariant(.string(applicationID)) }
        let arguments = try await call(.registerSession(properties: properties))
        let reply = try Self.read(arguments, as: RegistrationReply.init(arguments:))
        return (reply.session, reply.streamToken)
    }

    func setConfiguration(_ session: String, _ configuration: SessionConfiguration) async throws(CtlFailure) {
        _ = try await call(
            .setConfiguration(
                session: session, category: configuration.category.kebabName, mode: configuration.mode.kebabName,
                options: configuration.options.kebabNames))
    }

    /// `SetSessionPreference`: one of iOS's opt-ins (`interruption-on-route-disconnect`, ...).
    func setSessionPreference(_ session: String, _ preference: SessionPreference, _ value: Bool) async throws(CtlFailure) {
        _ = try await call(.setSessionPreference(session: session, preference: preference.kebabName, value: value))
    }

    /// `Activate`. A refusal (`InsufficientPriority`, `MediaServicesUnavailable`) becomes a failure
    /// with ``CtlExitCode/activationRefused`` and the agent's message, which names the holder.
    func activate(_ session: String) async throws(CtlFailure) {
        do {
            _ = try await send(.activate(session: session))
        } catch let error as BusError {
            switch AgentErrorName(rawValue: error.name.rawValue) {
            case .insufficientPriority, .mediaServicesUnavailable:
                throw CtlFailure("activation refused: \(error.message)", exitCode: CtlExitCode.activationRefused)
            default:
                throw Self.failure(for: error, calling: "Activate")
            }
        } catch {
            throw CtlFailure("Activate was cancelled", exitCode: CtlExitCode.software)
        }
    }

    func deactivate(_ session: String, notifyOthers: Bool) async throws(CtlFailure) {
        _ = try await call(.deactivate(session: session, notifyOthers: notifyOthers))
    }

    func unregisterSession(_ session: String) async throws(CtlFailure) {
        _ = try await call(.unregisterSession(session: session))
    }

    func status() async throws(CtlFailure) -> StatusReply {
        try Self.read(try await call(.getStatus), as: StatusReply.init(arguments:))
    }

    /// `GetDesktopState`: sleep, lock and do-not-disturb as the agent follows them.
    func desktopState() async throws(CtlFailure) -> DesktopStateReply {
        try Self.read(try await call(.getDesktopState), as: DesktopStateReply.init(arguments:))
    }

    /// `SetDoNotDisturb`: the user's own switch.
    func setDoNotDisturb(_ enabled: Bool) async throws(CtlFailure) {
        _ = try await call(.setDoNotDisturb(enabled: enabled))
    }

    /// `ReloadPolicy`: the agent reads its policy files again; returns the files now in force. A
    /// policy the agent refuses is a failure with ``CtlExitCode/dataError`` and the agent's problems.
    func reloadPolicy() async throws(CtlFailure) -> [String] {
        let arguments: BusArguments
        do {
            arguments = try await send(.reloadPolicy)
        } catch let error as BusError {
            guard AgentErrorName(rawValue: error.name.rawValue) == .failed else {
                throw Self.failure(for: error, calling: "ReloadPolicy")
            }
            throw CtlFailure(error.message, exitCode: CtlExitCode.dataError)
        } catch {
            throw CtlFailure("ReloadPolicy was cancelled", exitCode: CtlExitCode.software)
        }
        guard arguments.count == 1, let files = [String](busValue: arguments[0]) else {
            throw CtlFailure("the agent answered ReloadPolicy with \(arguments.signature.rawValue), not (as)", exitCode: CtlExitCode.software)
        }
        return files
    }

    func sessions() async throws(CtlFailure) -> [SessionRow] {
        try Self.read(try await call(.listSessions), as: SessionListing.rows(from:)).map(SessionRow.init)
    }

    /// `GetInputProcessing`: `none`, or `echo-cancellation (speex|webrtc)`; `nil` for a session
    /// that ended between the calls, or from an agent that does not know the method.
    func inputProcessing(of session: String) async throws(CtlFailure) -> String? {
        do {
            let reply = try await send(.getInputProcessing(session: session))
            let answer = try Self.read(reply, as: InputProcessingReply.init(arguments:))
            return answer.canceller.isEmpty ? answer.processing : "\(answer.processing) (\(answer.canceller))"
        } catch let error as BusError {
            // A session that ended meanwhile, or an agent from before GetInputProcessing: nothing to show.
            switch AgentErrorName(rawValue: error.name.rawValue) {
            case .noSuchSession, .unknownMethod: return nil
            default: throw Self.failure(for: error, calling: "GetInputProcessing")
            }
        } catch let error as CtlFailure {
            throw error
        } catch {
            throw CtlFailure("GetInputProcessing failed: \(error)", exitCode: CtlExitCode.software)
        }
    }

    func streams() async throws(CtlFailure) -> [StreamListing] {
        try Self.read(try await call(.listStreams), as: StreamListing.rows(from:))
    }

    /// `ExplainStream`; an unknown id fails with the agent's message (exit 64: the argument was wrong).
    func explain(stream: String) async throws(CtlFailure) -> StreamExplanationReply {
        do {
            let reply = try await send(.explainStream(stream: stream))
            return try Self.read(reply, as: StreamExplanationReply.init(arguments:))
        } catch let error as BusError {
            if AgentErrorName(rawValue: error.name.rawValue) == .noSuchStream {
                throw CtlFailure(
                    "no stream \"\(stream)\": \(error.message) (`audiosessionctl status` lists the streams)",
                    exitCode: CtlExitCode.usage)
            }
            throw Self.failure(for: error, calling: "ExplainStream")
        } catch let error as CtlFailure {
            throw error
        } catch {
            throw CtlFailure("ExplainStream was cancelled", exitCode: CtlExitCode.software)
        }
    }

    /// Reads a reply with the contract's decoder; a reply of another shape is the agent's fault
    /// (exit 70), and the message names the field and the type the contract gives it.
    static func read<Reply>(
        _ arguments: BusArguments, as decode: (BusArguments) throws(WireFormatError) -> Reply
    ) throws(CtlFailure) -> Reply {
        do {
            return try decode(arguments)
        } catch {
            throw CtlFailure("the agent sent \(error)", exitCode: CtlExitCode.software)
        }
    }
}
