public import AudioPolicy
public import AudioSessionBus
public import Logging
import AudioSessionContract
import AudioSessionModel
import Synchronization

/// Turns the engine's decisions into the agent's signals (docs/dbus-api.md, *Signals*).
///
/// Session signals (`InterruptionBegan`, `InterruptionEnded`, `RouteChanged`,
/// `SecondaryAudioHint`, `InputMuteChanged`) go to the owning connection only; `SessionStateChanged`,
/// `StreamStateChanged` and `SessionRouteChanged` are broadcast for monitors. The coordinator calls
/// ``carryOut(_:after:in:)`` inside its lock: the notifier only works out the signals and queues
/// them; ``sendQueued()``, which the coordinator calls once the event's server commands are out,
/// hands them to the bus connection's own thread in one go, which sends them in order. It never
/// waits for the bus.
///
/// ```swift
/// let notifier = AgentNotifier(connection: bus, status: board)
/// let coordinator = PolicyCoordinator(engine: engine, sinks: [catalog, notifier])
/// notifier.mediaServicesLost()    // the sound server went away
/// ```
public final class AgentNotifier: DecisionSink {
    private let connection: BusConnection
    private let status: AgentStatusBoard
    private let logger: Logger
    /// Each live session's activity as last announced, to tell when it changes.
    private let activities = Mutex<[SessionID: SessionActivity]>([:])
    /// Each live session's input mute as last announced, to tell when it changes.
    private let inputMutes = Mutex<[SessionID: Bool]>([:])
    /// Signals ``carryOut(_:after:in:)`` made, waiting for ``sendQueued()``, oldest first.
    private let outbox = Mutex<[BusSignalEmission]>([])

    /// A notifier that emits on `connection` and keeps `status`'s media-services flag.
    public init(connection: BusConnection, status: AgentStatusBoard, logger: Logger = Logger(label: "org.audiosession.agent")) {
        self.connection = connection
        self.status = status
        self.logger = logger
    }

    public func carryOut(_ decisions: [PolicyDecision], after event: PolicyEvent, in view: PolicyView) {
        // Between MediaServicesLost and MediaServicesReset sessions hear nothing else: what the
        // engine makes of the old server's streams vanishing and the new one's appearing is the
        // reset itself, after which apps read their state again.
        if status.current.mediaServicesAvailable {
            for decision in decisions {
                notifySession(of: decision, in: view)
            }
            announceRouteChanges(decisions)
        }
        announceActivityChanges(after: event, decisions: decisions, in: view)
        announceInputMute(after: event, in: view)
        announceStreamChanges(decisions, in: view)
    }

    /// The sound server went away: broadcasts `MediaServicesLost`; `Activate` is refused with
    /// `MediaServicesUnavailable` until ``mediaServicesReset()``.
    public func mediaServicesLost() {
        status.update { $0.mediaServicesAvailable = false }
        emit(.mediaServicesLost)
        sendQueued()
    }

    /// The sound server is back (or was replaced): broadcasts `MediaServicesReset`.
    public func mediaServicesReset() {
        status.update { $0.mediaServicesAvailable = true }
        emit(.mediaServicesReset)
        sendQueued()
    }

    // MARK: Session signals

    private func notifySession(of decision: PolicyDecision, in view: PolicyView) {
        switch decision {
        case .interruptionBegan(let id, let reason, _):
            emit(.interruptionBegan(session: id.rawValue, reason: reason.kebabName), to: id, in: view)
        case .interruptionEnded(let id, let shouldResume, _):
            emit(.interruptionEnded(session: id.rawValue, shouldResume: shouldResume), to: id, in: view)
        case .routeChanged(let id, let reason, let previous, _, _):
            emit(.routeChanged(session: id.rawValue, reason: reason.kebabName, previousRoute: previous), to: id, in: view)
        case .secondaryAudioHint(let id, let hint, _):
            emit(.secondaryAudioHint(session: id.rawValue, hint: hint.rawValue), to: id, in: view)
        case .loadEchoCanceller, .moveToEchoCanceller, .unloadEchoCanceller: break
        case .activated, .activationRefused, .duck, .unduck, .silence, .unsilence, .move, .unmove, .setDefaultDevice,
            .setCardProfile:
            break
        }
    }

