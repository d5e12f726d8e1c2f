import SoundServer

/// The part of enforcement written once for both protocols: the rules that turn the engine's
/// decisions and what the server shows into primitive commands, said by a ``StreamActuator`` in
/// the server's vocabulary and journalled before they are sent (``StreamJournalling``).
///
/// Each enforcer (``PulseEnforcer``, ``PipeWireEnforcer``) conforms: it keeps what it did to each
/// stream (``EnforcedStream``, one type for both) and says what its protocol asks beyond the
/// shared rule at a few named points. The core so far holds:
///
/// - ducks: the ramp of each ducked stream, stepped by the clock, read back first where the user
///   shares the level, and the user's change that ends a duck (``EnforcementCore/duck(_:to:rampMilliseconds:)``,
///   ``EnforcementCore/tick()``);
/// - target devices: move, unmove, the default device, the move onto an echo canceller
///   (``EnforcementCore/move(_:to:)``, ``EnforcementCore/unmove(_:)``, ``EnforcementCore/makeDefault(_:)``);
/// - silence and unsilence: by mute or by Pause, and when an unsilence is over
///   (``EnforcementCore/silence(_:cause:sessionProcess:)``, ``EnforcementCore/unsilence(_:resume:)``);
///   a silence's mute and its watch, which tells a restore that raced the agent's mute from the
///   user's own unmute (``EnforcementCore/sendSilenceMute(_:)``, ``EnforcementCore/watchSilenceMute(_:_:)``);
/// - dropping a stream once nothing is left to undo (``EnforcementCore/forgetIfIdle(_:)``), and
///   the end of a held stream (``EnforcementCore/heldStreamEnded(_:last:)``);
/// - recovery and undo-all: what a previous agent journalled and no decision keeps, and, when the
///   agent stops, everything it did (``EnforcementCore/restorePending(keeping:counter:)``,
///   ``EnforcementCore/undoEnforced(counter:)``).
///
/// ```swift
/// extension PulseEnforcer: EnforcementCore {
///     func targetReached(_ ref: ServerStreamRef) { repairRestoreEntry(ref.serial) }
///     func userChoseMute(of ref: ServerStreamRef) { repairRestoreEntry(ref.serial) }
///     // … and the restore-store repairs of recovery, undo-all and a held stream's end
/// }
/// ```
@ServerLoopActor
protocol EnforcementCore: AnyObject, StreamJournalling {
    /// The streams the enforcer changed and must undo, by journal key.
    var enforced: [StreamSerial: EnforcedStream] { get set }
    /// The streams the engine knows, as the server showed them last.
    var table: ServerStreamTable { get }
    /// Steps the ramps (``EnforcementCore/tick()``), at least 50 times a second while any runs.
    var ticker: (any LoopTimer)? { get }
    /// The duck a stream the agent has not ducked yet starts from, at the user's level as this
    /// protocol knows it; `nil` when it does not start now (no duck, or one that waits in `state`).
    func startDuck(of state: inout EnforcedStream, _ stream: SoundStream, level: Double, rampMilliseconds: Int) -> StreamDuck?
    /// The level of the user's that a change event shows, which ends a duck when it is not the
    /// agent's; `nil` where the user's changes do not reach the duck's level (a node's factor).
    func userLevel(shownBy stream: SoundStream) -> LevelBase?
    /// After the engine's first decisions on a new stream: what it inherited from the server's
    /// restore store and no decision took is settled.
    func settleInheritance(_ ref: ServerStreamRef, _ stream: SoundStream)
    /// At each change event of a stream, what the protocol watches of it beyond the core's
    /// record: the agent's values it may have inherited from the server's restore store since it
    /// appeared are given back to the user's; natively a Start that waits for the node to run
    /// again is sent.
    func checkProtocolWatches(_ ref: ServerStreamRef, showing stream: SoundStream)
    /// A stream ended: what the protocol watched of it goes, and what its end owes its restore
    /// entry beyond the held stream's repair is written.
    func forgetInheritance(of ref: ServerStreamRef)
    /// A paused node was relinked and plays again: it is paused once more (never called where
    /// the actuator cannot pause).
    func pauseAgainAfterRelink(_ ref: ServerStreamRef)
    /// The stream's level came to rest (`state` as it was then): at the end of a ramp, `restored`
    /// when at the user's level, or at the user's own change. The server's restore store may have
    /// saved a ramp's step.
    func levelSettled(_ state: EnforcedStream, restored: Bool)
    /// The server took a move of the stream, there or back.
    func targetReached(_ ref: ServerStreamRef)
    /// The user set a silenced stream's mute state; it is journalled as the one to put back.
    func userChoseMute(of ref: ServerStreamRef)

