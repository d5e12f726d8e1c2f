import AudioSessionBus
import AudioSessionContract
import AudioSessionModel
import Logging
import Synchronization

// The session's side of the agent's contract: registration and its re-assertion, activation,
// and the agent's signals turned into notifications. Callers hold the gate where noted.
extension SessionCore {
    /// Registers with the agent now running, unless already registered with that very agent
    /// instance; then sends the configuration and activates again if the session is active.
    /// Returns whether the session is registered. Call with the gate held.
    @discardableResult
    func reassert() async -> Bool {
        guard let owner = await agent.agentOwner() else {
            state.withLock { $0.registration = nil }
            return false
        }
        if state.withLock({ $0.registration?.agentOwner == owner }) { return true }
        do throws(AgentCallFailure) {
            let previous = state.withLock { state in
                state.lastStreamToken.flatMap { token in state.lastTokenSecret.map { (token: token, secret: $0) } }
            }
            let granted = try await agent.register(applicationID: applicationID, previous: previous)
            let session = granted.session
            let (configuration, isActive) = state.withLock { state in
                state.registration = AgentRegistration(
                    sessionID: session, token: granted.token, clientNonce: granted.clientNonce, agentOwner: owner)
                state.lastStreamToken = granted.token
                state.lastTokenSecret = granted.secret
                return (state.configuration, state.isActive)
            }
            logger.info("registered with the agent", metadata: ["session.id": "\(session)", "agent.owner": "\(owner)"])
            try await agent.configure(session, configuration)
            state.withLock { $0.registration?.sentConfiguration = configuration }
            try await pushRoutingIfNeeded()
            try await pushHardwareIfNeeded()
            try await replayEchoCancellationPreference()
            try await replayInputMute()
            try await replayPreferences()
            if isActive { try await activateAgain(session) }
            await refreshHardwareValues()
            return true
        } catch {
            switch error {
            case .agentGone(let why):
                state.withLock { $0.registration = nil }
                logger.warning("the agent went away while the session registered: \(why)")
                return false
            case .refused(let error):
                logger.error("the agent refused the session: \(error.message)")
                return state.withLock { $0.registration != nil }
            }
        }
    }

    /// Activates a session that was active before the agent (or the sound server) came back. A
    /// refusal (a call is active now) is an interruption of the session.
    private func activateAgain(_ session: String) async throws(AgentCallFailure) {
        do throws(AgentCallFailure) {
            try await agent.activate(session)
            logger.info("active again", metadata: ["session.id": "\(session)"])
        } catch {
            guard case .refused(let error) = error else { throw error }
            state.withLock { $0.isActive = false }
            logger.warning("could not become active again: \(error.message)", metadata: ["session.id": "\(session)"])
            interruptions.publish(.began(reason: .default))
        }
    }

    /// Sends the configuration if the agent has not got it yet; a refusal goes to the app as an
    /// ``AudioSession/AgentRefusal``. Call with the gate held.
    func pushConfiguration() async {
        await reportingRefusal(of: .configuration, pushConfigurationIfNeeded)
    }

    func pushConfigurationIfNeeded() async throws(AgentCallFailure) {
        guard let (registration, configuration) = state.withLock({ state in state.registration.map { ($0, state.configuration) } }),
            registration.sentConfiguration != configuration
        else { return }
        try await agent.configure(registration.sessionID, configuration)
        state.withLock { state in
            if state.registration?.sessionID == registration.sessionID {
                state.registration?.sentConfiguration = configuration
            }
        }
    }

    /// `setActive(true)`: through the agent when it runs, locally (with a warning) when not.
    /// Call with the gate held.
    func activate() async throws(AudioSessionError) {
        if let registration = state.withLock({ $0.registration }) {
            do throws(AgentCallFailure) {
                try await pushConfigurationIfNeeded()
                try await agent.activate(registration.sessionID)
            } catch {
                switch error {
                case .refused(let error):
                    throw error
                case .agentGone(let why):
                    state.withLock { $0.registration = nil }
                    logger.warning("the agent did not answer (\(why)): the session is active locally; no other app is told")
                }
            }
        } else {
            logger.warning("audiosessiond is not running: the session is active locally; no other app is told")
        }
        state.withLock { $0.isActive = true }
        await refreshHardwareValues()
    }

    /// `setActive(false)`. Call with the gate held.
    func deactivate(notifyOthers: Bool) async {
        state.withLock { $0.isActive = false }
        guard let registration = state.withLock({ $0.registration }) else { return }
        do throws(AgentCallFailure) {
            try await agent.deactivate(registration.sessionID, notifyOthers: notifyOthers)
            await refreshHardwareValues()
        } catch {
            switch error {
            case .agentGone(let why): logger.debug("deactivated locally: \(why)")
            case .refused(let error):
                logger.error("the agent refused to deactivate the session: \(error.message)")
                agentRefusals.publish(AudioSession.AgentRefusal(request: .deactivation, error: error))
            }
        }
    }

