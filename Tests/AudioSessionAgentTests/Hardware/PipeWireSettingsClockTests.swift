import AudioSessionTesting
import Glibc
import Logging
import Testing

@testable import AudioSessionAgent

@Suite("the PipeWire clock on a real PipeWire")
struct PipeWireSettingsClockTests {
    /// A PipeWire that keeps its socket but stopped answering (SIGSTOP) must not hold a session's
    /// hardware preference call, or the agent's stop, for good: the clock's round trips are
    /// bounded (``PipeWireSettingsClock/answerLimit``). Before the bound, `readings()` never
    /// returned here, and the time limit failed the test.
    @Test(
        "a PipeWire that stops answering: the clock's reading gives up instead of holding its caller, and reads again once it answers",
        .timeLimit(.minutes(2)))
    func stoppedServer() async throws {
        let pipewire = try await PrivatePipeWire.start()
        defer { pipewire.stop() }
        let clock = PipeWireSettingsClock(
            remote: pipewire.environment["PIPEWIRE_RUNTIME_DIR"].map { $0 + "/pipewire-0" },
            journalDirectory: JournalDirectory(path: pipewire.directory + "/journal"), logger: Logger(label: "clock-test"))
        #expect(await clock.readings() != nil, "PipeWire answers: the clock reads its settings")

        let daemon = try #require(pipewire.processID(of: "pipewire"), "the PipeWire daemon's process")
        #expect(kill(daemon, SIGSTOP) == 0)
        var isStopped = true
        defer { if isStopped { kill(daemon, SIGCONT) } }
        let whileStopped = await clock.readings()
        #expect(kill(daemon, SIGCONT) == 0)
        isStopped = false
        #expect(whileStopped == nil, "a PipeWire that does not answer is not read")

        #expect(await clock.readings() != nil, "PipeWire answers again: the clock reads it over a new connection")
        await clock.stop()
    }
}
