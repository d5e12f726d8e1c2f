import AudioPolicy
import AudioSessionContract
import Logging
import PipeWireBackend
import SoundServer

/// Carries the engine's stream decisions out on PipeWire's native API, beside WirePlumber:
///
/// - **Duck / unduck**: a ramp of the node's Props `volume` factor (``RampPlanner``'s levels, 50
///   steps a second on a ``PipeWireLoopTimer``). The factor multiplies with the user's
///   `channelVolumes`, which the agent never writes: a user's volume change during a duck is kept
///   as it is. WirePlumber 0.4's restore-stream saves the factor too, so each settled ramp (and a
///   ducked stream's end) writes the node's own factor back through the `route-settings` metadata.
/// - **Silence / unsilence**: the node's Props mute for an app's input mute; otherwise the node's
///   Pause command, tracked here (the node keeps reporting running), with its Props mute unless
///   the user had muted it: the server runs a relinked node again whatever a third client paused,
///   and the mute keeps it silent (docs/routing.md). The Pause is sent again whenever the node is
///   relinked. Unsilence unmutes, then Starts the node, after the ``StreamPauser``'s MPRIS Play
///   where it paused the player, and only a node its client keeps active. A node that plays into
///   a sink a loopback carries on (an effects host's virtual output) is muted by its Props
///   instead: a Pause there stalls the whole sink, every other app's sound with it
///   (`NodePauseFacts.pauseStallsAVirtualSink`). So is a stream held after an unplug: only its
///   player's stop ends that hold, and a paused stream never reaches its end
///   (``EnforcementCore/muteInsteadOfPause(_:cause:)``).
/// - **Move / unmove**: the stream's `target.object` in the `default` metadata, which WirePlumber
///   honours; unmove removes it and WirePlumber links the stream by its own rules again.
/// - **Default device**: `default.configured.audio.sink` / `.source` in the `default` metadata.
///
/// Every change is journalled before it is sent and cleared once undone: a duck with the node's
/// factor as its base (``LevelBase/nodeFactor(_:)``), a silence as a Pause and mute
/// (``SilenceMechanism/pauseAndMute``), or a Pause alone where the user had muted the node.
/// Isolated to the server loop (``ServerLoopActor``): everything runs with the PipeWire loop locked.
@ServerLoopActor
final class PipeWireEnforcer: StreamDecisionEnforcer, StreamEnforcing {
    let connection: PipeWireConnection
    let journal: Journal
    let table: ServerStreamTable
    let pauser: (any StreamPauser)?
    let logger: Logger
    /// Says the core's commands on this protocol.
    let actuator: any StreamActuator
    var enforced: [StreamSerial: EnforcedStream] = [:]
    var ticker: (any LoopTimer)?
    /// Writes restore entries again once the node's own Props change has reached WirePlumber.
    var settler: PipeWireLoopTimer?
    /// What restore entries were written lately, by restore key, to write again at the settler's turn.
    var unsettled: [WirePlumberRestoreKey: OwedStreamValues] = [:]
    var isShuttingDown = false
    /// Journal entries undone while stopping, kept until the server has the commands.
    var undoneAwaitingSync: [RestoreKey] = []
    /// Nodes whose Start waits until they run again (``startUnlessCorked(_:)``).
    var startsAwaitingRun: Set<StreamSerial> = []
    /// The engine's echo cancellers: `libpipewire-module-echo-cancel` in `pipewire` processes of
    /// the agent's (the DSP never runs in the agent); streams go onto them by `target.object`,
    /// journalled as moves. PipeWire 0.3.65 ships only WebRTC: a policy asking for speex runs
    /// WebRTC, logged.
    let cancellers: EchoCancellerSteward
    /// The processes that run them, told the agent's remote.
    let cancellerProcesses: EchoCancellerProcesses
    /// Restore keys the previous agent left ducked when PipeWire went away, with their own factors.
    var lostServerRepairs = LostServerRepairs<String, OwedStreamValues>()
    /// Nodes given their own factor back from ``lostServerRepairs``, until the node reports it.
    var repairedNodes: [StreamSerial: Double] = [:]
    var owedToNextStream: [String: OwedStreamValues] = [:]
    var owedWatches: [StreamSerial: OwedValuesWatch] = [:]
    var recentRepairs = RecentRepairs<String, OwedStreamValues>()
    /// Nodes whose Pause's mute this agent took off at their Start, until they show the unmute,
    /// with their restore keys: one that ends first leaves WirePlumber that mute
    /// (``forgetInheritance(of:)``). An unsilence's unmute is the node's own state's
    /// (``EnforcedStream/unsilencingTo``).
    var unmutesUnshown: [StreamSerial: WirePlumberRestoreKey] = [:]

