public import AudioPolicy
import AudioSessionContract
import AudioSessionModel
import Logging
public import ServiceLifecycle
import SoundServer
import Synchronization

/// The sessions' hardware preferences (`SetPreferredHardware`) and what the server uses
/// (`GetHardwareValues`).
///
/// As on iOS a preference reaches the device only while its session is active and not mixable:
/// then, on PipeWire (natively or through pipewire-pulse), the agent forces the graph clock
/// (``PipeWireSettingsClock``, journalled); when the session deactivates, is interrupted,
/// unregisters or its connection leaves the bus (its app died), the values found are written back.
/// When several sessions hold, the one registered last wins. On PulseAudio the device rate is
/// fixed by the server's configuration: preferences are kept and reported, never applied.
///
/// A ``DecisionSink`` (it follows every session's activity from the coordinator's decisions) and
/// a `Service`: the clock is written from ``run()`` only, one change at a time, never on the loop
/// thread. Each change of what should hold has a generation; a bus call whose answer depends on the
/// clock (an activation, a preference, the values) waits with ``settled()`` until ``run()`` has
/// applied the generation of its moment, so its reply follows the server.
///
/// ```swift
/// let steward = HardwareSteward(clock: clock, isPipeWire: { true }, logger: logger)
/// let coordinator = PolicyCoordinator(engine: engine, sinks: [catalog, notifier, steward])
/// steward.follow { agents.now?.graph }
/// // run `steward` in the agent's ServiceGroup
/// ```
public final class HardwareSteward: DecisionSink, Service, Sendable {
    private struct State {
        var preferences: [SessionID: HardwarePreference] = [:]
        /// The preference that should be in force on the server now, if any.
        var wanted: HardwarePreference?
        /// Whether `wanted` changed since the clock was last told.
        var isOwed = false
        /// Whether the clock took the last `wanted` it was given.
        var isApplied = false
        /// Counts the changes of `wanted`; ``run()`` records the one it applied last.
        var generation: UInt64 = 0
        var appliedGeneration: UInt64 = 0
        /// Bus calls waiting for a generation to be applied.
        var waiters: [(generation: UInt64, continuation: CheckedContinuation<Void, Never>)] = []
    }

    let clock: PipeWireSettingsClock
    /// The graph of the agent serving now; set by ``follow(_:)`` once that agent exists.
    private let graphSource = Mutex<(@Sendable () -> Graph?)?>(nil)
    private let isPipeWire: @Sendable () -> Bool
    private let logger: Logger
    private let state = Mutex(State())
    private let wakeups: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation

    /// A steward that forces the PipeWire clock through `clock` when `isPipeWire` says the server
    /// is PipeWire.
    init(clock: PipeWireSettingsClock, isPipeWire: @escaping @Sendable () -> Bool, logger: Logger) {
        self.clock = clock
        self.isPipeWire = isPipeWire
        self.logger = logger
        (wakeups, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    deinit { wake.finish() }

    /// Reads device values from `graph` from now on: the mirror of the agent serving now, `nil`
    /// while the server is away.
    func follow(_ graph: @escaping @Sendable () -> Graph?) {
        graphSource.withLock { $0 = graph }
    }

    /// Writes back what a crashed agent forced, then applies each change of the wanted clock
    /// until graceful shutdown, and then writes back what it forced.
    public func run() async throws {
        await clock.repairLeftovers()
        for await _ in wakeups.cancelOnGracefulShutdown() {
            let (target, wanted) = state.withLock { ($0.generation, $0.wanted) }
            let applied = await clock.apply(isPipeWire() ? wanted : nil)
            let ready = state.withLock { state in
                state.isApplied = applied
                state.appliedGeneration = max(state.appliedGeneration, target)
                return Self.takeWaiters(upTo: state.appliedGeneration, from: &state)
            }
            for continuation in ready { continuation.resume() }
        }
        await clock.stop()
        // Nothing will be applied any more: no call waits for it.
        let left = state.withLock { state in Self.takeWaiters(upTo: .max, from: &state) }
        for continuation in left { continuation.resume() }
    }

    // MARK: Decisions

    public func carryOut(_ decisions: [PolicyDecision], after event: PolicyEvent, in view: PolicyView) {
        state.withLock { Self.update(&$0, in: view) }
    }

    public func sendQueued() {
        let isOwed = state.withLock { state in
            defer { state.isOwed = false }
            return state.isOwed
        }
        if isOwed { wake.yield() }
    }

    // MARK: Bus calls

    /// Records `preference` for `session` (replacing its earlier one); call inside the
    /// coordinator's ``PolicyCoordinator/read(_:)`` with its view, then ``sendQueued()`` and ``settled()``.
    func setPreference(_ preference: HardwarePreference, for session: SessionID, in view: PolicyView) {
        state.withLock { state in
            state.preferences[session] = preference.isEmpty ? nil : preference
            Self.update(&state, in: view)
        }
    }

    /// Returns once ``run()`` has applied what should hold at the time of the call (at once when
    /// that is applied already).
    func settled() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isDone = state.withLock { state in
                guard state.appliedGeneration < state.generation else { return true }
                state.waiters.append((state.generation, continuation))
                return false
            }
            if isDone { continuation.resume() }
        }
    }

