import AudioSessionContract
import AudioSessionBus
import AudioSessionModel

// The contract's methods as typed calls (docs/dbus-api.md).
extension AgentClient {
    /// `RegisterSession`: returns the session id and its stream token, a bearer token (any client
    /// that carries it joins the session, as `run`'s children do).
    func registerSession(applicationID: String?) async throws(CtlFailure) -> (session: String, token: String) {
        var properties: [BusValue: BusValue] = [.string("stream-token-use"): .variant(.string("bearer"))]
        if let applicationID { properties[.string("application-id")] = .variant(.string(applicationID)) }
        let reply = try await call("RegisterSession", [.dictionary(key: .string, value: .variant, properties)])
        var fields = BusFields(arguments: reply, what: "RegisterSession's reply")
        return (try fields.next(String.self), try fields.next(String.self))
    }

    func setConfiguration(_ session: String, _ configuration: SessionConfiguration) async throws(CtlFailure) {
        _ = try await call(
            "SetConfiguration",
            [
                .string(session), .string(configuration.category.kebabName), .string(configuration.mode.kebabName),
                configuration.options.kebabNames.busValue,
            ])
    }

    /// `Activate`. A refusal (`InsufficientPriority`, `MediaServicesUnavailable`) becomes a failure
    /// with ``CtlExitCode/activationRefused`` and the agent's message, which names the holder.
    func activate(_ session: String) async throws(CtlFailure) {
        do {
            _ = try await bus.call(
                destination: Self.busName, path: Self.objectPath, interface: Self.interface, method: "Activate",
                arguments: [.string(session)], timeout: timeout)
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
        _ = try await call("Deactivate", [.string(session), .boolean(notifyOthers)])
    }

    func unregisterSession(_ session: String) async throws(CtlFailure) {
        _ = try await call("UnregisterSession", [.string(session)])
    }

    func status() async throws(CtlFailure) -> AgentStatus {
        try AgentStatus(reply: try await call("GetStatus"))
    }

    func sessions() async throws(CtlFailure) -> [SessionRow] {
        var rows: [SessionRow] = []
        for value in try BusFields.elements(of: try await call("ListSessions"), what: "ListSessions's reply") {
            rows.append(try SessionRow(value))
        }
        return rows
    }

    /// `GetInputProcessing`: `none`, or `echo-cancellation (speex|webrtc)`; `nil` for a session
    /// that ended between the calls, or from an agent that does not know the method.
    func inputProcessing(of session: String) async throws(CtlFailure) -> String? {
        do {
            let reply = try await bus.call(
                destination: Self.busName, path: Self.objectPath, interface: Self.interface, method: "GetInputProcessing",
                arguments: [.string(session)], timeout: timeout)
            guard reply.count == 2, case .string(let processing) = reply[0], case .string(let canceller) = reply[1] else {
                throw CtlFailure("the agent answered GetInputProcessing with \(reply)", exitCode: CtlExitCode.software)
            }
            return canceller.isEmpty ? processing : "\(processing) (\(canceller))"
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

    func streams() async throws(CtlFailure) -> [StreamRow] {
        var rows: [StreamRow] = []
        for value in try BusFields.elements(of: try await call("ListStreams"), what: "ListStreams's reply") {
            rows.append(try StreamRow(value))
        }
        return rows
    }

    /// `ExplainStream`; an unknown id fails with the agent's message (exit 64: the argument was wrong).
    func explain(stream: String) async throws(CtlFailure) -> StreamExplanation {
        do {
            let reply = try await bus.call(
                destination: Self.busName, path: Self.objectPath, interface: Self.interface, method: "ExplainStream",
                arguments: [.string(stream)], timeout: timeout)
            return try StreamExplanation(stream: stream, reply: reply)
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
}
