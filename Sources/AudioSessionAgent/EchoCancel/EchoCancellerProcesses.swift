import AudioPolicy
import Logging

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The echo cancellers an enforcer runs in `pipewire -c FILE` processes of the agent's, one per
/// canceller, so the DSP runs neither in the agent nor in a sound server's process: the native
/// backend's, and the pulse backend's on pipewire-pulse (where module-echo-cancel inside
/// pipewire-pulse can take the server down when it is unloaded, docs/voice-processing.md).
///
/// For each canceller it writes the configuration (``NativeEchoCancellerConfiguration``) beside
/// the journal, starts the process from the loop thread (a loop timer: the parent-death signal
/// follows the thread, ``HelperProcess``), journals it by PID and start time before anything
/// relies on it, looks for its sink and source in the owner's view of the server whenever a
/// device appears there (``devicesAppeared()``, from the graph's events), then hands the streams
/// that waited for them to the owner, which moves them by its own protocol. Ending sends SIGTERM,
/// reaps on a dispatch thread and clears the journal entry once the process has gone.
///
/// Isolated to the server loop (``ServerLoopActor``), as its owner is.
///
/// ```swift
/// let processes = EchoCancellerProcesses(journal: journal, logger: logger) { PulseLoopTimer.onLoop(of: connection, $0) }
/// processes.begin(owner: steward)
/// processes.start(configuration)            // owner.echoCancellerReady(id, waiting:) once its devices exist
/// processes.devicesAppeared()               // the graph's deviceAppeared: are they there now?
/// processes.end(configuration.module.canceller.id)
/// ```
@ServerLoopActor
final class EchoCancellerProcesses: EchoCancellerHost {
    /// How long a canceller's devices may take to appear before it is given up (the one thing
    /// the timer waits for besides the loop's next turn; their appearance is an event).
    static let startTimeout = Duration.seconds(20)

    let journal: Journal
    let logger: Logger
    /// Sees the devices and moves the streams; weak, the owner holds this.
    private(set) weak var owner: (any EchoCancellerOwner)?
    /// The remote the agent was told to use, for the processes; `nil`: their environment's.
    var remote: String?
    /// The cancellers, by the engine's id.
    private(set) var cancellers: [EchoCancellerID: NativeEchoCanceller] = [:]
    private var timer: (any LoopTimer)?
    private let makeTimer: @Sendable (@escaping @ServerLoopActor @Sendable () -> Void) -> any LoopTimer
    private let clock = ContinuousClock()
    private var isEnded = false

    nonisolated init(
        journal: Journal, logger: Logger, makeTimer: @escaping @Sendable (@escaping @ServerLoopActor @Sendable () -> Void) -> any LoopTimer
    ) {
        self.journal = journal
        self.logger = logger
        self.makeTimer = makeTimer
    }

    /// Serves `owner` from now on; call once, as the owner starts enforcing. The timer is made
    /// here, not at the first canceller, so the agent's descriptors do not grow with use.
    func begin(owner: any EchoCancellerOwner) {
        self.owner = owner
        timer = makeTimer { [weak self] in self?.service() }
    }

    /// Writes the canceller's configuration and has the loop thread start its process.
    func start(_ configuration: NativeEchoCancellerConfiguration) {
        let id = configuration.module.canceller.id
        guard !isEnded, cancellers[id] == nil else { return }
        if configuration.substitutesWebRTC {
            logger.warning(
                "PipeWire ships only the WebRTC echo canceller: running it instead of \(configuration.module.canceller.settings.kind.rawValue)",
                metadata: ["echo-cancel.id": "\(id)"])
        }
        let path = journal.path + ".echo-cancel-\(configuration.module.instance)-\(id).conf"
        if case .failure(let error) = Self.write(configuration.text, toFile: path) {
            logger.error(
                "cannot write an echo canceller's configuration: the call's audio stays unprocessed",
                metadata: ["echo-cancel.id": "\(id)", "file.error": "\(error.reason)"])
            owner?.echoCancellerGaveUp(id)
            return
        }
        cancellers[id] = NativeEchoCanceller(configuration: configuration, configurationPath: path, requested: clock.now)
        logger.info("starting an echo canceller", metadata: ["echo-cancel.id": "\(id)", "echo-cancel.file": "\(path)"])
        armTimer(after: .zero)
    }

