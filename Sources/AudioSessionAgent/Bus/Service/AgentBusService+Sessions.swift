import AudioSessionContract
import Logging
import AudioPolicy
import AudioSessionBus
import AudioSessionModel

extension AgentBusService {
    /// `RegisterSessionWithSecret`'s reply: session, token, secret, client nonce; `RegisterSession`
    /// sends the first two.
    func registerSession(_ properties: SessionProperties, _ call: BusMethodCall) async throws(BusError) -> BusArguments {
        let caller = await caller(of: call.sender)
        let session: RegisteredSession
        let secret: StreamTokenSecret
        do {
            ((session, secret), _) = try coordinator.transact { registry throws(SessionRegistryError) in
                // An earlier token only with its secret, and only while no live session holds it.
                let registered = try registry.register(properties, from: caller, secret: .random())
                return (registered, [registered.session.registrationEvent])
            }
        } catch {
            throw BusError(error)
        }
        // The caller may have left between the credentials and the registration, and its departure
        // been handled before the session existed: then the session ends here.
        if (try? await connection.nameOwner(of: call.sender)) == nil {
            endSessions(of: call.sender)
        }
        logger.info(
            "session registered",
            metadata: [
                "session.id": "\(session.id)", "bus.connection": "\(call.sender)",
                "process.id": "\(caller.processID.map(String.init) ?? "unknown")",
                "app.identity": "\(UntrustedText.excerpt(session.app.identifiers.first ?? ""))",
            ])
        return SecretRegistrationReply(
            session: session.id.rawValue, streamToken: session.token.rawValue, tokenSecret: secret.rawValue,
            clientNonce: session.clientNonce
        ).arguments
    }

    func unregisterSession(_ id: SessionID, _ call: BusMethodCall) throws(BusError) -> BusArguments {
        try sessionCall(call) { registry throws(SessionRegistryError) in
            try registry.unregister(id, by: call.sender)
        }
        return []
    }

    func setConfiguration(
        _ id: SessionID, category: String, mode: String, options: [String], _ call: BusMethodCall
    ) throws(BusError) -> BusArguments {
        try sessionCall(call) { registry throws(SessionRegistryError) in
            try registry.configure(id, by: call.sender, category: category, mode: mode, options: options)
        }
        return []
    }

    func activate(_ id: SessionID, _ call: BusMethodCall) throws(BusError) -> BusArguments {
        let status = self.status
        let (outcome, decisions) = coordinator.transact { registry -> (Result<Void, BusError>, [PolicyEvent]) in
            do throws(SessionRegistryError) {
                _ = try registry.session(id, ownedBy: call.sender)
            } catch {
                return (.failure(BusError(error)), [])
            }
            guard status.current.mediaServicesAvailable else {
                let refusal = BusError(
                    .mediaServicesUnavailable, "no sound server is reachable; activate again after MediaServicesReset")
                return (.failure(refusal), [])
            }
            return (.success(()), [.sessionActivated(id)])
        }
        try outcome.get()
        for case .activationRefused(id, .insufficientPriority(let holder, let rank), let why) in decisions {
            throw BusError(
                .insufficientPriority,
                "session \(id) cannot become active: \(AgentWireNames.participant(holder)) of rank \(rank) is active "
                    + "and outranks it (\(why.rule)); it stays as it was")
        }
        return []
    }

    func deactivate(_ id: SessionID, notifyOthers: Bool, _ call: BusMethodCall) throws(BusError) -> BusArguments {
        try sessionCall(call) { registry throws(SessionRegistryError) in
            try registry.deactivate(id, by: call.sender, notifyOthers: notifyOthers)
        }
        return []
    }

    func state(_ id: SessionID, _ call: BusMethodCall) throws(BusError) -> BusArguments {
        let answer = coordinator.read { view -> Result<BusArguments, SessionRegistryError> in
            Result { () throws(SessionRegistryError) in
                let session = try view.registry.session(id, ownedBy: call.sender)
                let configuration = session.configuration
                return SessionStateReply(
                    activity: (view.engine.activity(of: id) ?? .inactive).rawValue,
                    category: configuration.category.kebabName, mode: configuration.mode.kebabName,
                    options: configuration.options.kebabNames, otherAudioPlaying: view.engine.isOtherAudioPlaying(for: id)
                ).arguments
            }
        }
        do {
            return try answer.get()
        } catch {
            throw BusError(error)
        }
    }

    /// The engine's route for the session, the one its `RouteChanged` notices describe; the
    /// graph (``SessionRouteSource``) only for a session the engine does not know yet.
    func currentRoute(_ id: SessionID, _ call: BusMethodCall) throws(BusError) -> BusArguments {
        RouteWireFormat.reply(try route(of: id, call))
    }

    /// The session's route as ``currentRoute(_:_:)`` answers it, for its owner only.
    func route(of id: SessionID, _ call: BusMethodCall) throws(BusError) -> RouteDescription {
        let catalog = self.catalog
        let found = coordinator.read { view -> Result<(RouteDescription?, [StreamID], Bool), SessionRegistryError> in
            Result { () throws(SessionRegistryError) in
                let session = try view.registry.session(id, ownedBy: call.sender)
                let streams = catalog.streams.values.filter { $0.session == id }.map(\.id).sorted()
                let category = session.configuration.category
                return (view.engine.route(of: id), streams, category == .record || category == .playAndRecord)
            }
        }
        let engineRoute: RouteDescription?
        let streams: [StreamID]
        let withInput: Bool
        do {
            (engineRoute, streams, withInput) = try found.get()
        } catch {
            throw BusError(error)
        }
        return engineRoute ?? routes?.route(of: streams, withInput: withInput) ?? RouteDescription()
    }

    /// Runs one registry call that yields one engine event; a refusal becomes its bus error.
    private func sessionCall(
        _ call: BusMethodCall, _ body: (inout SessionRegistry) throws(SessionRegistryError) -> PolicyEvent
    ) throws(BusError) {
        do {
            _ = try coordinator.transact { registry throws(SessionRegistryError) in ((), [try body(&registry)]) }
        } catch {
            throw BusError(error)
        }
    }
}
