import AudioPolicy
import PolicyScenarios

/// How a scenario world reads back what a user observes of its streams on a real server: each
/// backend changes streams differently (the pulse protocol mutes and lowers the stream's volume,
/// the native PipeWire agent pauses the node and lowers its Props factor), so each has an observer.
protocol ScenarioStreamObserver: Sendable {
    /// How far an observed duck level may be from the table's and still match.
    var duckLevelTolerance: Double { get }

    /// The world made `placed` for the table's `stream`: start measuring it.
    func placed(_ stream: ScenarioStream, _ placed: PlacedStream) async throws

    /// The stream `name` is about to go: stop measuring it.
    func removing(_ name: String)

    /// The state of every stream in `streams` now, by name. `engineSilence` gives `.silenced(cause)`
    /// when the agent's engine has the stream silenced (the cause a server cannot show), else nil.
    func states(
        of streams: [String: PlacedStream], engineSilence: (StreamID) -> ScenarioStreamState?
    ) async throws -> [String: ScenarioStreamState]

    /// Stops every measurement.
    func stop()
}
