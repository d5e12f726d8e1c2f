import AudioSessionBus
import AudioSessionModel
import Logging
import Synchronization

/// The machinery behind an ``AudioSession``: its state, its links to the agent and the sound
/// server, and the broadcasts its notifications come from.
///
/// The core does not know the public object, so the session's one listening task (which holds
/// the core) never keeps the session alive: releasing or closing the session cancels it.
final class SessionCore: Sendable {
    /// Work the synchronous API hands to the listener, which owns the asynchronous side.
    enum Command: Sendable {
        /// Send the configuration to the agent (after a synchronous `setCategory`).
        case pushConfiguration
        /// Send the output override and preferred input to the agent (after a synchronous change).
        case pushRouting
    }

    let applicationID: String?
    let logger: Logger
    let state = Mutex(SessionState())
    /// Serialises the multi-call exchanges with the agent (register, configure, activate).
    let gate = SerialGate()
    /// Open once the first look for the agent and the server is done.
    let started = Latch()
    let agent: AgentLink
    let server: ServerLink

    let interruptions = EventBroadcast<Interruption>()
    let routeChanges = EventBroadcast<RouteChange>()
    let secondaryAudioHints = EventBroadcast<SilenceSecondaryAudioHint>()
    let mediaServicesLosses = EventBroadcast<MediaServicesLoss>()
    let mediaServicesResets = EventBroadcast<MediaServicesReset>()
    let outputVolumes = EventBroadcast<Float>()
    let inputMutes = EventBroadcast<Bool>()
    let inputAvailabilities = EventBroadcast<Bool>()
    let agentRefusals = EventBroadcast<AudioSession.AgentRefusal>()

    private let commands: AsyncStream<Command>
    private let commandSink: AsyncStream<Command>.Continuation

    init(applicationID: String?, options: AudioSession.ConnectionOptions) {
        self.applicationID = applicationID
        var logger = options.logger
        if let applicationID { logger[metadataKey: "application.id"] = "\(applicationID)" }
        self.logger = logger
        agent = AgentLink(address: options.busAddress, timeout: options.agentCallTimeout, logger: logger)
        server = ServerLink(
            server: options.soundServer, applicationName: applicationID ?? "AudioSession", logger: logger)
        (commands, commandSink) = AsyncStream.makeStream(of: Command.self, bufferingPolicy: .unbounded)
    }

    func send(_ command: Command) { commandSink.yield(command) }

    /// The session's life: find the agent and the server, then follow the agent's signals, its
    /// name on the bus, the app's queued commands and the server, until cancelled.
    func run() async {
        var signals: BusSignals?
        var owners: NameOwnerChanges?
        if let bus = agent.connect() {
            do {
                // Both subscriptions are in place before the first look, so no change is missed.
                signals = try await bus.signals(
                    matching: BusMatchRule(sender: AgentLink.busName, interface: AgentLink.interface))
                owners = try await bus.nameOwnerChanges(of: AgentLink.busName)
            } catch {
                logger.warning("cannot follow the agent on the bus: \(error)")
            }
        }
        await server.connect()
        let registered = await gate.run { await reassert() }
        if !registered {
            logger.notice("audiosessiond is not running: the session works locally until it appears")
        }
        rememberLocalRoute()
        started.open()

        await withTaskGroup(of: Void.self) { group in
            if let signals {
                group.addTask {
                    for await signal in signals { await self.handle(signal) }
                }
            }
            if let owners {
                group.addTask {
                    for await change in owners { await self.handle(change) }
                }
            }
            group.addTask {
                for await command in self.commands {
                    switch command {
                    case .pushConfiguration:
                        await self.gate.run {
                            await self.pushConfiguration()
                            // Mixable or not decides whether the agent forces the preferences.
                            await self.refreshHardwareValues()
                        }
                    case .pushRouting: await self.gate.run { await self.pushRouting() }
                    }
                }
            }
            group.addTask {
                await self.server.follow(
                    onEvent: { _, graph in self.serverChanged(graph) },
                    onLost: { self.serverLost() },
                    onBack: { await self.serverBack() })
            }
        }
    }

    /// Ends every sequence and link; the listening task ends with them.
    func close() {
        let wasClosed = state.withLock { state in
            defer { state.isClosed = true }
            return state.isClosed
        }
        guard !wasClosed else { return }
        commandSink.finish()
        agent.close()
        server.close()
        interruptions.finish()
        routeChanges.finish()
        secondaryAudioHints.finish()
        mediaServicesLosses.finish()
        mediaServicesResets.finish()
        outputVolumes.finish()
        inputMutes.finish()
        inputAvailabilities.finish()
        agentRefusals.finish()
    }
}
