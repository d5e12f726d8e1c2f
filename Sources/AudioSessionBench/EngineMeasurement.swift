/// One measured line: how many events the engine handled in how long, and how many stream
/// decisions they produced (the streams they affected).
struct EngineMeasurement {
    let streamCount: Int
    let kind: EngineWorkload.Kind
    let events: Int
    let decisions: Int
    let elapsed: Duration

    var seconds: Double { elapsed.seconds }

    var microsecondsPerEvent: Double { seconds * 1e6 / Double(events) }
    var eventsPerSecond: Double { Double(events) / seconds }
    var decisionsPerEvent: Double { Double(decisions) / Double(events) }
    /// Cost per affected stream: flat across stream counts means growth linear in what an event affects.
    var microsecondsPerDecision: Double { decisions == 0 ? 0 : seconds * 1e6 / Double(decisions) }

    var line: String {
        "engine streams=\(streamCount) class=\(kind.rawValue) events=\(events) seconds=\(seconds.fixed(4))"
            + " us_per_event=\(microsecondsPerEvent.fixed(3)) events_per_second=\(eventsPerSecond.fixed(0))"
            + " decisions_per_event=\(decisionsPerEvent.fixed(2)) us_per_decision=\(microsecondsPerDecision.fixed(3))"
    }
}
