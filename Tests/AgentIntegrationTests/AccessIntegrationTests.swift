import AudioSessionTesting
import Testing

extension AgentIntegrationTests {
    /// A session belongs to the bus connection that registered it: a second connection
    /// (dbus-send) can neither deactivate nor reconfigure it, and the session stays as it was.
    @Suite("access")
    struct Access {
        @Test("a second bus connection gets AccessDenied for Deactivate and SetConfiguration of another's session", arguments: SoundSetup.allCases)
        func strangerIsDenied(setup: SoundSetup) async throws {
            let rig = try await AgentRig.start(setup)
            defer { rig.stop() }
            let agent = try await rig.startAgent()
            defer { agent.kill() }
            let owner = try rig.runPlaying("music", try rig.tone("music", seconds: 60), ["--category", "playback", "--app-id", "org.example.Owner"])
            defer { owner.kill() }
            let session = try await waitForValue("the owner's session is active") { () -> String? in
                try await rig.sessions().first {
                    $0["application_id"] as? String == "org.example.Owner" && $0["activity"] as? String == "active"
                }?["session"] as? String
            }

            // Control: the same call for a session that does not exist is answered otherwise, so
            // AccessDenied below is about ownership, not a malformed call.
            let missing = try await rig.dbusSend("Deactivate", ["string:no-such-session", "boolean:true"])
            #expect(missing.status != 0)
            #expect(missing.standardError.contains("org.audiosession.Error.NoSuchSession"), "\(missing.standardError)")

            let deactivate = try await rig.dbusSend("Deactivate", ["string:\(session)", "boolean:true"])
            #expect(deactivate.status != 0)
            #expect(deactivate.standardError.contains("org.freedesktop.DBus.Error.AccessDenied"), "\(deactivate.standardError)")
            let reconfigure = try await rig.dbusSend(
                "SetConfiguration", ["string:\(session)", "string:record", "string:default", "array:string:allow-bluetooth-hfp"])
            #expect(reconfigure.status != 0)
            #expect(reconfigure.standardError.contains("org.freedesktop.DBus.Error.AccessDenied"), "\(reconfigure.standardError)")

            let after = try #require(try await rig.sessions().first { $0["session"] as? String == session })
            #expect(after["activity"] as? String == "active", "\(after)")
            #expect(after["category"] as? String == "playback", "\(after)")
            #expect(owner.isRunning)
            owner.terminate()
            #expect(await owner.waitForExit() == 0, "\(owner.standardError)")
            #expect(await rig.stopAgent(agent) == 0, "\(agent.standardError)")
        }
    }
}
