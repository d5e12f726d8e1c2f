import AudioPolicy
import Glibc
import Logging
import PulseBackend
import SoundServer

/// Carries the engine's stream decisions out on a PulseAudio-protocol server (PulseAudio or
/// pipewire-pulse): one ``DecisionSink`` for duck, silence and move, as module-role-cork and
/// module-role-ducking are two actions of one engine.
///
/// - **Duck / unduck**: volume ramps planned by ``RampPlanner`` (at least 50 steps per second),
///   driven by a ``PulseLoopTimer``; every step reads the stream, compares with what the agent
///   wrote last and writes the next volume (``DuckedStream``). A volume the user set meanwhile ends
///   the duck for that stream and becomes its level (journalled).
/// - **Silence / unsilence**: mute, journalled with whether the user had muted the stream; unsilence
///   puts that back. A user who unmutes the stream meanwhile owns its mute state from then on: the
///   agent does not mute it again, and unsilence puts back what the user chose last
///   (``SilenceMuteProgress``). A ``StreamPauser`` can add a player pause.
/// - **Move**: `move-sink-input` / `move-source-output`, journalled with the original device; not
///   carried out while the policy leaves choosing devices to a server module
///   (``ServerModuleSteward/deviceChoiceModule``), which would move the stream back.
///
/// Every change is journalled before it is sent and cleared once it is undone. The server's
/// restore database is repaired to the user's values whenever a duck, silence or move settles and
/// when a stream ends while enforced, so the next stream of the role never starts ducked or muted
/// (module-stream-restore on PulseAudio; WirePlumber's route-settings through pipewire-pulse).
///
/// Isolated to the server loop (``ServerLoopActor``): decisions arrive under the coordinator's
/// outer lock (the loop lock), timer actions and command completions on the loop thread.
@ServerLoopActor
final class PulseEnforcer: StreamDecisionEnforcer, StreamEnforcing {
    let connection: PulseConnection
    let journal: Journal
    let table: ServerStreamTable
    let logger: Logger
    let pauser: (any StreamPauser)?
    let modules: ServerModuleSteward
    var enforced: [StreamSerial: EnforcedStream] = [:]
    /// New streams' user values taken from the journal, until the engine has decided on them.
    var inherited: [StreamSerial: InheritedBase] = [:]
    /// Streams whose late-restored mute the agent undid once (``undoLateLeakedMute(_:_:)``).
    var lateMutesUndone: Set<StreamSerial> = []
    /// New streams whose user volume is being put back (``streamAppearing(_:_:)``): a duck waits
    /// for the answer before its first read.
    var volumePutBacks: Set<StreamSerial> = []
    /// What the restore entries of streams that ended held owe their next stream (``oweNextStream(of:)``).
    var owedToNextStream: [String: InheritedBase] = [:]
    /// What new streams took over from ``owedToNextStream``, until when (``OwedStreamValues/watchWindow``).
    var owedTaken: [StreamSerial: (base: InheritedBase, until: ContinuousClock.Instant)] = [:]
    var ticker: PulseLoopTimer?
    /// Player requests waiting for the loop's next turn (``askPlayer(_:)``), oldest first.
    var playerRequests: [PlayerRequest] = []
    /// Hands ``playerRequests`` over at the loop's next turn.
    var playerTurn: PulseLoopTimer?
    /// Echo cancellers loaded (or loading) for the engine, by its id.
    var echoCancellers: [EchoCancellerID: LoadedEchoCanceller] = [:]
    /// On pipewire-pulse, where the cancellers run instead of module-echo-cancel: `pipewire`
    /// processes of the agent's (module-echo-cancel inside pipewire-pulse 0.3.65 can take the
    /// server down when it is unloaded); `nil` on PulseAudio.
    let cancellerProcesses: EchoCancellerProcesses?
    /// Streams to move onto a canceller once the server links them to a device.
    var cancellerMovesAwaitingLink: [StreamSerial: EchoCancellerID] = [:]
    /// Unloads cancellers still carrying streams once their grace is over.
    var cancellerVacancyTimer: PulseLoopTimer?
    /// Vanished streams' repairs to write once more when ``repairSettler`` fires, by stream.
    var repairsToSettle: [StreamSerial: RestoreRepair] = [:]
    var repairSettler: PulseLoopTimer?
    /// Restore entries the previous agent held when the server went away, with the user's values,
    /// until this server took their repair (``writeLostServerRepairs()``).
    var lostServerRepairs = LostServerRepairs<String, RestoreRepair>()
    /// Repairs written lately, by entry name, with when (``recentRepairWindow``).
    var recentRepairs: [String: (repair: RestoreRepair, at: ContinuousClock.Instant)] = [:]
    /// Tells this agent's canceller devices from a previous agent's: the process id.
    let cancellerInstance = String(getpid())
    /// Whether the server is pipewire-pulse, whose restore entries are WirePlumber's (``RestoreRepair``).
    let isPipeWirePulse: Bool
    var isShuttingDown = false