    /// The mute state the user gave the stream, which a silence by mute puts back: while an
    /// unsilence is on its way, the one it writes back (the server may still show the agent's).
    func userMute(of state: EnforcedStream, _ stream: SoundStream) -> Bool
    /// The agent's mute of a silence was sent (and journalled): what the protocol's restore store needs.
    func mutedToSilence(_ ref: ServerStreamRef)
    /// An unsilence's unmute (to `restoring`, the user's state) was sent: what the protocol's
    /// restore store needs.
    func unmuteSent(_ state: EnforcedStream, restoring: Bool)
    /// Whether a Pause of the stream would stall other apps' sound (it plays into a sink a
    /// loopback carries on); asked only where the actuator can pause.
    func playsIntoALoopback(_ stream: SoundStream) -> Bool
    /// Pauses the stream's node, journalled first; `false` when nothing was sent. Asked only where
    /// the actuator can pause (``StreamActuator/reachesNodes``).
    func pause(_ state: EnforcedStream, _ stream: SoundStream) -> Bool
    /// A paused node was muted instead: it is started again, to play out muted.
    func unpause(_ ref: ServerStreamRef)
    /// Starts a paused node again, after its player's Play where `resume`.
    func start(_ state: EnforcedStream, _ stream: SoundStream, resume: Bool)
    /// Hands `request` to the stream's player, in order with every earlier one.
    func askPlayer(_ request: PlayerRequest)

    /// A live stream gets back what a previous agent journalled (`restores`, all its entries):
    /// what the server saves of it is owed the user's values too.
    func repairRestoreStore(ofRestored ref: ServerStreamRef, _ stream: SoundStream, journalled restores: [PendingRestore])
    /// A stream that ended while the agent's changes held it left them saved in the server's
    /// restore store: they are written back from the journal (`restores`); `done` says whether the
    /// server took the repair, after which the stream's entries may go.
    func repairRestoreStore(
        ofEnded serial: StreamSerial, journalled restores: [PendingRestore], then done: @escaping @ServerLoopActor @Sendable (Bool) -> Void)
    /// A held stream (`state`) ended: what the server saved of it holds the agent's values and
    /// gets the user's; `done` says whether the server took the repair, after which the
    /// stream's entries may go.
    func repairRestoreStore(ofVanished state: EnforcedStream, then done: @escaping @ServerLoopActor @Sendable (Bool) -> Void)
    /// The key under which `state`'s restore entry owes its next stream the user's values when it
    /// ends held (``EnforcementCore/oweNextStream(of:)``), the one the actuator names a new stream
    /// by; `nil` where the server takes the repair and nothing is owed.
    func nextStreamKey(of state: EnforcedStream) -> String?
    /// What restore entries of streams that ended held owe their next stream, by entry key.
    var owedToNextStream: [String: OwedStreamValues] { get set }
    /// New streams watched for the agent's values their entry's saved state gives them.
    var owedWatches: [StreamSerial: OwedValuesWatch] { get set }
    /// Restore-store repairs written lately, by entry name, which the server may not have saved.
    var recentRepairs: RecentRepairs<String, OwedStreamValues> { get set }
    /// The restore entry of `state`'s stream and the user's values the agent's changes to it owe
    /// that entry (``owedRestoreRepairs()``); `nil` when the stream has no entry.
    func restoreStoreValues(of state: EnforcedStream) -> (entry: String, values: OwedStreamValues)?
    /// The commands that undo `state` are sent (the agent is stopping): what the protocol owes
    /// beyond them.
    func undid(_ state: EnforcedStream)
    /// Starts a node the agent paused (never called where the actuator cannot pause).
    func startUnlessCorked(_ ref: ServerStreamRef)
    /// The server took the undo of these journal entries: they may go.
    func undoTaken(_ keys: [RestoreKey])
}

extension EnforcementCore {
    func startUnlessCorked(_ ref: ServerStreamRef) { actuator.setPlaying(true, of: ref) }

    func mutedToSilence(_ ref: ServerStreamRef) {}

    func unmuteSent(_ state: EnforcedStream, restoring: Bool) {}

    /// The pulse protocol pauses nothing, so nothing of it stalls a sink.
    func playsIntoALoopback(_ stream: SoundStream) -> Bool { false }

    /// The pulse protocol pauses no client's stream: never asked (``muteInsteadOfPause(_:cause:)``).
    func pause(_ state: EnforcedStream, _ stream: SoundStream) -> Bool { false }

    func unpause(_ ref: ServerStreamRef) {}

    func pauseAgainAfterRelink(_ ref: ServerStreamRef) {}

    /// Natively nothing waits for the first decisions: owed values are checked at each change.
    func settleInheritance(_ ref: ServerStreamRef, _ stream: SoundStream) {}

    func start(_ state: EnforcedStream, _ stream: SoundStream, resume: Bool) {}

    func undoTaken(_ keys: [RestoreKey]) {
        for key in keys { clear(key) }
    }
}
