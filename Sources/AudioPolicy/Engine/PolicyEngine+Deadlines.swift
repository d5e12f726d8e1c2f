extension PolicyEngine {
    /// The engine time (milliseconds, as in ``PolicyEvent/timePassed(milliseconds:)``) at which a
    /// `timePassed` event changes something, or `nil` while nothing waits for time.
    ///
    /// Today that is the earliest end of an unplug hold under the policy's `unplug-silence-ms`.
    /// The agent arms one timer for it instead of polling, so an idle agent never wakes up.
    ///
    /// ```swift
    /// if let deadline = engine.nextDeadline {
    ///     timer.arm(after: .milliseconds(max(0, deadline - clock.milliseconds)))
    /// }
    /// ```
    public var nextDeadline: Int? {
        let limit = state.policy.routing.unplugSilenceMilliseconds
        guard limit > 0, let earliest = state.unplugHolds.values.map(\.since).min() else { return nil }
        return earliest + limit
    }

    /// The engine's time: the latest ``PolicyEvent/timePassed(milliseconds:)`` it handled.
    public var now: Int { state.now }
}