    /// How often ramps step: 50 times a second, the slowest rate not heard as a staircase.
    static let stepInterval = Duration.milliseconds(1000 / RampPlanner.minimumStepsPerSecond)

    nonisolated init(
        connection: PulseConnection, journal: Journal, table: ServerStreamTable, modules: ServerModuleSteward,
        pauser: (any StreamPauser)?, isPipeWirePulse: Bool = false, logger: Logger
    ) {
        self.connection = connection
        self.journal = journal
        self.table = table
        self.modules = modules
        self.pauser = pauser
        self.logger = logger
        self.isPipeWirePulse = isPipeWirePulse
        cancellerProcesses = isPipeWirePulse
            ? EchoCancellerProcesses(journal: journal, logger: logger) { PulseLoopTimer.onLoop(of: connection, $0) } : nil
    }

    /// Creates the ramp ticker and the players' turn; call once, before decisions arrive.
    func start() {
        cancellerProcesses?.begin(owner: self)
        ticker = PulseLoopTimer.onLoop(of: connection) { [weak self] in self?.tick() }
        playerTurn = PulseLoopTimer.onLoop(of: connection) { [weak self] in self?.sendPlayerRequests() }
    }

    // MARK: Decisions

    func duck(_ id: StreamID, to level: Double, rampMilliseconds: Int) {
        guard let stream = table.stream(id), let ref = table.ref(of: stream.id), stream.hasVolume else { return }
        var state = enforced[ref.serial] ?? EnforcedStream(ref: ref, last: stream)
        if state.duck == nil {
            guard level < 1 else {
                // Never ducked: nothing to restore, and a duck still waiting for the link is off.
                if enforced[ref.serial]?.heldDuck != nil {
                    enforced[ref.serial]?.heldDuck = nil
                    forgetIfIdle(ref.serial)
                }
                return
            }
            guard stream.deviceIndex != nil else {
                state.heldDuck = HeldDuck(level: level, rampMilliseconds: rampMilliseconds)
                enforced[ref.serial] = state
                logger.debug("the duck waits until the stream is linked", metadata: ["stream.id": "\(id)"])
                return
            }
            state.heldDuck = nil
            var journalled = journal.pendingRestore(for: .volume(ref.serial))
            // Put back when the stream appeared (streamAppearing): the server holds the user's level.
            if journalled == nil, let base = inherited[ref.serial]?.volume {
                journalled = .volume(ref.serial, base: .streamVolume(base), appliedLevel: nil)
            }
            // A sibling's duck that leaked in since is put back now; the ramp's first read waits
            // for the answer, as a step's read waits for its write's, so it reads the user's level.
            if journalled == nil, let base = lateLeakedDuckBase(ref, stream) {
                journalled = .volume(ref.serial, base: .streamVolume(base), appliedLevel: nil)
                state.isStepInFlight = true
                send(volume: base, ref) { [weak self] _ in self?.enforced[ref.serial]?.isStepInFlight = false }
            }
            if volumePutBacks.contains(ref.serial) { state.isStepInFlight = true }
            state.duck = DuckedStream(serial: ref.serial, read: StreamVolume(stream.volume), journalled: journalled)
        }
        guard var duck = state.duck else { return }
        if let entry = duck.retarget(level: level, rampMilliseconds: rampMilliseconds) {
            guard record(entry, for: state) else { return }
        }
        state.duck = duck
        state.isRamping = true
        enforced[ref.serial] = state
        logger.debug("ramping", metadata: ["stream.id": "\(id)", "duck.level": "\(level)", "duck.ramp-ms": "\(rampMilliseconds)"])
        ticker?.arm(after: .zero)
    }