    /// `InputMuteChanged` to the owner when its `SetInputMuted` changed the session's input mute.
    /// Sent whatever the media services' state: the mute holds on the server the agent comes back to.
    private func announceInputMute(after event: PolicyEvent, in view: PolicyView) {
        if case .sessionEnded(let id) = event { inputMutes.withLock { $0[id] = nil } }
        guard case .inputMuteChanged(let id, _) = event, let muted = view.engine.isInputMuted(session: id) else { return }
        let changed = inputMutes.withLock { known in
            defer { known[id] = muted }
            return (known[id] ?? false) != muted
        }
        if changed { emit(.inputMuteChanged(session: id.rawValue, muted: muted), to: id, in: view) }
    }

    // MARK: Broadcasts for monitors

    private func announceActivityChanges(after event: PolicyEvent, decisions: [PolicyDecision], in view: PolicyView) {
        var candidates = decisions.compactMap(\.session)
        if let session = event.session { candidates.append(session) }
        guard !candidates.isEmpty else { return }
        var seen = Set<SessionID>()
        let changes = activities.withLock { known -> [(SessionID, SessionActivity, String)] in
            var changes: [(SessionID, SessionActivity, String)] = []
            for id in candidates where seen.insert(id).inserted {
                let now = view.registry[id] == nil ? nil : view.engine.activity(of: id)
                let before = known[id] ?? .inactive
                known[id] = now
                let after = now ?? .inactive
                guard after != before else { continue }
                let cause = decisions.first { $0.session == id }?.explanation ?? event.releaseExplanation
                changes.append((id, after, cause?.description ?? "unknown"))
            }
            return changes
        }
        for (id, activity, rule) in changes {
            emit(.sessionStateChanged(session: id.rawValue, activity: activity.rawValue, rule: rule))
        }
    }

    /// `SessionRouteChanged` for each route change: the owner's `RouteChanged`, with the route
    /// after it, for monitors.
    private func announceRouteChanges(_ decisions: [PolicyDecision]) {
        for case .routeChanged(let id, let reason, let previous, let current, _) in decisions {
            emit(
                .sessionRouteChanged(
                    session: id.rawValue, reason: reason.kebabName, previousRoute: previous, currentRoute: current))
        }
    }

    /// One `StreamStateChanged` per stream an event changed, with its effect after the event and
    /// the first decision's rule; a move is a route matter, not an effect.
    private func announceStreamChanges(_ decisions: [PolicyDecision], in view: PolicyView) {
        var seen = Set<StreamID>()
        for decision in decisions {
            if case .move = decision { continue }
            guard let stream = decision.stream, seen.insert(stream).inserted,
                let effect = view.engine.effects(on: stream)
            else { continue }
            let why = decision.explanation
            emit(
                .streamStateChanged(
                    stream: stream.rawValue, effect: AgentWireNames.effect(effect), level: AgentWireNames.level(effect),
                    rule: why.rule, source: why.source.map(AgentWireNames.participant) ?? ""))
        }
    }

    // MARK: Sending

    private func emit(_ signal: AgentSignal, to session: SessionID, in view: PolicyView) {
        guard let owner = view.registry[session]?.owner.uniqueName else { return }
        emit(signal, destination: owner)
    }

    /// Queues a signal for ``sendQueued()``: building and handing a message to the bus thread wakes
    /// that thread, which on a busy machine takes the core from the loop thread before the loop
    /// has written the server commands of the same event.
    private func emit(_ signal: AgentSignal, destination: String? = nil) {
        do {
            let emission = BusSignalEmission(
                path: try BusObjectPath(validating: AgentInterface.objectPath), interface: AgentInterface.name,
                name: signal.name, arguments: signal.arguments, destination: destination)
            outbox.withLock { $0.append(emission) }
        } catch {
            logger.debug("a signal could not be built", metadata: ["bus.signal": "\(signal.name)", "bus.error": "\(error)"])
        }
    }

    /// Sends the queued signals, oldest first, in one hand-over to the bus thread.
    public func sendQueued() {
        // Taken and handed over under one hold of the lock, so two threads sending keep the order.
        outbox.withLock { queued in
            guard !queued.isEmpty else { return }
            defer { queued = [] }
            do {
                try connection.emitSignals(queued)
            } catch {
                logger.debug(
                    "signals could not be sent",
                    metadata: ["bus.signals": "\(queued.map(\.name))", "bus.error": "\(error)"])
            }
        }
    }
}
