/// One measured line: how many events the engine handled in how long, and how many stream
/// decisions they produced (the streams they affected).
struct EngineMeasurement {
    let streamCount: Int
    let kind: EngineWorkload.Kind
    let events: Int
    let decisions: Int
    let elapsed: Duration

    var seconds: Double {
        let parts = elapsed.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }

    var microsecondsPerEvent: Double { seconds * 1e6 / Double(events) }
    var eventsPerSecond: Double { Double(events) / seconds }
    var decisionsPerEvent: Double { Double(decisions) / Double(events) }
    /// Cost per affected stream: flat across stream counts means growth linear in what an event affects.
    var microsecondsPerDecision: Double { decisions == 0 ? 0 : seconds * 1e6 / Double(decisions) }

    var line: String {
        "engine streams=\(streamCount) class=\(kind.rawValue) events=\(events) seconds=\(fixed(seconds, 4))"
            + " us_per_event=\(fixed(microsecondsPerEvent, 3)) events_per_second=\(fixed(eventsPerSecond, 0))"
            + " decisions_per_event=\(fixed(decisionsPerEvent, 2)) us_per_decision=\(fixed(microsecondsPerDecision, 3))"
    }

    /// Formats without Foundation: a fixed number of decimals.
    private func fixed(_ value: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * scale).rounded()
        guard scaled.isFinite, abs(scaled) < 9e18 else { return "\(value)" }
        let whole = Int(scaled)
        let integer = whole / Int(scale)
        guard decimals > 0 else { return "\(integer)" }
        let fraction = String(abs(whole % Int(scale)))
        return "\(integer)." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
}