    // MARK: The agent's signals

    func handle(_ signal: BusSignal) async {
        guard signal.interface == AgentLink.interface,
            let registration = state.withLock({ $0.registration }),
            signal.sender == registration.agentOwner  // only the agent the session is registered with speaks
        else { return }
        let decoded: AgentSignal?
        do {
            decoded = try AgentSignal(member: signal.member, arguments: signal.arguments)
        } catch {
            logger.warning("the agent sent a signal the contract does not describe: \(error)")
            return
        }
        guard let decoded else { return }  // a signal a later version of the contract added
        switch decoded {
        case .mediaServicesLost:
            logger.warning("the agent reports the sound server lost")
            loseMediaServices(.soundServerRestarted)
            return
        case .mediaServicesReset:
            await gate.run { await activateAfterReset() }
            resetMediaServices(otherwise: .soundServerRestarted)
            return
        default: break
        }
        guard decoded.session == registration.sessionID else { return }
        switch decoded {
        case .interruptionBegan(_, let reason):
            state.withLock { $0.isActive = false }
            await refreshHardwareValues()
            interruptions.publish(.began(reason: AudioSession.InterruptionReason(rawValue: reason)))
        case .interruptionEnded(_, let shouldResume):
            interruptions.publish(.ended(options: shouldResume ? .shouldResume : []))
        case .routeChanged(_, let reason, let previous):
            await refreshHardwareValues()
            let typeNames = signal.arguments.count > 2 ? RouteWireFormat.portTypeNames(in: signal.arguments[2]) : [:]
            let seen = state.withLock { $0.lastLocalRoute }.map { $0.inputs + $0.outputs } ?? []
            let previousRoute = Self.sessionRoute(previous, in: server.graph, seen: seen, typeNames: typeNames)
            routeChanges.publish(RouteChange(reason: AudioSession.RouteChangeReason(rawValue: reason), previousRoute: previousRoute))
        case .secondaryAudioHint(_, let hint):
            guard let hint = SilenceSecondaryAudioHint(rawValue: hint) else { return }
            state.withLock { $0.secondaryAudioShouldBeSilenced = hint == .begin }
            secondaryAudioHints.publish(hint)
        case .inputMuteChanged(_, let muted):
            publishInputMute(muted)
        case .mediaServicesLost, .mediaServicesReset, .sessionStateChanged, .streamStateChanged, .sessionRouteChanged:
            break  // handled above, or broadcasts for monitors
        }
    }

    /// After the agent's MediaServicesReset every session is inactive: activate again if the app
    /// had it active. Call with the gate held.
    private func activateAfterReset() async {
        guard let registration = state.withLock({ $0.isActive ? $0.registration : nil }) else { return }
        do throws(AgentCallFailure) {
            try await activateAgain(registration.sessionID)
        } catch {
            logger.warning("could not become active again after the reset: \(error)")
        }
    }

    // MARK: The agent's name on the bus

    func handle(_ change: NameOwnerChange) async {
        guard change.name == AgentLink.busName else { return }
        if let oldOwner = change.oldOwner {
            // The agent the session is registered with left (or passed the name straight on).
            let wasRegistered = state.withLock { state -> Bool in
                guard state.registration?.agentOwner == oldOwner else { return false }
                state.registration = nil
                state.hardwareValues = nil
                return true
            }
            if wasRegistered {
                logger.warning("audiosessiond went away; the session keeps playing and registers again when it is back")
                loseMediaServices(.agentRestarted)
            }
        }
        guard change.newOwner != nil, await gate.run({ await reassert() }) else { return }
        if state.withLock({ $0.outstandingLoss != nil }) { resetMediaServices(otherwise: .agentRestarted) }
    }

    // MARK: Media services

    /// Delivers a loss, unless one is already outstanding.
    func loseMediaServices(_ cause: MediaServicesCause) {
        let isNew = state.withLock { state -> Bool in
            guard state.outstandingLoss == nil else { return false }
            state.outstandingLoss = cause
            return true
        }
        if isNew { mediaServicesLosses.publish(MediaServicesLoss(cause: cause)) }
    }

    /// Delivers a reset for the outstanding loss (with its cause), or with `cause` when the
    /// agent announces one the session had not seen lost.
    func resetMediaServices(otherwise cause: MediaServicesCause) {
        let lost = state.withLock { state in
            defer { state.outstandingLoss = nil }
            return state.outstandingLoss
        }
        mediaServicesResets.publish(MediaServicesReset(cause: lost ?? cause))
    }
}
