import AudioPolicy
import AudioSessionTesting
import Foundation
import Testing

@testable import AudioSessionAgent

@Suite("Real /proc: ancestry, environment, scope of processes this test starts")
struct LinuxProcessTableTests {
    /// A shell (started with posix_spawn) running `sleep` as its child; both are killed by PID.
    struct Family {
        let shell: ChildProcess
        let sleeper: Int32

        static func start(environment: [String: String], in directory: String) async throws -> Family {
            var environment = environment
            environment["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            let shell = try ChildProcess(
                ["sh", "-c", "sleep 30 & echo $!; wait"], environment: environment, outputDirectory: directory)
            let sleeper = try await waitForValue("the shell reports its child's PID") {
                Int32(shell.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            return Family(shell: shell, sleeper: sleeper)
        }

        /// Kills the sleeper; the shell's `wait` then reaps it and the shell exits, so the sleeper
        /// is gone from /proc (not a zombie handed to PID 1) once this returns.
        func stop() async {
            kill(sleeper, SIGKILL)
            _ = await shell.waitForExit()
        }
    }

    @Test("a process's binary is its executable's name; a stream's app gets its ancestors', at its process id's evidence")
    func binaries() async throws {
        try await withTemporaryDirectory { directory in
            let family = try await Family.start(environment: [:], in: directory)
            let table = LinuxProcessTable()
            let shell = table.binary(of: family.shell.pid) ?? "none"
            // The shell reports its child's PID as it forks it, maybe before the child runs sleep.
            try await waitUntil("the shell's child runs sleep") { table.binary(of: family.sleeper) == "sleep" }
            #expect(["sh", "dash", "bash"].contains(shell), "\(shell)")
            #expect(table.binary(of: 0) == nil)

            var app = AppIdentity(processBinary: "sleep", processID: Int(family.sleeper))
            StreamAppIdentity.addAncestors(to: &app, from: table)
            #expect(app.ancestorBinaries.first == shell)
            #expect(app.ancestorBinaries.count == 3, "the shell, this test process, and its parent: \(app.ancestorBinaries)")
            #expect(app.evidence.ancestorBinaries == .claimed)
            var sandboxed = AppIdentity(flatpakID: "org.example.Game", processID: Int(family.sleeper))
            StreamAppIdentity.addAncestors(to: &sandboxed, from: table)
            #expect(sandboxed.ancestorBinaries.isEmpty, "a sandboxed app's ancestors are its sandbox's")
            await family.stop()
        }
    }

    @Test("parent links lead from a grandchild through its shell to this test process")
    func ancestry() async throws {
        try await withTemporaryDirectory { directory in
            let family = try await Family.start(environment: [:], in: directory)
            let table = LinuxProcessTable()
            #expect(table.parent(of: family.sleeper) == family.shell.pid)
            #expect(table.parent(of: family.shell.pid) == getpid())
            #expect(table.appScope(of: family.sleeper) == table.appScope(of: getpid()))
            #expect(table.flatpakAppID(of: family.sleeper) == nil)

            let resolver = StreamSessionResolver(processes: table)
            let session = SessionCandidate(id: "wrapped", token: "t-1", processID: family.shell.pid)
            let stream = StreamOrigin(streamProperties: ["media.role": "music"], processID: family.sleeper)
            #expect(
                resolver.resolve(stream, among: [session])
                    == SessionResolution(
                        session: "wrapped", match: .processAncestry(sessionProcessID: family.shell.pid, generations: 1))
            )
            await family.stop()

            // Gone from /proc: only the last rule, the bare client PID, can still tie it.
            #expect(table.parent(of: family.sleeper) == nil)
            let stale = SessionCandidate(id: "stale", token: "t-2", processID: family.sleeper)
            #expect(resolver.resolve(stream, among: [stale]).match == .clientProcessID(family.sleeper))
        }
    }

    @Test("the token a launcher put into PULSE_PROP is read from the child's environment")
    func environmentToken() async throws {
        try await withTemporaryDirectory { directory in
            let family = try await Family.start(
                environment: ["PULSE_PROP": "audiosession.token=run-9 media.role=music"], in: directory)
            let table = LinuxProcessTable()
            // The shell reports its child's PID as it forks it: while the child execs sleep, its
            // environ can read empty (the CI at d5b560d, under load).
            try await waitUntil("the shell's child runs sleep") { table.binary(of: family.sleeper) == "sleep" }
            #expect(
                table.environmentVariable("PULSE_PROP", of: family.sleeper)
                    == "audiosession.token=run-9 media.role=music")
            #expect(table.environmentVariable("PIPEWIRE_PROPS", of: family.sleeper) == nil)
            let resolver = StreamSessionResolver(processes: table)
            let session = SessionCandidate(id: "run", token: "run-9", processID: 999_999)
            #expect(
                resolver.resolve(StreamOrigin(streamProperties: [:], processID: family.sleeper), among: [session])
                    == SessionResolution(
                        session: "run", match: .environmentToken("run-9", source: .processEnvironment("PULSE_PROP"))))
            await family.stop()
        }
    }

    @Test("no such process: every answer is nil")
    func missingProcess() {
        let table = LinuxProcessTable()
        #expect(table.parent(of: Int32.max) == nil)
        #expect(table.appScope(of: Int32.max) == nil)
        #expect(table.environmentVariable("PATH", of: Int32.max) == nil)
        #expect(table.parent(of: -1) == nil)
    }
}