    private static func takeWaiters(upTo generation: UInt64, from state: inout State) -> [CheckedContinuation<Void, Never>] {
        let ready = state.waiters.filter { $0.generation <= generation }.map(\.continuation)
        state.waiters.removeAll { $0.generation <= generation }
        return ready
    }

    /// `GetHardwareValues`: the devices of `route` as the server reports them, the I/O buffer the
    /// server uses, and the session's preferences.
    func values(of session: SessionID, route: RouteDescription) async -> HardwareValuesReply {
        await settled()
        let (preference, applied, isWanted) = state.withLock { state in
            let preference = state.preferences[session]
            return (preference, state.isApplied, preference != nil && state.wanted == preference)
        }
        let devices = graphSource.withLock { $0 }?()
        let output = route.outputs.first.flatMap { port in devices?.sinks.values.first { $0.name == port.uid } }
        let input = route.inputs.first.flatMap { port in devices?.sources.values.first { $0.name == port.uid } }
        var reply = HardwareValuesReply(
            outputChannels: output.map { UInt32($0.channelMap.count) }, inputChannels: input.map { UInt32($0.channelMap.count) },
            outputLatency: output?.latency.map(Self.seconds), inputLatency: input?.latency.map(Self.seconds),
            preferredSampleRate: preference?.sampleRate ?? 0, preferredIOBufferDuration: preference?.ioBufferDuration ?? 0,
            preferencesApplied: applied && isWanted)
        if isPipeWire(), let clock = await clock.readings() {
            // Every device of the graph runs at its clock's rate, in its quanta.
            reply.outputSampleRate = output.flatMap { _ in clock.rate }
            reply.inputSampleRate = input.flatMap { _ in clock.rate }
            reply.ioBufferDuration = clock.bufferDuration
            reply.ioBufferFrames = clock.quantum
            // PipeWire states a device's latency per graph cycle: its time is the clock's.
            if let rate = clock.rate, let quantum = clock.quantum {
                reply.outputLatency = output?.cycleLatency.map { Self.seconds($0.duration(quantum: quantum, rate: rate)) } ?? reply.outputLatency
                reply.inputLatency = input?.cycleLatency.map { Self.seconds($0.duration(quantum: quantum, rate: rate)) } ?? reply.inputLatency
            }
        } else {
            reply.outputSampleRate = output?.sampleRate
            reply.inputSampleRate = input?.sampleRate
            // PulseAudio's equivalent of a period: the latency the device is configured for, the
            // buffer its clients fill ahead.
            let buffer = (output ?? input).flatMap { device in device.latency.map { ($0, device.sampleRate) } }
            reply.ioBufferDuration = buffer.map { Self.seconds($0.0) }
            reply.ioBufferFrames = buffer.flatMap { latency, rate in
                rate.map { UInt32((Self.seconds(latency) * Double($0)).rounded()) }
            }
        }
        return reply
    }

    // MARK: Rules

    /// Drops the preferences of ended sessions and works out which preference should hold: the
    /// last registered of the active, non-mixable sessions that have one.
    private static func update(_ state: inout State, in view: PolicyView) {
        guard !state.preferences.isEmpty || state.wanted != nil else { return }
        let sessions = view.registry.sessions
        let live = Set(sessions.map(\.id))
        state.preferences = state.preferences.filter { live.contains($0.key) }
        let holder = sessions.last { session in
            state.preferences[session.id] != nil && view.engine.activity(of: session.id) == .active
                && !session.configuration.isMixable
        }
        let wanted = holder.flatMap { state.preferences[$0.id] }
        if wanted != state.wanted {
            state.wanted = wanted
            state.generation += 1
            state.isOwed = true
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