    func silence(_ id: StreamID, cause: SilenceCause, sessionProcess: Int32?) {
        guard let stream = table.stream(id), let ref = table.ref(of: stream.id) else { return }
        var state = enforced[ref.serial] ?? EnforcedStream(ref: ref, last: stream)
        guard state.silencedWasMuted == nil else { return }
        // A stream the previous agent silenced is muted now: the journal knows what the user had.
        // A new stream may have been muted by the restore database while the agent silenced its
        // role: the journal knows what the user had there too.
        // While an unsilence is on its way the server may still show the agent's mute.
        var wasMuted = state.unsilencingTo ?? inherited[ref.serial]?.isMuted ?? stream.isMuted
        if case .silence(_, .mute(let journalled))? = journal.pendingRestore(for: .silence(ref.serial)) { wasMuted = journalled }
        guard record(.silence(ref.serial, by: .mute(wasMuted: wasMuted)), for: state) else { return }
        state.silencedWasMuted = wasMuted
        state.silenceMute =
            state.unsilencingTo == nil ? SilenceMuteWatch(answered: false, since: .now) : .unwatched(since: .now)
        enforced[ref.serial] = state
        sendSilenceMute(ref)
        // Queued right behind the mute on the same connection, so the server answers the repair's
        // read after the mute (and the restore module's save of it): the entry is corrected in
        // the same loop turn, leaving new streams of the role the least time to start muted.
        repairRestoreEntry(ref.serial)
        let process = StreamAppIdentity.processID(of: stream, in: table.graph)
        // The app muted its own input: no player is paused for it.
        if cause != .inputMuted, process == nil || process != sessionProcess {
            askPlayer(.pause(stream, ofProcess: process, because: cause))
        }
        logger.debug("silencing", metadata: ["stream.id": "\(id)", "silence.cause": "\(cause.rawValue)"])
    }

    /// Sends a silence's mute; once answered, it counts as shown when the stream table already
    /// shows it muted.
    func sendSilenceMute(_ ref: ServerStreamRef) {
        send(mute: true, ref) { [weak self] succeeded in
            guard let self, succeeded else { return }
            enforced[ref.serial]?.silenceMute?.answered(showsMuted: table.stream(ref.id)?.isMuted == true)
        }
    }

    func unsilence(_ id: StreamID, resume: Bool) {
        guard let stream = table.stream(id), let ref = table.ref(of: stream.id),
            let wasMuted = enforced[ref.serial]?.silencedWasMuted
        else { return }
        logger.debug("unsilencing", metadata: ["stream.id": "\(id)", "silence.resume": "\(resume)"])
        // Not silenced from now on, before the server answers: a silence decided in the meantime
        // (a policy replaced twice, a call starting again) must mute again, not be taken as done.
        // Commands on one connection apply in order, so its mute lands after this unmute.
        enforced[ref.serial]?.silencedWasMuted = nil
        enforced[ref.serial]?.silenceMute = nil
        enforced[ref.serial]?.unsilencingTo = wasMuted
        enforced[ref.serial]?.isUnsilenceAnswered = false
        send(mute: wasMuted, ref) { [weak self] succeeded in
            guard let self, succeeded else { return }
            enforced[ref.serial]?.isUnsilenceAnswered = true
            // Shown already (or silenced again since): nothing to wait for.
            if table.stream(ref.id)?.isMuted == wasMuted || enforced[ref.serial]?.silencedWasMuted != nil {
                settleUnsilence(ref.serial)
            }
        }
        askPlayer(resume ? .resume(stream) : .release(stream))
    }

