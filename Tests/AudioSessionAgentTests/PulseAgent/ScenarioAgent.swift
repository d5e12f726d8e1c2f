import AudioSessionAgent

/// An in-process agent a scenario world drives: sessions are registered and the engine is read
/// through its coordinator, and stream ids carry its server instance. Both protocols' agents are one.
protocol ScenarioAgent: SeatedAgent {
    /// The policy state the world registers sessions with and reads the engine from.
    var coordinator: PolicyCoordinator { get }
}

extension SoundServerAgent: ScenarioAgent {}