    /// A device appeared in the owner's view of the server (the graph's event, loop thread): the
    /// cancellers still starting are looked for.
    func devicesAppeared() {
        guard cancellers.values.contains(where: { !$0.isReady && $0.process != nil }) else { return }
        service()
    }

    var configurations: [EchoCancellerID: NativeEchoCancellerConfiguration] { cancellers.mapValues(\.configuration) }

    /// Whether the canceller's devices exist, so streams can be moved onto them.
    func isReady(_ id: EchoCancellerID) -> Bool { cancellers[id]?.isReady == true }

    /// Has `stream` wait for the canceller's devices; the owner gets it back when they exist.
    func waitToMove(_ stream: StreamID, onto id: EchoCancellerID) {
        cancellers[id]?.waitingMoves.append(stream)
    }

    /// Ends the canceller's process (its streams' moves off it were sent first) and, once it has
    /// gone, its journal entry. While another canceller is starting with streams waiting for it
    /// (the route changed), the process keeps those streams until that one is ready.
    func end(_ id: EchoCancellerID) {
        guard let canceller = cancellers.removeValue(forKey: id) else { return }
        removeConfiguration(of: canceller)
        for process in canceller.retiring { end(process, id: nil) }
        guard let process = canceller.process else { return }
        if let successor = cancellers.first(where: { !$0.value.isReady && !$0.value.waitingMoves.isEmpty })?.key {
            cancellers[successor]?.retiring.append(process)
            logger.debug("an echo canceller ends once its successor is ready", metadata: ["echo-cancel.id": "\(id)"])
            return
        }
        end(process, id: id)
    }

    /// Ends every canceller at once and waits for the processes: nothing is left for the server
    /// to answer.
    func endAll(counter: WorkCounter) { endAll() }

    /// Ends the processes a previous agent recorded (``endRecorded()``).
    func endLeftovers(counter: WorkCounter) { endRecorded() }

    /// Ends every process as the parent-death signal would; the journal keeps them.
    func abandon() { endAll(keepingJournal: true) }

    /// Ends every canceller at once and waits for the processes (the agent is stopping, or has
    /// lost its server). With `keepingJournal` (a simulated crash, a lost server) the journal
    /// keeps them, as the parent-death signal would leave it.
    func endAll(keepingJournal: Bool = false) {
        isEnded = true
        timer?.cancel()
        for (id, canceller) in cancellers.sorted(by: { $0.key < $1.key }) {
            removeConfiguration(of: canceller)
            for process in canceller.retiring + (canceller.process.map { [$0] } ?? []) {
                logger.info("ending an echo canceller", metadata: ["echo-cancel.id": "\(id)", "process.id": "\(process.pid)"])
                process.terminateAndWait()
                if !keepingJournal { clear(process) }
            }
        }
        cancellers = [:]
    }

    /// Ends canceller processes a previous agent recorded, if they still run (PID and start time
    /// match), and forgets them. Their streams' moves are journalled on their own.
    func endRecorded() {
        for case .process(let pid, let startTime, let command) in journal.pendingRestores {
            if cancellers.values.contains(where: { $0.process?.pid == pid && $0.process?.startTime == startTime }) { continue }
            if HelperProcess.endRecorded(pid: pid, startTime: startTime) {
                logger.info("ended an echo canceller a previous agent left", metadata: ["process.id": "\(pid)", "process.command": "\(command)"])
            }
            clear(HelperProcess(pid: pid, startTime: startTime, command: command))
        }
    }

    // MARK: Starting, on the loop thread

    private func armTimer(after delay: Duration) {
        timer?.arm(after: delay)
    }

