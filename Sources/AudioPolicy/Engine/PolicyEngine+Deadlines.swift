extension PolicyEngine {
    /// The engine time (milliseconds, as in ``PolicyEvent/timePassed(milliseconds:)``) at which a
    /// `timePassed` event changes something, or `nil` while nothing waits for time.
    ///
    /// That is the earliest end of an unplug hold (under the policy's `unplug-silence-ms`, or
    /// once its stream has stayed stopped long enough to count as paused: ``pauseSettleMilliseconds``
    /// after it ran where it fell back, ``relinkGraceMilliseconds`` if it never ran there) or of an
    /// ended session's leftover stream (``leftoverGraceMilliseconds``), or of the hold of a call
    /// whose app stopped capturing from a microphone or whose playback stream ended while it still
    /// captured (`capture-call-hold-ms`).
    /// The agent arms one timer for it instead of polling, so an idle agent never wakes up.
    ///
    /// ```swift
    /// if let deadline = engine.nextDeadline {
    ///     timer.arm(after: .milliseconds(max(0, deadline - clock.milliseconds)))
    /// }
    /// ```
    public var nextDeadline: Int? {
        let leftoversEnd = state.streams.values.compactMap { $0.leftover.map { $0.since + Self.leftoverGraceMilliseconds } }.min()
        return [unplugHoldDeadline, leftoversEnd, captureCallHoldDeadline, replacedCallsDeadline].compactMap { $0 }.min()
    }

    /// The earliest end of an unplug hold, if any.
    var unplugHoldDeadline: Int? {
        let limit = state.policy.routing.unplugSilenceMilliseconds
        let ends = state.unplugHolds.values.flatMap { hold in
            [limit > 0 ? hold.since + limit : nil, Self.pauseCounts(of: hold)].compactMap { $0 }
        }
        return ends.min()
    }

    /// When a held stream that has stopped counts as paused (its hold then ends), or `nil` while
    /// it runs or moves: a stream that ran where it fell back is paused once it has stayed stopped
    /// for ``pauseSettleMilliseconds``; one that never ran there after ``relinkGraceMilliseconds``.
    static func pauseCounts(of hold: UnplugHold) -> Int? {
        hold.quietSince.map { $0 + (hold.ranAfterFallback ? pauseSettleMilliseconds : relinkGraceMilliseconds) }
    }

    /// How long the streams of an ended session stay excluded before they count as their app's
    /// legacy streams (``EndedSessionLeftover``): an app that quits has its streams gone within
    /// milliseconds; one that closed its session and plays on is still there after two seconds.
    public static let leftoverGraceMilliseconds = 2_000

    /// How long a stream held after an unplug may sit where it fell back without running before
    /// that counts as its player's pause. pipewire-pulse shows a relinked stream corked there
    /// until its node runs (milliseconds); a player paused meanwhile (over MPRIS, by the agent)
    /// stays corked, never runs there, and would otherwise stay muted until it is moved or ends.
    public static let relinkGraceMilliseconds = 3_000

    /// How long a held stream that has run where it fell back must stay stopped before that
    /// counts as its player's pause. A stop is not always one: on PipeWire's native graph a node
    /// relinked after an unplug can be reported running on the new device before the server has
    /// settled the link, then idle and running again within milliseconds; ending the hold at that
    /// stop let the stream play on (the native agent's unplug test, 2 runs of 8). A paused player
    /// is silent anyway, so letting go of it a moment later changes nothing anyone hears.
    public static let pauseSettleMilliseconds = 1_000

    /// The engine's time: the latest ``PolicyEvent/timePassed(milliseconds:)`` it handled.
    public var now: Int { state.now }
}