    /// How long after a settled ramp its restore entry is written again. The node's Props change
    /// reaches WirePlumber through the app that implements the node, so it can overtake the first
    /// correction; half a second covers that on a loaded machine. No event shows WirePlumber's save
    /// (0.4 writes nothing back to `route-settings`), so this stays a delay. At zero,
    /// `AgentIntegrationTests.ServerRestartSavedState` ("native: an unplug hold's mute, the agent
    /// killed, PipeWire restarted ...") fails with both of its arguments.
    static let settleDelay = Duration.milliseconds(500)

    nonisolated init(
        connection: PipeWireConnection, journal: Journal, table: ServerStreamTable, pauser: (any StreamPauser)?,
        logger: Logger
    ) {
        self.connection = connection
        self.journal = journal
        self.table = table
        self.pauser = pauser
        self.logger = logger
        actuator = PipeWireStreamActuator(connection: connection, logger: logger)
        cancellerProcesses = EchoCancellerProcesses(journal: journal, logger: logger) { PipeWireLoopTimer.onLoop(of: connection, $0) }
        cancellers = EchoCancellerSteward(host: cancellerProcesses, table: table, movesUnlinkedStreams: true, logger: logger)
    }

    /// Creates the ramp ticker; call once, before decisions arrive.
    func start() {
        cancellers.begin(mover: self) { PipeWireLoopTimer.onLoop(of: connection, $0) }
        ticker = PipeWireLoopTimer.onLoop(of: connection) { [weak self] in self?.tick() }
        settler = PipeWireLoopTimer.onLoop(of: connection) { [weak self] in self?.settle() }
    }

    // MARK: Streams

    func streamAppearing(_ ref: ServerStreamRef, _ stream: SoundStream) {
        repairAfterLostServer(ref, stream)
        watchNextStream(ref, stream)
    }

    /// Owed values and an unmute not shown yet are checked; a node whose Start waited runs again
    /// and gets it.
    func checkProtocolWatches(_ ref: ServerStreamRef, showing stream: SoundStream) {
        if !stream.isMuted { unmutesUnshown[ref.serial] = nil }
        giveOwedValues(ref)
        if !stream.isCorked, startsAwaitingRun.remove(ref.serial) != nil, enforced[ref.serial]?.isPaused != true, !isShuttingDown {
            logger.debug("starting a node that runs again", metadata: ["stream.id": "\(ref.id)"])
            startUnlessCorked(ref)
        }
    }

    /// The factor is the agent's alone: the user's channel volumes multiply with it and never end a duck.
    func userLevel(shownBy stream: SoundStream) -> LevelBase? { nil }

    /// A relinked node can play again: its Pause goes once more. The server may still start it
    /// once the new links are up, after this Pause (no third client's Pause is durable: a relink's
    /// graph recalculation sends the node Start, docs/routing.md); the Pause's mute keeps it
    /// silent then. A second Pause 300 ms later (`relinkSettleDelay`) did not hold either, and
    /// with the mute the mixing-matrix table on PipeWire 1.4 passes without it.
    func pauseAgainAfterRelink(_ ref: ServerStreamRef) {
        logger.debug("pausing a relinked node again", metadata: ["stream.id": "\(ref.id)"])
        actuator.setPlaying(false, of: ref)
    }