    /// The timer's turn or a device's appearance (loop thread, loop locked): starts cancellers not
    /// started yet, hands the waiting streams of those whose devices have appeared to the owner,
    /// and gives up those past ``startTimeout``; the timer is armed for the next give-up.
    private func service() {
        guard !isEnded else { return }
        var nextGiveUp: ContinuousClock.Instant?
        for id in cancellers.keys.sorted() {
            guard var canceller = cancellers[id], !canceller.isReady else { continue }
            if canceller.process == nil {
                guard let process = startProcess(for: canceller, id: id) else {
                    giveUp(id)
                    continue
                }
                canceller.process = process
                cancellers[id] = canceller
            }
            if owner?.echoCancellerDevicesExist(canceller.configuration) == true {
                canceller.isReady = true
                let waiting = canceller.waitingMoves
                canceller.waitingMoves = []
                let retiring = canceller.retiring
                canceller.retiring = []
                cancellers[id] = canceller
                // The process has read its configuration.
                removeConfiguration(of: canceller)
                logger.info("an echo canceller is ready", metadata: ["echo-cancel.id": "\(id)"])
                owner?.echoCancellerReady(id, waiting: waiting)
                for process in retiring { end(process, id: nil) }
            } else if clock.now - canceller.requested > Self.startTimeout {
                logger.error(
                    "an echo canceller's devices never appeared: the call's audio stays unprocessed",
                    metadata: ["echo-cancel.id": "\(id)"])
                giveUp(id)
            } else {
                let giveUp = canceller.requested + Self.startTimeout
                nextGiveUp = min(nextGiveUp ?? giveUp, giveUp)
            }
        }
        if let nextGiveUp { armTimer(after: max(nextGiveUp - clock.now, .zero) + .milliseconds(1)) }
    }

    private func giveUp(_ id: EchoCancellerID) {
        end(id)
        owner?.echoCancellerGaveUp(id)
    }

    /// Starts and journals the process; `nil` (logged) when it cannot be started or journalled.
    private func startProcess(for canceller: NativeEchoCanceller, id: EchoCancellerID) -> HelperProcess? {
        // It finds the server as the agent did: the agent's environment, with its remote.
        var environment = ProcessSyscalls.currentEnvironment()
        if let remote { environment["PIPEWIRE_REMOTE"] = remote }
        switch HelperProcess.start(["pipewire", "-c", canceller.configurationPath], environment: environment) {
        case .failure(let error):
            logger.error(
                "cannot start pipewire for an echo canceller: the call's audio stays unprocessed",
                metadata: ["echo-cancel.id": "\(id)", "process.error": "\(error.reason)"])
            return nil
        case .success(let process):
            do { try journal.record(process.journalEntry) } catch {
                logger.error(
                    "not running an echo canceller: the journal cannot be written", metadata: ["journal.error": "\(error)"])
                process.terminateAndWait()
                return nil
            }
            logger.info("started pipewire for an echo canceller", metadata: ["echo-cancel.id": "\(id)", "process.id": "\(process.pid)"])
            return process
        }
    }

    // MARK: Ending

    private func end(_ process: HelperProcess, id: EchoCancellerID?) {
        logger.info("ending an echo canceller", metadata: ["echo-cancel.id": "\(id.map { "\($0)" } ?? "retired")", "process.id": "\(process.pid)"])
        let journal = journal
        let logger = logger
        process.terminate {
            do { try journal.clear(.process(pid: process.pid, startTime: process.startTime)) } catch {
                logger.error("the journal cannot be written", metadata: ["journal.error": "\(error)"])
            }
        }
    }

    private func clear(_ process: HelperProcess) {
        do { try journal.clear(.process(pid: process.pid, startTime: process.startTime)) } catch {
            logger.error("the journal cannot be written", metadata: ["journal.error": "\(error)"])
        }
    }

    private static func write(_ text: String, toFile path: String) -> Result<Void, SystemErrno> {
        FileSyscalls.open(path, O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600).flatMap { descriptor in
            defer { FileSyscalls.close(descriptor) }
            return FileSyscalls.writeAll(descriptor, Array(text.utf8))
        }
    }

    private func removeConfiguration(of canceller: NativeEchoCanceller) {
        _ = FileSyscalls.removeFile(canceller.configurationPath)
    }
}
