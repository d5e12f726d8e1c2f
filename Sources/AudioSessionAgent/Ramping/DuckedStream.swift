/// The read-compare-write state of one stream the enforcer ducks: pure, one per stream.
///
/// Before each ramp step the enforcer reads the stream's volume from the server and passes it to
/// ``step(read:)``. If it differs from what the agent last wrote (beyond the server's rounding),
/// the user moved the slider: the duck ends for this stream, the read volume becomes its base,
/// and the step returns the journal entry that says so. Otherwise the step says what to write.
///
/// A stream the agent starts tracking while a duck is in effect (it appeared, or a new agent
/// took over after a crash) takes its base from the journal's pending restore when there is one;
/// the volume it has then is compared against what that restore says was written.
///
/// ```swift
/// let journalled = journal.pendingRestore(for: .volume(4711))
/// var music = DuckedStream(serial: 4711, read: server.volume(of: 4711), journalled: journalled)
/// if let entry = music.retarget(level: 0.3, rampMilliseconds: 250) { try journal.record(entry) }
/// while true {
///     switch music.step(read: server.volume(of: 4711)) {
///     case .write(let volume, let offset): server.setVolume(volume, of: 4711, atMilliseconds: offset)
///     case .userChanged(let entry): try journal.record(entry); break   // the user's volume stays
///     case .finished(let restored): if restored { try journal.clear(.volume(4711)) }; break
///     }
/// }
/// ```
public struct DuckedStream: Hashable, Sendable {
    /// The stream.
    public let serial: StreamSerial
    /// The user's volume: what the stream is restored to.
    public private(set) var base: StreamVolume
    /// The linear amplitude factor last written (1 when not ducked).
    public private(set) var level: Double
    /// Whether the user changed the volume during the current duck; the enforcer leaves the stream
    /// alone until the next duck starts.
    public private(set) var userTookOver: Bool

    /// What the server should hold if nobody else touched the stream.
    private var expected: StreamVolume
    private var plan: RampPlan?
    private var nextStep = 0

    /// Starts tracking a stream whose volume on the server is `read`.
    ///
    /// - Parameter journalled: the stream's pending volume restore, if the journal has one (a
    ///   node factor's is not this stream volume's, and is left out).
    public init(serial: StreamSerial, read: StreamVolume, journalled: PendingRestore? = nil) {
        self.serial = serial
        self.userTookOver = false
        if case .volume(_, .streamVolume(let base), let appliedLevel)? = journalled {
            self.base = base
            self.level = appliedLevel ?? 1
            self.expected = base.scaled(byAmplitude: appliedLevel ?? 1)
        } else {
            self.base = read
            self.level = 1
            self.expected = read
        }
    }

    /// Whether the stream is at its user's volume with no ramp running.
    public var isAtBase: Bool { plan == nil && level == 1 }

    /// Plans a ramp from the current level to `target` (1 restores the user's volume).
    ///
    /// Returns the journal entry to record *before* the first write when the stream is being
    /// ducked; `nil` when it is being restored (clear the journal when ``step(read:)`` reports
    /// the restore finished) or is at `target` already (then no step writes anything).
    public mutating func retarget(level target: Double, rampMilliseconds: Int) -> JournalEntry? {
        if plan == nil && target == level {
            return nil  // already there (and journalled when ducked): no writes
        }
        let plan = RampPlanner.plan(base: base, from: level, to: target, milliseconds: rampMilliseconds)
        self.plan = plan
        nextStep = 0
        if plan.targetLevel < 1 {
            userTookOver = false
            return .duck(serial, base: .streamVolume(base), level: plan.targetLevel)
        }
        return nil
    }

    /// The next thing to do, given the stream's volume as just read from the server.
    public mutating func step(read current: StreamVolume) -> DuckStep {
        guard let plan else { return .finished(restored: level == 1) }
        guard current.matches(expected) else {
            base = current
            expected = current
            level = 1
            self.plan = nil
            userTookOver = true
            return .userChanged(.userVolume(serial, base: .streamVolume(current)))
        }
        guard nextStep < plan.steps.count else {
            self.plan = nil
            return .finished(restored: level == 1)
        }
        let step = plan.steps[nextStep]
        nextStep += 1
        expected = step.volume
        level = step.level
        return .write(step.volume, atMilliseconds: step.offsetMilliseconds)
    }
}