    /// A stream ended: its watches go, and an unmute it never showed is written into its restore
    /// entry again.
    func forgetInheritance(of ref: ServerStreamRef) {
        repairedNodes[ref.serial] = nil
        startsAwaitingRun.remove(ref.serial)
        if let key = unmutesUnshown.removeValue(forKey: ref.serial) {
            oweNextStream(key.rawValue, OwedStreamValues(unmute: true))
            // WirePlumber 0.4 saves all of a node's Props, as it last saw them, whenever any of its
            // params change: a node ending before it showed the agent's unmute can save the agent's
            // mute over the repair written at the unmute (the soak's bed, seed 4242). Written again
            // once the node is gone, nothing can overwrite it.
            repairRestoreEntry(key, owed: OwedStreamValues(userMute: false))
        }
    }

    /// WirePlumber keeps what the node's Props said last: its own factor and the user's mute go
    /// back into its restore entry; its player's pause is let go of. PipeWire answers no metadata
    /// change: `done` runs at once.
    func repairRestoreStore(ofVanished state: EnforcedStream, then done: @escaping @ServerLoopActor @Sendable (Bool) -> Void) {
        repairRestoreEntry(ofUserValues: state)
        pauser?.release(state.last)
        done(true)
    }

    /// The node's restore key, with its own factor under the agent's duck and the mute state the
    /// agent's mute replaced.
    func restoreStoreValues(of state: EnforcedStream) -> (entry: String, values: OwedStreamValues)? {
        guard let key = state.restoreKey else { return nil }
        return (key.rawValue, OwedStreamValues(factor: state.duck?.base.nodeFactor, userMute: state.owedMute))
    }

    /// Writes the user's factor and mute of a node the agent ducked or muted into its WirePlumber
    /// restore entry, which saved the agent's.
    func repairRestoreEntry(ofUserValues state: EnforcedStream) {
        guard let held = restoreStoreValues(of: state) else { return }
        repairRestoreEntry(state, owed: held.values)
    }

    /// Writes what `key` is owed (the node's own factor, then the user's mute state) into
    /// `route-settings`, and once more at the settler's turn, after WirePlumber saved the node's
    /// Props over it. A device is no part of it: WirePlumber follows `target.object`.
    func repairRestoreEntry(_ key: WirePlumberRestoreKey, owed: OwedStreamValues) {
        guard owed.factor != nil || owed.userMute != nil else { return }
        rememberRepair(key.rawValue, owed)
        write(owed, into: key)
        unsettled[key, default: OwedStreamValues()].add(owed)
        settler?.arm(after: Self.settleDelay)
    }

    /// Writes `owed`'s values of `state`'s restore key, when it has one.
    func repairRestoreEntry(_ state: EnforcedStream, owed: OwedStreamValues) {
        guard let key = state.restoreKey else { return }
        repairRestoreEntry(key, owed: owed)
    }

    // MARK: Decisions

    /// A first duck ramps the node's own factor, from ``baseFactor(of:)``.
    func startDuck(of state: inout EnforcedStream, _ stream: SoundStream, level: Double, rampMilliseconds: Int) -> StreamDuck? {
        guard level < 1 else { return nil }  // never ducked: nothing to restore
        return StreamDuck(serial: state.ref.serial, shown: .nodeFactor(baseFactor(of: state)))
    }

    /// WirePlumber 0.4's restore-stream saved the ramp's factor: the node's own goes back into its
    /// restore entry, whether the duck stays or ended.
    func levelSettled(_ state: EnforcedStream, restored: Bool) {
        if let factor = state.duck?.base.nodeFactor { repairRestoreEntry(state, owed: OwedStreamValues(factor: factor)) }
    }

    /// The factor a first duck starts from: the journal's (the stream was ducked by an agent that
    /// crashed), a ducked sibling's of the same restore key, from the journal (WirePlumber gave
    /// this new stream the ducked factor it saved), or the node's own.
    private func baseFactor(of state: EnforcedStream) -> Double {
        if case .volume(_, .nodeFactor(let base), _)? = journal.pendingRestore(for: .volume(state.ref.serial)) {
            return base
        }
        if let repaired = repairedNodes[state.ref.serial] { return repaired }
        if let key = state.restoreKey, let sibling = journalledSiblingValues(forEntry: key.rawValue, excluding: state.ref.serial).factor {
            return sibling
        }
        return Double(connection.globals[state.ref.index]?.node?.props?.volume ?? 1)
    }

