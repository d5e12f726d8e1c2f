import AudioPolicy
import Logging
import PulseBackend
import SoundServer

/// Carries the engine's stream decisions out on a PulseAudio-protocol server (PulseAudio or
/// pipewire-pulse): one ``DecisionSink`` for duck, silence and move, as module-role-cork and
/// module-role-ducking are two actions of one engine.
///
/// - **Duck / unduck**: volume ramps planned by ``RampPlanner`` (at least 50 steps per second),
///   driven by a ``PulseLoopTimer``; every step reads the stream, compares with what the agent
///   wrote last and writes the next volume (``StreamDuck``, the core's ramp). A volume the user set meanwhile ends
///   the duck for that stream and becomes its level (journalled).
/// - **Silence / unsilence**: mute, journalled with whether the user had muted the stream; unsilence
///   puts that back. A user who unmutes the stream meanwhile owns its mute state from then on: the
///   agent does not mute it again, and unsilence puts back what the user chose last
///   (``SilenceMuteProgress``). A ``StreamPauser`` can add a player pause.
/// - **Move**: `move-sink-input` / `move-source-output`, journalled with the original device; not
///   carried out while the policy leaves choosing devices to a server module
///   (``PulseModuleSteward/deviceChoiceModule``), which would move the stream back.
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
    let modules: PulseModuleSteward
    /// Says the core's commands on this protocol.
    let actuator: any StreamActuator
    var enforced: [StreamSerial: EnforcedStream] = [:]
    /// New streams' user values taken from the journal, until the engine has decided on them.
    var inherited: [StreamSerial: OwedStreamValues] = [:]
    /// Streams whose late-restored mute the agent undid once (``undoLateLeakedMute(_:_:)``).
    var lateMutesUndone: Set<StreamSerial> = []
    /// New streams whose user volume is being put back (``streamAppearing(_:_:)``): a duck waits
    /// for the answer before its first read.
    var volumePutBacks: Set<StreamSerial> = []
    var owedToNextStream: [String: OwedStreamValues] = [:]
    var owedWatches: [StreamSerial: OwedValuesWatch] = [:]
    var ticker: (any LoopTimer)?
    /// Player requests waiting for the loop's next turn (``askPlayer(_:)``), oldest first.
    var playerRequests: [PlayerRequest] = []
    /// Hands ``playerRequests`` over at the loop's next turn.
    var playerTurn: PulseLoopTimer?
    /// The engine's echo cancellers: module-echo-cancel on PulseAudio; on pipewire-pulse
    /// `pipewire` processes of the agent's, as natively (module-echo-cancel inside pipewire-pulse
    /// 0.3.65 can take the server down when it is unloaded). Streams go onto them by name.
    let cancellers: EchoCancellerSteward
    /// Restore entries the previous agent held when the server went away, with the user's values,
    /// until this server took their repair (``writeLostServerRepairs()``).
    var lostServerRepairs = LostServerRepairs<String, OwedStreamValues>()
    var recentRepairs = RecentRepairs<String, OwedStreamValues>()
    /// Whether the server is pipewire-pulse, whose restore entries are WirePlumber's (``PulseRestoreRepair``).
    let isPipeWirePulse: Bool
    /// The read of the restore database that a change of it started (``restoreStoreChanged()``).
    var restoreStoreRead = RestoreStoreRead()
    var isShuttingDown = false

    nonisolated init(
        connection: PulseConnection, journal: Journal, table: ServerStreamTable, modules: PulseModuleSteward,
        pauser: (any StreamPauser)?, isPipeWirePulse: Bool = false, logger: Logger
    ) {
        self.connection = connection
        self.journal = journal
        self.table = table
        self.modules = modules
        self.pauser = pauser
        self.logger = logger
        self.isPipeWirePulse = isPipeWirePulse
        actuator = PulseStreamActuator(connection: connection, table: table, modules: modules, logger: logger)
        let host: any EchoCancellerHost =
            isPipeWirePulse
            ? EchoCancellerProcesses(journal: journal, logger: logger) { PulseLoopTimer.onLoop(of: connection, $0) }
            : EchoCancellerModules(connection: connection, table: table, logger: logger)
        cancellers = EchoCancellerSteward(host: host, table: table, movesUnlinkedStreams: false, logger: logger)
    }

    /// Creates the ramp ticker and the players' turn; call once, before decisions arrive.
    func start() {
        cancellers.begin(mover: self) { PulseLoopTimer.onLoop(of: connection, $0) }
        ticker = PulseLoopTimer.onLoop(of: connection) { [weak self] in self?.tick() }
        playerTurn = PulseLoopTimer.onLoop(of: connection) { [weak self] in self?.sendPlayerRequests() }
    }

    // MARK: Decisions

    /// A first duck starts from the user's volume: the journal's (an agent that crashed ducked the
    /// stream), the one the stream took from the journal as it appeared, or a ducked sibling's
    /// that leaked in since; otherwise the volume the stream shows. A stream not linked yet
    /// keeps the duck waiting (``HeldDuck``).
    func startDuck(of state: inout EnforcedStream, _ stream: SoundStream, level: Double, rampMilliseconds: Int) -> StreamDuck? {
        let ref = state.ref
        guard level < 1, stream.hasVolume else {
            // Never ducked: nothing to restore, and a duck still waiting for the link is off.
            state.heldDuck = nil
            return nil
        }
        guard stream.deviceIndex != nil else {
            state.heldDuck = HeldDuck(level: level, rampMilliseconds: rampMilliseconds)
            logger.debug("the duck waits until the stream is linked", metadata: ["stream.id": "\(ref.id)"])
            return nil
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
            actuator.setLevel(.streamVolume(base), of: ref) { [weak self] _ in self?.enforced[ref.serial]?.isStepInFlight = false }
        }
        if volumePutBacks.contains(ref.serial) { state.isStepInFlight = true }
        return StreamDuck(serial: ref.serial, shown: .streamVolume(StreamVolume(stream.volume)), journalled: journalled)
    }

    /// The restore database saved the ramp's steps (or the user's level): a duck that stays, or
    /// that the user took over, is written back as the user's values. A restored one saved them.
    func levelSettled(_ state: EnforcedStream, restored: Bool) {
        if !restored { repairRestoreEntry(state.ref.serial) }
    }

    /// A new stream may have been muted by the restore database while the agent silenced its
    /// role: the journal's inherited values know what the user had there.
    func userMute(of state: EnforcedStream, _ stream: SoundStream) -> Bool {
        state.unsilencingTo ?? inherited[state.ref.serial]?.userMute ?? stream.isMuted
    }

    /// Queued right behind the mute on the same connection, so the server answers the repair's
    /// read after the mute (and the restore module's save of it): the entry is corrected in the
    /// same loop turn, leaving new streams of the role the least time to start muted.
    func mutedToSilence(_ ref: ServerStreamRef) { repairRestoreEntry(ref.serial) }
}

extension Result {
    var isSuccess: Bool { if case .success = self { true } else { false } }
}

extension PulseEnforcer {
    /// What new streams inherited, the players' queue and the server modules' bookkeeping go, as
    /// a crash would drop them.
    func dropProtocolState() {
        inherited = [:]
        lateMutesUndone = []
        volumePutBacks = []
        modules.abandon()
        playerTurn?.cancel()
        playerRequests = []
    }
}
