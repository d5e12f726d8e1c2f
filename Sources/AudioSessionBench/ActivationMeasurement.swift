/// One measured line of the activation workload: session events handled by the engine and how long they took.
struct ActivationMeasurement {
    let sessionCount: Int
    let events: Int
    let decisions: Int
    let elapsed: Duration

    var line: String {
        let seconds = elapsed.seconds
        return "activation sessions=\(sessionCount) events=\(events) seconds=\(seconds.fixed(4))"
            + " us_per_event=\((seconds * 1e6 / Double(events)).fixed(3))"
            + " decisions_per_event=\((Double(decisions) / Double(events)).fixed(2))"
    }
}
