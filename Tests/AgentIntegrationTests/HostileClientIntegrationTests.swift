import AudioSessionBus
import AudioSessionTesting
import Foundation
import Testing

extension AgentIntegrationTests {
    /// What an attacker tried on the agent (issue 18): one app filling the session table, names
    /// that drive the terminal or forge rows, huge arguments, ids that read otherwise than they are.
    /// On PulseAudio (minimal) only: none of it depends on the sound server.
    @Suite("hostile clients")
    struct HostileClients {
        /// The agent's per-app session limit (`SessionLimits.standard.perApp`, docs/dbus-api.md).
        static let perAppSessions = 128

        @Test("one app filling its session limit over 32 connections of 16 sessions does not lock `run` out")
        func oneAppCannotLockOthersOut() async throws {
            let rig = try await AgentRig.start(.pulseMinimal)
            defer { rig.stop() }
            let agent = try await rig.startAgent()
            defer { agent.kill() }

            // The shape of the finding: 32 connections, each registering up to 16 sessions, all from
            // one binary (this test's), each connection until the agent refuses it.
            var connections: [BusConnection] = []
            defer { for connection in connections { connection.close() } }
            var registered = 0
            var refusals: [BusError] = []
            for _ in 0..<32 {
                let connection = try BusConnection(address: rig.bus.address)
                connections.append(connection)
                for _ in 0..<16 {
                    do {
                        _ = try await Self.register(on: connection, properties: [:])
                        registered += 1
                    } catch let error as BusError {
                        refusals.append(error)
                        break
                    }
                }
            }
            #expect(registered == Self.perAppSessions)
            #expect(refusals.count == 32 - Self.perAppSessions / 16)
            for refusal in refusals {
                #expect(refusal.name.rawValue == "org.audiosession.Error.TooManySessions", "\(refusal)")
                #expect(refusal.message.contains("the app (binary "), "\(refusal.message)")
                #expect(refusal.message.contains("already holds \(Self.perAppSessions) sessions"), "\(refusal.message)")
            }

            // Another app still gets its session while the first holds all of its own.
            let run = try await rig.ctl(["run", "--category", "playback", "--", "true"])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(try await rig.sessions().count == Self.perAppSessions)
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }

