/// One ducked stream's ramp and its user's level, for either control a duck scales: pure, one per
/// stream.
///
/// - A stream's own volume (``LevelBase/streamVolume(_:)``, the pulse protocol) is the user's
///   slider too. Each step is read from the server first and passed to ``step(shown:at:)``: a
///   volume other than the one the agent wrote last (beyond the server's rounding) is the user's,
///   which ends the duck for the stream and becomes its base (the step returns the journal entry
///   that says so).
/// - A node's Props factor (``LevelBase/nodeFactor(_:)``, native PipeWire) multiplies with the
///   user's volumes and is the agent's alone: nothing is read (`shown` is `nil`).
///
/// Steps are due by the clock from the ramp's start: a late tick writes the last step due, so a
/// ramp ends on time on a loaded machine. A stream the agent starts tracking while a duck is in
/// effect (a new agent took over after a crash) takes its base from the journal's pending
/// restore when there is one.
///
/// ```swift
/// var music = StreamDuck(serial: 4711, shown: .streamVolume(server.volume(of: 4711)))
/// if let entry = music.retarget(level: 0.3, rampMilliseconds: 250, now: .now) { try journal.record(entry) }
/// switch music.step(shown: .streamVolume(server.volume(of: 4711)), at: .now) {
/// case .write(let level, let isLast): server.set(level, of: 4711); if isLast { /* settled */ }
/// case .userChanged(let entry): try journal.record(entry)   // the user's volume stays
/// case .wait: break                                          // no step due yet
/// }
/// ```
public struct StreamDuck: Hashable, Sendable {
    /// The stream.
    public let serial: StreamSerial
    /// The user's level: what the stream is restored to.
    public private(set) var base: LevelBase
    /// The linear amplitude factor last written (1 when not ducked).
    public private(set) var level: Double
    /// Whether the user changed the level during the current duck; the stream is left alone until
    /// the next duck starts.
    public private(set) var userTookOver = false

    /// What the server should show if nobody else touched the stream: the level the agent wrote
    /// last (the user's, when it wrote none).
    public private(set) var expected: LevelBase
    private var plan: RampPlan?
    private var rampStart = ContinuousClock.now
    private var nextStep = 0

    /// Starts tracking a stream whose level on the server is `shown`.
    ///
    /// - Parameter journalled: the stream's pending volume restore, if the journal has one; a base
    ///   of the other control is not this one's, and is left out.
    public init(serial: StreamSerial, shown: LevelBase, journalled: PendingRestore? = nil) {
        self.serial = serial
        if case .volume(_, let base, let appliedLevel)? = journalled, base.isSameControl(as: shown) {
            self.base = base
            self.level = appliedLevel ?? 1
            self.expected = base.scaled(byAmplitude: appliedLevel ?? 1)
        } else {
            self.base = shown
            self.level = 1
            self.expected = shown
        }
    }

    /// Whether a ramp is under way.
    public var isRamping: Bool { plan != nil }

    /// Whether the stream is at its user's level with no ramp running.
    public var isAtBase: Bool { plan == nil && level == 1 }

    /// Plans a ramp from the current level to `target` (1 restores the user's level), starting `now`.
    ///
    /// Returns the journal entry to record *before* the first write when the stream is being
    /// ducked; `nil` when it is being restored or is at `target` already (then nothing is written).
    public mutating func retarget(level target: Double, rampMilliseconds: Int, now: ContinuousClock.Instant) -> JournalEntry? {
        if plan == nil && target == level {
            return nil  // already there (and journalled when ducked): no writes
        }
        let plan = RampPlanner.plan(
            base: base.streamVolume ?? StreamVolume([StreamVolume.normal]), from: level, to: target, milliseconds: rampMilliseconds)
        self.plan = plan
        rampStart = now
        nextStep = 0
        guard plan.targetLevel < 1 else { return nil }
        userTookOver = false
        return .duck(serial, base: base, level: plan.targetLevel)
    }

    /// The next thing to do at `now`, given the stream's level as just read from the server
    /// (`nil` where the level the agent ramps is its own).
    public mutating func step(shown: LevelBase?, at now: ContinuousClock.Instant) -> DuckStep {
        if let shown, let entry = userChanged(shown) { return .userChanged(entry) }
        guard let plan else { return .wait }
        let elapsed = rampStart.duration(to: now)
        var due = nextStep
        while due < plan.steps.count, .milliseconds(plan.steps[due].offsetMilliseconds) <= elapsed { due += 1 }
        guard due > nextStep else { return .wait }
        let step = plan.steps[due - 1]
        nextStep = due
        level = step.level
        expected = base.streamVolume == nil ? base.scaled(byAmplitude: step.level) : .streamVolume(step.volume)
        let isLast = due == plan.steps.count
        if isLast { self.plan = nil }
        return .write(expected, isLast: isLast)
    }

    /// The journal entry of the user's own level when `shown` is not what the agent wrote last:
    /// the duck ends for the stream, and `shown` is its base from now on. `nil` when it is.
    public mutating func userChanged(_ shown: LevelBase) -> JournalEntry? {
        guard !shown.matches(expected) else { return nil }
        base = shown
        expected = shown
        level = 1
        plan = nil
        userTookOver = true
        return .userVolume(serial, base: shown)
    }

    /// Stops the ramp where it is (the stream cannot be read); the level last written stays.
    public mutating func stopRamp() {
        plan = nil
    }
}
