import AudioSessionTesting
import Foundation
import Testing

/// A test process that dies before it stops its server must not leave the server running.
@Suite("Private server guard")
struct PrivateServerGuardTests {
    @Test("a server whose owner process dies is stopped and its directory removed")
    func ownerDies() async throws {
        let scratch = NSTemporaryDirectory() + "audiosession-guard-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let owner = try ChildProcess(["sleep", "60"], environment: ProcessInfo.processInfo.environment, outputDirectory: scratch)
        defer { owner.kill() }
        let serverDirectory = scratch + "/server"
        let script = Self.repository + "/scripts/private-server"
        let start = try ChildProcess(
            [script, "start", "pulse", serverDirectory],
            environment: ProcessInfo.processInfo.environment.merging(["AUDIOSESSION_SERVER_OWNER": String(owner.pid)]) { $1 },
            outputDirectory: scratch)
        #expect(await start.waitForExit() == 0, "start failed: \(start.standardError)")
        let serverPID = try #require(
            try String(contentsOfFile: serverDirectory + "/pids", encoding: .utf8)
                .split(separator: "\n").first.flatMap { Int32($0) })
        #expect(kill(serverPID, 0) == 0)

        owner.kill()
        _ = await owner.waitForExit()

        try await waitUntil("the guard stopped the server and removed its directory", timeout: .seconds(10)) {
            !FileManager.default.fileExists(atPath: serverDirectory) && !Self.isRunning(serverPID)
        }
    }

    /// pid_max is 32768 here and a busy run goes round it in minutes: a recorded server process
    /// that ended early leaves a PID that may name another process (a test's agent) at stop time.
    @Test("stop ends only the processes it started, not a later process with a recorded PID")
    func stopSparesARecycledPID() async throws {
        let scratch = NSTemporaryDirectory() + "audiosession-recycle-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let serverDirectory = scratch + "/server"
        let script = Self.repository + "/scripts/private-server"
        let environment = ProcessInfo.processInfo.environment
        // The guard stops the server if this test process dies before its own stop below.
        let guarded = environment.merging(["AUDIOSESSION_SERVER_OWNER": String(getpid())]) { $1 }
        let start = try ChildProcess([script, "start", "pulse", serverDirectory], environment: guarded, outputDirectory: scratch)
        #expect(await start.waitForExit() == 0, "start failed: \(start.standardError)")
        let serverPID = try #require(
            try String(contentsOfFile: serverDirectory + "/pids", encoding: .utf8)
                .split(separator: "\n").first.flatMap { Int32($0) })

        // A bystander whose PID the directory holds, as if a recorded process had ended and the
        // kernel had given its PID to the bystander (its start time is not the recorded one).
        let bystander = try ChildProcess(["sleep", "60"], environment: environment, outputDirectory: scratch)
        defer { bystander.kill() }
        let pids = try FileHandle(forWritingTo: URL(fileURLWithPath: serverDirectory + "/pids"))
        try pids.seekToEnd()
        try pids.write(contentsOf: Data("\(bystander.pid)\n".utf8))
        try pids.close()
        let starts = try FileHandle(forWritingTo: URL(fileURLWithPath: serverDirectory + "/pid-starts"))
        try starts.seekToEnd()
        try starts.write(contentsOf: Data("\(bystander.pid) 1\n".utf8))
        try starts.close()

        let stop = try ChildProcess([script, "stop", serverDirectory], environment: environment, outputDirectory: scratch)
        #expect(await stop.waitForExit() == 0, "stop failed: \(stop.standardError)")
        #expect(!Self.isRunning(serverPID), "the server it started is stopped")
        #expect(bystander.isRunning, "the process that only shares a recorded PID still runs")
    }

    private static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return !stat[close...].hasPrefix(") Z")
    }

    private static let repository: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()
}