        @Test("hostile strings: a name with escapes and a newline shows as one escaped row and valid JSON; a 1 MiB argument gets a short error; a U+202E id is refused")
        func hostileStrings() async throws {
            let rig = try await AgentRig.start(.pulseMinimal)
            defer { rig.stop() }
            let agent = try await rig.startAgent()
            defer { agent.kill() }

            // (b) paplay names itself with a terminal title, a screen clear and a forged row.
            let hostileName = "\u{1B}]0;pwned\u{07}\u{1B}[2Jevil\nfake-line"
            let player = try rig.server.spawn(
                "paplay", ["--property=application.name=\(hostileName)", "--property=media.name=hostile", try rig.tone("hostile", seconds: 60)])
            defer { player.kill() }
            // Another names itself "maps" followed by text that reads backwards.
            let reversedName = "maps\u{202E}3pm.exe"
            let reverser = try rig.server.spawn(
                "paplay", ["--property=application.name=\(reversedName)", "--property=media.name=reversed", try rig.tone("reversed", seconds: 60)])
            defer { reverser.kill() }
            let table = try await waitForValue("status lists the hostile streams") { () -> String? in
                let status = try await rig.ctl(["status"])
                let listed = status.standardOutput.contains("evil") && status.standardOutput.contains("maps")
                return status.status == 0 && listed ? status.standardOutput : nil
            }
            #expect(!table.contains("\u{202E}") && table.contains(#"maps\u{202E}3pm.exe"#), "\(table.debugDescription)")
            #expect(!table.contains("\u{1B}") && !table.contains("\u{07}"), "\(table.debugDescription)")
            let lines = table.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(!lines.contains { $0.hasPrefix("fake-line") }, "\(table.debugDescription)")
            let row = try #require(lines.first { $0.contains("evil") })
            #expect(row.contains(#"\x1B]0;pwned\x07\x1B[2Jevil\nfake-line"#), "\(row.debugDescription)")
            #expect(row.hasSuffix("playing"), "the row goes on to its last column: \(row.debugDescription)")

            let json = try await rig.ctl(["status", "--json"])
            #expect(json.status == 0, "\(json.standardError)")
            let text = json.standardOutput.hasSuffix("\n") ? String(json.standardOutput.dropLast()) : json.standardOutput
            #expect(!text.contains("\u{1B}") && !text.contains("\u{07}") && !text.contains("\n"), "\(text.debugDescription)")
            #expect(!text.contains("\u{202E}") && text.contains(#"maps\u202e3pm.exe"#), "\(text.debugDescription)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            let streams = try #require(object["streams"] as? [[String: Any]])
            #expect(streams.contains { $0["application"] as? String == hostileName }, "the name comes back whole: \(streams)")
            #expect(streams.contains { $0["application"] as? String == reversedName }, "\(streams)")

            // What the agent quotes back of a hostile argument reaches the terminal escaped too.
            let explain = try await rig.ctl(["explain", "\u{1B}[2Jno-such-stream"])
            #expect(explain.status == 64, "\(explain.standardError)")
            #expect(!explain.standardError.contains("\u{1B}"), "\(explain.standardError.debugDescription)")
            #expect(explain.standardError.contains(#"\x1B[2Jno-such-stream"#), "\(explain.standardError)")

            let connection = try BusConnection(address: rig.bus.address)
            defer { connection.close() }

            // (c) A 1 MiB argument gets a message of a few hundred bytes that says it was cut.
            let huge = String(repeating: "x", count: 1 << 20)
            do {
                _ = try await Self.call(connection, "ExplainStream", [.string(huge)])
                Issue.record("ExplainStream with a 1 MiB id succeeded")
            } catch let error as BusError {
                #expect(error.name.rawValue == "org.audiosession.Error.NoSuchStream", "\(error.name)")
                #expect(error.message.utf8.count < 400, "\(error.message.utf8.count) bytes")
                #expect(error.message.contains("cut from 1048576 bytes"), "\(error.message)")
            }
            let session = try await Self.register(on: connection, properties: [:])
            do {
                _ = try await Self.call(connection, "SetConfiguration", [.string(session), .string(huge), .string("default"), .array(element: .string, [])])
                Issue.record("SetConfiguration with a 1 MiB category succeeded")
            } catch let error as BusError {
                #expect(error.name.rawValue == "org.audiosession.Error.UnknownName", "\(error.name)")
                #expect(error.message.utf8.count < 500, "\(error.message.utf8.count) bytes")
                #expect(error.message.contains("play-and-record"), "the accepted names are still listed: \(error.message)")
            }

            // (d) An application id that reads "org.example.Maps" but is stored otherwise is refused.
            do {
                _ = try await Self.register(on: connection, properties: ["application-id": "org.example.\u{202E}spaM"])
                Issue.record("RegisterSession with U+202E in the application id succeeded")
            } catch let error as BusError {
                #expect(error.name.rawValue == "org.freedesktop.DBus.Error.InvalidArgs", "\(error.name)")
                #expect(error.message.contains("application-id"), "\(error.message)")
                #expect(error.message.contains("U+202E, a bidirectional control"), "\(error.message)")
            }
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }

        static func call(_ connection: BusConnection, _ method: String, _ arguments: BusArguments) async throws -> BusArguments {
            try await connection.call(
                destination: "org.audiosession.Agent", path: "/org/audiosession/Agent", interface: "org.audiosession.Agent1",
                method: method, arguments: arguments, timeout: .seconds(30))
        }

        /// `RegisterSession` with string properties; returns the session id.
        static func register(on connection: BusConnection, properties: [String: String]) async throws -> String {
            var wire: [BusValue: BusValue] = [:]
            for (key, value) in properties { wire[.string(key)] = .variant(.string(value)) }
            return try await call(connection, "RegisterSession", [.dictionary(key: .string, value: .variant, wire)])
                .decode(String.self, String.self).0
        }
    }
}
