public import AudioPolicy

/// Something that carries decisions out: the enforcer (server commands) or the notifier (bus signals).
///
/// ``PolicyCoordinator`` calls every sink, in the order they were added, with the decisions of each
/// event, while it still holds its lock: decisions reach a sink in the order the engine made them,
/// and no other event is handled in between. A sink must therefore not block and must not call
/// back into the coordinator; it issues non-blocking commands or queues signals.
///
/// ```swift
/// struct PrintingSink: DecisionSink {
///     func carryOut(_ decisions: [PolicyDecision], after event: PolicyEvent, in view: PolicyView) {
///         for decision in decisions { print(decision) }
///     }
/// }
/// ```
public protocol DecisionSink: Sendable {
    /// Carries out `decisions`, which the engine made for `event`; `view` shows the state after it.
    func carryOut(_ decisions: [PolicyDecision], after event: PolicyEvent, in view: PolicyView)
}
