import AudioSessionTesting
import Foundation

/// A real client the test started in a session of its own, and every process it spawned, also
/// those that leave its session or that init adopts: a browser's crash handlers, the daemon a
/// client autospawns (speech-dispatcher) and that daemon's own children (its output modules).
///
/// Each process is found by what only the test's client has: its session (led by the timeout(1)
/// that bounds the client's life), or the marker variable in its environment that every child
/// inherits (except those a browser starts from a zygote, which stay in the session).
/// ``stop()`` kills exactly those and says which survived.
///
/// ```swift
/// let family = try ProcessFamily.start(["spd-say", "-w", "hello"], named: "spd-say", in: rig)
/// let survivors = await family.stop()
/// #expect(survivors.isEmpty, "\(survivors)")
/// ```
struct ProcessFamily {
    /// setsid's process: timeout(1), the session's leader, which runs the client.
    let leader: ChildProcess
    let marker: String

    /// Starts `command` on the rig's server and bus, in a new session, its life bounded by the
    /// test's time limit.
    static func start(
        _ command: [String], named name: String, in rig: AgentRig, extraEnvironment: [String: String] = [:]
    ) throws -> ProcessFamily {
        let marker = "\(name)-\(UInt64.random(in: 0...UInt64.max))"
        // setsid(1) makes the new session without forking (it is no group leader when spawned),
        // so the PID is the session's id. timeout(1) in it bounds the client's life by the test's
        // own time limit: a test process killed midway leaves no client running for long (its
        // children end when it does).
        let lifetime = "\(SoakSettings.timeLimitMinutes * 60)"
        let environment = ["DBUS_SESSION_BUS_ADDRESS": rig.bus.address, markerVariable: marker, "PATH": "/usr/bin:/bin"]
        let leader = try rig.server.spawn(
            "setsid", ["timeout", "--signal=KILL", lifetime] + command,
            extraEnvironment: environment.merging(extraEnvironment) { _, new in new })
        return ProcessFamily(leader: leader, marker: marker)
    }

    /// Kills every process of the family and waits until none is left; returns what survived
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
        _ = await leader.waitForExit()
        return left.map { "\($0) \(Self.commandName(of: $0))" }
    }

    /// The live processes of the family: the session's members and the marker's bearers.
    func processes() -> [Int32] {
        let own = getpid()
        return Self.allProcesses().filter { pid in
            pid != own && (Self.session(of: pid) == leader.pid || Self.environment(of: pid).contains("\(Self.markerVariable)=\(marker)"))
        }
    }

    static let markerVariable = "AUDIOSESSION_TEST_FAMILY"

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
