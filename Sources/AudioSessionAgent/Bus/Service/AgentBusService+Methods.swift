import AudioSessionContract
import AudioSessionBus

extension AgentBusService {
    /// The exported object: every method of the contract, each call charged to its app's call
    /// budget and read into an ``AgentRequest`` (checked against the contract) before it is
    /// answered. Its handlers hold the service until the object is unexported or the connection
    /// closes (``stop()``).
    func exportedObject() -> BusObject {
        let methods = AgentRequest.methods.map { name in
            BusMethod.async(name) { call in
                try await self.admit(call)
                let request = try AgentRequest(method: name, arguments: call.arguments)
                return try await self.answer(request, to: call)
            }
        }
        return BusObject(
            path: objectPath, interfaces: [BusInterface(AgentInterface.name, methods: methods)],
            introspectionXML: AgentInterface.introspectionXML)
    }

    /// `reply`, once the server's clock is what the call left the sessions' hardware preferences
    /// asking for (at once when the call changed nothing there).
    private func settlingHardware(_ reply: BusArguments) async -> BusArguments {
        await hardware?.settled()
        return reply
    }

    /// Answers one request; `call` says who made it.
    private func answer(_ request: AgentRequest, to call: BusMethodCall) async throws(BusError) -> BusArguments {
        switch request {
        // The first two of the secret's reply: RegistrationReply's fields, in its order.
        case .registerSession(let properties): BusArguments(Array(try await registerSession(properties, call).prefix(2)))
        case .registerSessionWithSecret(let properties): try await registerSession(properties, call)
        case .unregisterSession(let id): try await settlingHardware(unregisterSession(id, call))
        case .setConfiguration(let id, let category, let mode, let options):
            try await settlingHardware(setConfiguration(id, category: category, mode: mode, options: options, call))
        case .activate(let id): try await settlingHardware(activate(id, call))
        case .deactivate(let id, let notifyOthers): try await settlingHardware(deactivate(id, notifyOthers: notifyOthers, call))
        case .getState(let id): try state(id, call)
        case .getCurrentRoute(let id): try currentRoute(id, call)
        case .overrideOutputPort(let id, let port): try overrideOutputPort(id, port: port, call)
        case .setPreferredInput(let id, let uid): try setPreferredInput(id, portUID: uid, call)
        case .getAvailableInputs(let id): try availableInputs(id, call)
        case .getHardwareValues(let id): try await hardwareValues(id, call)
        case .getSecondaryAudioHint(let id): try secondaryAudioHint(id, call)
        case .setPreferredHardware(let id, let preferences): try await setPreferredHardware(id, preferences, call)
        case .setPrefersEchoCancelledInput(let id, let prefers): try setPrefersEchoCancelledInput(id, prefers, call)
        case .isEchoCancelledInputAvailable(let id): try isEchoCancelledInputAvailable(id, call)
        case .setInputMuted(let id, let muted): try setInputMuted(id, muted, call)
        case .isInputMuted(let id): try isInputMuted(id, call)
        case .setSessionPreference(let id, let preference, let value): try setSessionPreference(id, preference, value, call)
        case .getStatus: agentStatus()
        case .listSessions: listSessions(in: QueryScope(caller: await caller(of: call.sender)))
        case .listStreams: listStreams(in: QueryScope(caller: await caller(of: call.sender)))
        case .explainStream(let id): try explainStream(id, in: QueryScope(caller: await caller(of: call.sender)))
        case .getInputProcessing(let id): try inputProcessing(id, in: QueryScope(caller: await caller(of: call.sender)))
        case .getDesktopState: desktopState()
        case .setDoNotDisturb(let enabled): try setDoNotDisturb(enabled, caller: await caller(of: call.sender))
        case .reloadPolicy: try reloadPolicy(caller: await caller(of: call.sender))
        }
    }
}