    /// The node's Props mute, as the registry shows it now; while an unsilence is on its way, the
    /// mute state it writes back; while the agent's Pause muted it, unmuted.
    func userMute(of state: EnforcedStream, _ stream: SoundStream) -> Bool {
        if state.pauseMute != nil { return false }
        return state.unsilencingTo ?? connection.globals[state.ref.index]?.node?.props?.mute ?? false
    }

    /// Pauses the node, tracked here (it keeps reporting running), and mutes it unless the user
    /// had: the server runs a relinked node again whatever a third client paused, and only its
    /// mute, which its links do not change, keeps it silent (docs/routing.md; the native cases of
    /// `RouteIntegrationTests.plugDuringACall`). A crashed agent's journalled silence shows now:
    /// its entry says what the user had, and the Pause's takes its place (a second record of a
    /// silence keeps the first).
    func pause(_ state: EnforcedStream, _ stream: SoundStream) -> Bool {
        let ref = state.ref
        let inherited = journal.pendingRestore(for: .silence(ref.serial))
        let userMuted: Bool
        switch inherited {
        case .silence(_, .mute(let wasMuted))?: userMuted = wasMuted
        case .silence(_, .pauseAndMute)?: userMuted = false
        default: userMuted = userMute(of: state, stream)
        }
        if inherited != nil { clear(.silence(ref.serial)) }
        guard record(.silence(ref.serial, by: userMuted ? .pause : .pauseAndMute), of: ref, stream) else { return false }
        var paused = enforced[ref.serial] ?? state
        paused.isPaused = true
        paused.pauseMute = userMuted ? nil : SilenceMuteWatch(answered: true, since: .now)
        enforced[ref.serial] = paused
        startsAwaitingRun.remove(ref.serial)
        actuator.setPlaying(false, of: ref)
        if !userMuted { actuator.setMuted(true, of: ref) }
        return true
    }

    /// Muted for its silence now, the node plays out: started unless its client deactivated it.
    /// The silence's mute took over the Pause's.
    func unpause(_ ref: ServerStreamRef) {
        enforced[ref.serial]?.isPaused = false
        enforced[ref.serial]?.pauseMute = nil
        startUnlessCorked(ref)
    }

    /// Takes the Pause's mute off, ahead of the node's Start. WirePlumber saved the mute: the
    /// user's unmuted state goes into the restore entry, and again if the node ends before it
    /// shows the unmute (``forgetInheritance(of:)``).
    private func unmuteAfterPause(_ state: EnforcedStream) {
        enforced[state.ref.serial]?.pauseMute = nil
        actuator.setMuted(false, of: state.ref)
        repairRestoreEntry(state, owed: OwedStreamValues(userMute: false))
        if let key = state.restoreKey { unmutesUnshown[state.ref.serial] = key }
    }

    /// WirePlumber saved the agent's mute; a node that is ending (its unsilence comes before it
    /// vanishes) never shows it the user's again.
    func unmuteSent(_ state: EnforcedStream, restoring wasMuted: Bool) {
        repairRestoreEntry(state, owed: OwedStreamValues(userMute: wasMuted))
    }

    /// Starts the node; where its player was paused too, after the player's Play.
    func start(_ state: EnforcedStream, _ stream: SoundStream, resume: Bool) {
        let ref = state.ref
        logger.debug("starting", metadata: ["stream.id": "\(ref.id)", "silence.resume": "\(resume)"])
        enforced[ref.serial]?.isPaused = false
        if state.pauseMute != nil { unmuteAfterPause(state) }
        clear(.silence(ref.serial))
        forgetIfIdle(ref.serial)
        guard resume, let pauser else {
            startUnlessCorked(ref)
            pauser?.release(stream)
            return
        }
        // The Start follows the player's Play: a Start that reaches a pipewire-pulse stream while
        // its client has it corked (the MPRIS Pause) leaves it silent once the client uncorks, with
        // MPRIS saying Playing (PipeWire 0.3.65, mpv); after the Play it is harmless.
        pauser.resume(stream) { [weak self] in self?.startAfterResume(ref) }
    }

