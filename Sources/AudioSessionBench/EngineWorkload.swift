import AudioPolicy
import AudioSessionModel

/// An engine holding `streamCount` sounding app streams, and a cycle of events that leaves it in
/// the state it started from, so the cycle can repeat for as long as the measurement needs.
struct EngineWorkload {
    /// Which events the cycle is made of.
    enum Kind: String, CaseIterable {
        /// Events that affect one stream, while a voice prompt ducks everything: a stream appears
        /// (and is ducked at once), another stops and starts sounding, the first vanishes.
        case one
        /// Events whose meaning is "every other stream": a voice prompt session activates and its
        /// stream sounds (ducks all), a call appears (silences all), and both end.
        case all
        /// Ten one-stream cycles, one ducking cycle and one call cycle: a busy desktop.
        case mix
    }

    let kind: Kind
    let streamCount: Int
    private var engine: PolicyEngine
    private var next = 0

    private static let roles = ["music", "video", "game", "event", "music", "music", "video", "music"]
    private static let prompter: SessionID = "nav"

    init(kind: Kind, streamCount: Int, policy: Policy) {
        self.kind = kind
        self.streamCount = streamCount
        var engine = PolicyEngine(policy: policy)
        for index in 0..<streamCount {
            _ = engine.handle(.streamAppeared(Self.appStream(index)))
        }
        _ = engine.handle(.sessionRegistered(Self.prompter, app: AppIdentity(applicationID: "org.example.Maps")))
        _ = engine.handle(
            .sessionConfigured(
                Self.prompter, SessionConfiguration(unchecked: .playback, mode: .voicePrompt, options: [.duckOthers])))
        if kind == .one {
            for event in Self.duckingCycle().prefix(2) { _ = engine.handle(event) }
        }
        self.engine = engine
    }

    static func appStream(_ index: Int) -> StreamInfo {
        StreamInfo(
            id: StreamID("app-\(index)"), direction: .playback,
            properties: ["media.role": roles[index % roles.count]],
            app: AppIdentity(applicationID: "org.example.App\(index % 50)"), isSounding: true)
    }

    /// The events of one cycle; `rotation` picks which existing stream the one-stream events touch.
    func cycle(rotation: Int) -> [PolicyEvent] {
        switch kind {
        case .one: oneStreamCycle(rotation: rotation)
        case .all: Self.duckingCycle() + Self.callCycle()
        case .mix:
            (0..<10).flatMap { oneStreamCycle(rotation: rotation &* 10 &+ $0) } + Self.duckingCycle() + Self.callCycle()
        }
    }

    private func oneStreamCycle(rotation: Int) -> [PolicyEvent] {
        let touched = StreamID("app-\(rotation % streamCount)")
        let newcomer = StreamInfo(
            id: "newcomer", direction: .playback, properties: ["media.role": "music"],
            app: AppIdentity(applicationID: "org.example.Player"), isSounding: true)
        return [
            .streamAppeared(newcomer),
            .streamSoundingChanged(touched, isSounding: false),
            .streamSoundingChanged(touched, isSounding: true),
            .streamVanished("newcomer"),
        ]
    }

    private static func duckingCycle() -> [PolicyEvent] {
        let prompt = StreamInfo(
            id: "prompt", direction: .playback, session: prompter,
            app: AppIdentity(applicationID: "org.example.Maps"), isSounding: true)
        return [
            .sessionActivated(prompter),
            .streamAppeared(prompt),
            .streamVanished("prompt"),
            .sessionDeactivated(prompter, notifyOthers: true),
        ]
    }

    private static func callCycle() -> [PolicyEvent] {
        let call = StreamInfo(
            id: "call", direction: .playback, properties: ["media.role": "phone"],
            app: AppIdentity(applicationID: "org.example.Phone"), isSounding: true)
        return [.streamAppeared(call), .streamVanished("call")]
    }

    /// Runs whole cycles until the budget is spent, timing only the engine's `handle` calls.
    mutating func measure(_ budget: MeasuringBudget) -> EngineMeasurement {
        let clock = ContinuousClock()
        var elapsed = Duration.zero
        var events = 0
        var decisions = 0
        var cycles = 0
        while !budget.isSpent(elapsed: elapsed, cycles: cycles) {
            let batch = cycle(rotation: next)
            next &+= 1
            let start = clock.now
            for event in batch {
                decisions &+= engine.handle(event).count
            }
            elapsed += clock.now - start
            events += batch.count
            cycles += 1
        }
        return EngineMeasurement(
            streamCount: streamCount, kind: kind, events: events, decisions: decisions, elapsed: elapsed)
    }
}
