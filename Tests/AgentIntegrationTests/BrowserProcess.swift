import AudioSessionTesting
import Foundation

/// A real browser the test started, in a session of its own, and every process it spawned.
///
/// A browser starts a dozen children (zygotes, renderers, an audio service, content processes),
/// and its crash handlers (Chromium's crashpad, Firefox's crashhelper) leave its session with a
/// session of their own. Each process is found by what only the test's browser has: its session
/// (led by the timeout(1) that bounds the browser's life), or the marker variable in its
/// environment that every child not started from a zygote inherits. ``stop()`` kills exactly
/// those and says which survived.
struct BrowserProcess {
    let browser: Browser
    let process: ChildProcess
    let marker: String

    /// Starts `browser` on `url` with a fresh profile under the rig's directory, on the rig's
    /// server and bus.
    static func start(_ browser: Browser, opening url: String, in rig: AgentRig) throws -> BrowserProcess {
        let profile = rig.directory + "/\(browser.binary)-profile"
        try FileManager.default.createDirectory(atPath: profile, withIntermediateDirectories: true)
        let marker = "\(browser.binary)-\(UInt64.random(in: 0...UInt64.max))"
        let command = try browser.command(opening: url, profile: profile)
        // setsid(1) makes the new session without forking (it is no group leader when spawned),
        // so the PID is the session's id. timeout(1) in it bounds the browser's life by the
        // test's own time limit: a test process killed midway leaves no browser running for long
        // (its children end when it does).
        let lifetime = "\(SoakSettings.timeLimitMinutes * 60)"
        let process = try rig.server.spawn(
            "setsid", ["timeout", "--signal=KILL", lifetime] + command,
            extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": rig.bus.address, markerVariable: marker, "PATH": "/usr/bin:/bin"])
        return BrowserProcess(browser: browser, process: process, marker: marker)
    }

    /// Kills every process of the browser and waits until none is left; returns what survived
    /// 15 seconds of it, as `ps` would print them (empty when all are gone).
    func stop() async -> [String] {
        var left: [Int32] = []
        let deadline = ContinuousClock.now + .seconds(15)
        repeat {
            left = processes()
            for pid in left { _ = Foundation.kill(pid, SIGKILL) }
            if left.isEmpty { break }
            try? await Task.sleep(for: .milliseconds(100))
        } while ContinuousClock.now < deadline
        _ = await process.waitForExit()
        return left.map { "\($0) \(Self.commandName(of: $0))" }
    }

    /// The live processes of this browser: the session's members and the marker's bearers.
    func processes() -> [Int32] {
        let own = getpid()
        return Self.allProcesses().filter { pid in
            pid != own && (Self.session(of: pid) == process.pid || Self.environment(of: pid).contains("\(Self.markerVariable)=\(marker)"))
        }
    }

    static let markerVariable = "AUDIOSESSION_TEST_BROWSER"

    private static func allProcesses() -> [Int32] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { Int32($0) }
    }

    /// The session id, field 6 of /proc/PID/stat (after the parenthesised command name, which
    /// may hold spaces); nil for a process already gone or a zombie's empty record.
    private static func session(of pid: Int32) -> Int32? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        // After the name: state, ppid, pgrp, session.
        guard fields.count > 3, fields[0] != "Z" else { return nil }
        return Int32(fields[3])
    }

    private static func environment(of pid: Int32) -> [String] {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return [] }
        return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func commandName(of pid: Int32) -> String {
        ((try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? "?").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
