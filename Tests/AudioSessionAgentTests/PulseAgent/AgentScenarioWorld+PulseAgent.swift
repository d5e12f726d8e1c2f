import AudioSessionAgent
import AudioSessionTesting
import PolicyScenarios

extension AgentScenarioWorld where Agent == PulseAgent {
    /// Starts the pulse-protocol agent under the scenario's policy on `server` (PulseAudio or
    /// pipewire-pulse), observed with pactl; `bus` carries the players' MPRIS.
    static func start(_ scenario: Scenario, on server: Server, bus: PrivateDBus) async throws -> AgentScenarioWorld {
        try await start(scenario, on: server, bus: bus, observer: PulseVolumeObserver(server: server)) { policy, harness, recorder in
            try await PulseAgent.start(
                policy: policy,
                configuration: PulseAgentConfiguration(
                    server: server.serverAddress, journalDirectory: harness.journalDirectory, logger: AgentHarness<Server>.logger),
                sinks: [recorder])
        }
    }
}
