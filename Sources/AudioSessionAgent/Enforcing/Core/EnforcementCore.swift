import SoundServer

/// The part of enforcement written once for both protocols: the rules that turn the engine's
/// decisions and what the server shows into primitive commands, said by a ``StreamActuator`` in
/// the server's vocabulary and journalled before they are sent (``StreamJournalling``).
///
/// Each enforcer (``PulseEnforcer``, ``PipeWireEnforcer``) conforms: it keeps what it did to each
/// stream (``EnforcedStreamState``) and says what its protocol asks beyond the shared rule at a
/// few named points. The core so far holds:
///
/// - target devices: move, unmove, the default device, the move onto an echo canceller
///   (``EnforcementCore/move(_:to:)``, ``EnforcementCore/unmove(_:)``, ``EnforcementCore/makeDefault(_:)``);
/// - a silence's mute and its watch, which tells a restore that raced the agent's mute from the
///   user's own unmute (``EnforcementCore/sendSilenceMute(_:)``, ``EnforcementCore/watchSilenceMute(_:_:)``);
/// - dropping a stream once nothing is left to undo (``EnforcementCore/forgetIfIdle(_:)``).
///
/// ```swift
/// extension PulseEnforcer: EnforcementCore {
///     func targetReached(_ ref: ServerStreamRef) { repairRestoreEntry(ref.serial) }
///     func userChoseMute(of ref: ServerStreamRef) { repairRestoreEntry(ref.serial) }
/// }
/// ```
@ServerLoopActor
protocol EnforcementCore: AnyObject, StreamJournalling {
    /// What the enforcer keeps of each stream it changed.
    associatedtype State: EnforcedStreamState
    /// The streams the enforcer changed and must undo, by journal key.
    var enforced: [StreamSerial: State] { get set }
    /// The streams the engine knows, as the server showed them last.
    var table: ServerStreamTable { get }
    /// The server took a move of the stream, there or back.
    func targetReached(_ ref: ServerStreamRef)
    /// The user set a silenced stream's mute state; it is journalled as the one to put back.
    func userChoseMute(of ref: ServerStreamRef)
}