    /// Hands `request` to the player at once: a Props write or node command leaves with the loop's
    /// next flush whatever wakes meanwhile.
    func askPlayer(_ request: PlayerRequest) {
        if let pauser { request.send(to: pauser) }
    }

    /// The player was asked to play: starts the node unless it was paused again meanwhile.
    nonisolated private func startAfterResume(_ ref: ServerStreamRef) {
        connection.withSeatLocked {
            guard !isShuttingDown, enforced[ref.serial]?.isPaused != true else { return }
            startUnlessCorked(ref)
        }
    }

    /// Sends Start to a node its client keeps active. A node that does not run gets none now: its
    /// client deactivated it (a corked pipewire-pulse stream), and a Start before the client
    /// activates it again would leave it silent; or it is between links (WirePlumber relinking it
    /// after an unplug). Its Start waits until it runs again (``checkProtocolWatches(_:showing:)``):
    /// harmless once the client activated it, and the only way out of the agent's Pause for a
    /// relinked node (the soak, seed 20261209: a paused music node held after an unplug, started
    /// between links, never played out). Unsilence, shutdown and recovery all start nodes
    /// through here.
    func startUnlessCorked(_ ref: ServerStreamRef) {
        guard let node = connection.globals[ref.index]?.node, node.state == .running else {
            logger.debug("the Start waits until the node runs: its client deactivated it, or it is between links", metadata: ["stream.id": "\(ref.id)"])
            startsAwaitingRun.insert(ref.serial)
            return
        }
        startsAwaitingRun.remove(ref.serial)
        actuator.setPlaying(true, of: ref)
    }

    // MARK: Commands

    /// Whether the stream plays into a sink whose monitor a loopback carries on: a capture node of
    /// a `node.link-group` (module-loopback, pw-loopback) is linked to the sink's output. A
    /// capture stream plays into nothing, whatever else records its source.
    func playsIntoALoopback(_ stream: SoundStream) -> Bool {
        guard stream.kind == .playback, let sink = stream.deviceIndex else { return false }
        let globals = connection.globals
        return globals.values.contains { link in
            guard link.properties["link.output.node"] == String(sink),
                let input = link.properties["link.input.node"].flatMap({ UInt32($0) })
            else { return false }
            return globals[input]?.properties["node.link-group"] != nil
        }
    }

    /// The settler's turn: every restore entry repaired lately is written once more.
    func settle() {
        let entries = unsettled
        unsettled = [:]
        for (key, owed) in entries.sorted(by: { $0.key.rawValue < $1.key.rawValue }) { write(owed, into: key) }
    }

    /// Writes the node's own factor, then the user's mute state, where `owed` names them.
    private func write(_ owed: OwedStreamValues, into key: WirePlumberRestoreKey) {
        if let factor = owed.factor { write(WirePlumberRestoreKey.volumeJSON(factor), into: key) }
        if let userMute = owed.userMute { write(WirePlumberRestoreKey.muteJSON(userMute), into: key) }
    }

    func write(_ json: String, into key: WirePlumberRestoreKey) {
        do {
            // The metadata announces only a changed value, and WirePlumber corrects its saved
            // state only on an announcement: the same correction written again after WirePlumber
            // saved the node's duck over the first one would change nothing. The key goes first
            // (WirePlumber ignores a removal), so every write is announced.
            try connection.removeMetadataProperty(key.metadataKey, of: 0, in: "route-settings")
            try connection.setMetadataProperty(
                key.metadataKey, of: 0, type: "Spa:String:JSON", value: json, in: "route-settings")
        } catch {
            logger.debug("no restore entry repaired", metadata: ["restore.key": "\(UntrustedText.excerpt(key.rawValue))", "pipewire.error": "\(error)"])
        }
    }
}
