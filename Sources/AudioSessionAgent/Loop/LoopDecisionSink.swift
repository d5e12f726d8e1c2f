import AudioPolicy

/// A part of the seated server's agent that carries out the engine's decisions on the server's
/// loop: the enforcer, the pulse card switcher, the module steward. The seat hands each batch on
/// from the coordinator, which decides with the loop's lock held (``ServerSeat``).
///
/// ```swift
/// @ServerLoopActor
/// final class LoggingSink: LoopDecisionSink {
///     func carryOut(_ decisions: [PolicyDecision], after event: PolicyEvent, in view: PolicyView) {
///         print(decisions.count, "decisions after", event)
///     }
/// }
/// ```
@ServerLoopActor
protocol LoopDecisionSink: Sendable {
    /// Acts on `decisions`, which the engine made for `event`; `view` shows the sessions and the
    /// engine as they are after it.
    func carryOut(_ decisions: [PolicyDecision], after event: PolicyEvent, in view: PolicyView)
}
