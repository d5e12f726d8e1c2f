public import AudioPolicy

/// Something that carries decisions out: the enforcer (server commands) or the notifier (bus signals).
///
/// ``PolicyCoordinator`` calls every sink, in the order they were added, with the decisions of each
/// event, while it still holds its lock: decisions reach a sink in the order the engine made them,
/// and no other event is handled in between. A sink must therefore not block and must not call
/// back into the coordinator; it issues non-blocking commands or queues signals.
///
/// What can wait until the event is dealt with (the notifier's signals) is queued in ``carryOut(_:after:in:)``
/// and sent in ``sendQueued()``, which the coordinator calls once the server commands of the same
/// events have left: on a loop thread, libpulse writes the commands a callback issued only when the
/// callback returns, so everything done before that delays the reaction.
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

    /// Sends what ``carryOut(_:after:in:)`` queued, in order. Called without the coordinator's lock:
    /// after a bus call's transaction, before its reply; for events handled on a loop thread, at
    /// the loop's next turn. The default sends nothing.
    func sendQueued()
}

extension DecisionSink {
    public func sendQueued() {}
}
