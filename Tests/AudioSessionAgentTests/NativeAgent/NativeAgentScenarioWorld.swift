import AudioSessionAgent
import AudioSessionTesting
import PolicyScenarios

/// The scenario world over the in-process native agent (``PipeWireAgent``) on PipeWire with
/// WirePlumber: the same clients as on the pulse protocol (they still play through
/// pipewire-pulse), the agent on libpipewire, and stream states observed as the native backend
/// changes them (``NodeSoundObserver``).
typealias NativeAgentScenarioWorld = AgentScenarioWorld<PrivatePipeWire, PipeWireAgent>

extension AgentScenarioWorld where Server == PrivatePipeWire, Agent == PipeWireAgent {
    /// Starts the native agent under the scenario's policy on `pipewire`'s own socket; `bus`
    /// carries the players' MPRIS.
    static func start(_ scenario: Scenario, on pipewire: PrivatePipeWire, bus: PrivateDBus) async throws -> AgentScenarioWorld {
        try await start(scenario, on: pipewire, bus: bus, observer: NodeSoundObserver(pipewire: pipewire)) { policy, harness, recorder in
            try await PipeWireAgent.start(
                policy: policy,
                configuration: PipeWireAgentConfiguration(
                    remote: pipewire.environment["PIPEWIRE_RUNTIME_DIR"].map { $0 + "/pipewire-0" },
                    journalDirectory: harness.journalDirectory, logger: AgentHarness<PrivatePipeWire>.logger),
                sinks: [recorder])
        }
    }
}
