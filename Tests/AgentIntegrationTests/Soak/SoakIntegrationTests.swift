import AudioSessionTesting
import Testing

extension AgentIntegrationTests {
    /// Issue 18: random rounds against the real agent (sessions of every category, legacy role
    /// streams, plugs, SIGKILLs of clients and of the agent, policy reloads good and broken, sound
    /// server restarts), each round checked for what it left behind. In the suite: one run of
    /// `SOAK_MINUTES` (2 unless set) on the setup its printed seed picks; `scripts/soak` runs
    /// the long form on every setup. A failure names the check, what was left and the seed.
    @Suite("soak", .timeLimit(.minutes(SoakSettings.timeLimitMinutes)))
    struct Soak {
        @Test("random rounds leave nothing behind: no stream ducked, muted, paused or moved, no saved state, flat RSS and fds")
        func soak() async throws {
            let settings = try SoakSettings.current.get()
            let run = try await SoakRun.start(settings)
            defer { run.stop() }
            do {
                try await run.run()
            } catch {
                if let saved = try? await run.savedStateSummary() { run.log("saved state at the failure: \(saved)") }
                if let kept = run.keepLogs() {
                    await run.keepGraph(in: kept)
                    run.log("soak: the agents' and servers' logs are in \(kept)")
                }
                throw error
            }
        }
    }
}