    func move(_ id: StreamID, to device: DeviceID) {
        if let module = modules.deviceChoiceModule {
            logger.info(
                "not moving the stream: the policy leaves choosing devices to a server module",
                metadata: ["stream.id": "\(id)", "device.id": "\(device)", "module.name": "\(module)"])
            return
        }
        guard let stream = table.stream(id), let ref = table.ref(of: stream.id),
            let target = StreamTranslation.device(named: device),
            let targetIndex = deviceIndex(named: target.name, kind: target.kind),
            let current = currentDeviceName(of: stream)
        else { return }
        var state = enforced[ref.serial] ?? EnforcedStream(ref: ref, last: stream)
        var original = state.movedFrom ?? current
        if case .device(_, let journalled)? = journal.pendingRestore(for: .device(ref.serial)) { original = journalled }
        guard original != target.name || state.movedFrom != nil else { return }
        guard record(.move(ref.serial, originalDevice: original), for: state) else { return }
        state.movedFrom = original
        enforced[ref.serial] = state
        send(moveTo: targetIndex, ref) { [weak self] succeeded in
            if succeeded { self?.repairRestoreEntry(ref.serial) }
        }
    }

    /// Puts a stream the policy moved back where it played before; if that device is gone, it
    /// stays where it is and only the journal entry goes.
    func unmove(_ id: StreamID) {
        guard let stream = table.stream(id), let ref = table.ref(of: stream.id), let original = enforced[ref.serial]?.movedFrom
        else { return }
        let done: @ServerLoopActor @Sendable (Bool) -> Void = { [weak self] succeeded in
            guard let self, succeeded else { return }
            enforced[ref.serial]?.movedFrom = nil
            clear(.device(ref.serial))
            repairRestoreEntry(ref.serial)
            forgetIfIdle(ref.serial)
        }
        guard let index = deviceIndex(named: original, kind: ref.kind == .playback ? .sink : .source) else {
            done(true)
            return
        }
        send(moveTo: index, ref, then: done)
    }

    /// Last-in wins: the device becomes the server's default. Not journalled: it is the choice a
    /// user plugging the device makes, and the server falls back by itself when it goes away.
    func makeDefault(_ device: DeviceID) {
        if let module = modules.deviceChoiceModule {
            logger.info(
                "not changing the default device: the policy leaves choosing devices to a server module",
                metadata: ["device.id": "\(device)", "module.name": "\(module)"])
            return
        }
        guard let target = StreamTranslation.device(named: device) else { return }
        let command: PulseCommand = target.kind == .sink ? .setDefaultSink(name: target.name) : .setDefaultSource(name: target.name)
        let logger = logger
        logger.info("making a plugged device the default (last-in wins)", metadata: ["device.id": "\(device)"])
        connection.submitOnLoop(command) { result in
            if case .failure(let error) = result {
                logger.warning("setting the default device failed", metadata: ["device.id": "\(device)", "pulse.error": "\(error)"])
            }
        }
    }

    // MARK: Journal

    /// Journals `entry` (and, first, where the stream's restore-database entry is); `false` when
    /// the journal cannot be written, in which case the change must not be made.
    func record(_ entry: JournalEntry, for state: EnforcedStream) -> Bool {
        do {
            if let name = state.restoreName { try journal.record(.restoreEntry(state.ref.serial, name: name)) }
            try journal.record(entry)
            return true
        } catch {
            logger.error(
                "not changing the stream: the journal cannot be written",
                metadata: ["stream.id": "\(state.ref.id)", "journal.error": "\(error)"])
            return false
        }
    }

