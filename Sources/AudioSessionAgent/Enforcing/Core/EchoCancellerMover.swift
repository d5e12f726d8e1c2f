import SoundServer

/// What moves a session's streams onto an echo canceller's devices for the
/// ``EchoCancellerSteward``: the enforcer, by the enforcement core's
/// ``EnforcementCore/send(_:_:to:from:behindCanceller:)``, journalled as any move.
///
/// ```swift
/// extension PulseEnforcer: EchoCancellerMover {}   // the core's send is the requirement
/// ```
@ServerLoopActor
protocol EchoCancellerMover: AnyObject {
    /// Sends the stream to the device called `target`, journalled with the device it had before
    /// (`current`, or the device behind the canceller it is on: `behindCanceller`).
    func send(
        _ ref: ServerStreamRef, _ stream: SoundStream, to target: String, from current: String,
        behindCanceller: ((String) -> String?)?)
}