    func clear(_ key: RestoreKey) {
        do { try journal.clear(key) } catch {
            logger.error("the journal cannot be written", metadata: ["journal.key": "\(key)", "journal.error": "\(error)"])
        }
    }

    /// Drops a stream whose changes are all undone, with its journal entries.
    func forgetIfIdle(_ serial: StreamSerial) {
        guard let state = enforced[serial], state.isIdle else { return }
        enforced[serial] = nil
        clear(.restoreEntry(serial))
    }

    // MARK: Commands

    func send(mute: Bool, _ ref: ServerStreamRef, then done: @escaping @ServerLoopActor @Sendable (Bool) -> Void) {
        let command: PulseCommand = ref.kind == .playback
            ? .setSinkInputMute(index: ref.index, muted: mute) : .setSourceOutputMute(index: ref.index, muted: mute)
        submit(command, ref, then: done)
    }

    func send(volume: StreamVolume, _ ref: ServerStreamRef, then done: @escaping @ServerLoopActor @Sendable (Bool) -> Void) {
        let volumes = ChannelVolumes(volume)
        let command: PulseCommand = ref.kind == .playback
            ? .setSinkInputVolume(index: ref.index, volume: volumes) : .setSourceOutputVolume(index: ref.index, volume: volumes)
        submit(command, ref, then: done)
    }

    func send(moveTo device: UInt32, _ ref: ServerStreamRef, then done: @escaping @ServerLoopActor @Sendable (Bool) -> Void) {
        let command: PulseCommand = ref.kind == .playback
            ? .moveSinkInput(index: ref.index, sinkIndex: device) : .moveSourceOutput(index: ref.index, sourceIndex: device)
        submit(command, ref, then: done)
    }

    private func submit(_ command: PulseCommand, _ ref: ServerStreamRef, then done: @escaping @ServerLoopActor @Sendable (Bool) -> Void) {
        let logger = logger
        connection.submitOnLoop(command) { result in
            if case .failure(let error) = result {
                logger.warning("a command failed", metadata: ["stream.id": "\(ref.id)", "pulse.error": "\(error)"])
            }
            done(result.isSuccess)
        }
    }

    func deviceIndex(named name: String, kind: SoundDevice.Kind) -> UInt32? {
        (kind == .sink ? table.graph.sink(named: name) : table.graph.source(named: name))?.index
    }

    func currentDeviceName(of stream: SoundStream) -> String? {
        table.graph.device(of: stream)?.name
    }
}

extension Result {
    var isSuccess: Bool { if case .success = self { true } else { false } }
}

extension PulseEnforcer {
    /// The server went away with the streams it silenced: their players' MPRIS pauses are let go
    /// of without a resume (the app decides, after MediaServicesReset, whether to play again).
    func letGoOfPlayers() {
        // The loop may not turn again: what is queued goes now, before the releases.
        sendPlayerRequests()
        for state in enforced.values where state.silencedWasMuted != nil {
            pauser?.release(state.last)
        }
    }

    /// Stops acting without undoing anything (a simulated crash): ramps stop, state is dropped.
    func abandon() {
        isShuttingDown = true
        inherited = [:]
        lateMutesUndone = []
        volumePutBacks = []
        owedTaken = [:]
        modules.abandon()
        ticker?.cancel()
        playerTurn?.cancel()
        playerRequests = []
        cancellerVacancyTimer?.cancel()
        // As the parent-death signal would end them; the journal keeps them for the next agent.
        cancellerProcesses?.endAll(keepingJournal: true)
        repairSettler?.cancel()
        repairsToSettle = [:]
        enforced = [:]
    }
}
