import AudioSessionTesting
import Foundation
import Testing

/// The user's own word about an app (`audiosessionctl app set|unset`), with the real agent binary
/// on private PulseAudio and a private session bus: the fragment it writes, the agent taking it
/// over `ReloadPolicy`, and a phone call that then leaves the app's music alone.
@Suite("audiosessionctl app set and unset: the user's own app entries", .serialized)
struct UserAppEntryTests {
    @Test("app set --never-duck lets a player's music play through a call at full volume, explain names the entry, unset undoes it")
    func neverDuckThroughACall() async throws {
        let rig = try await DesktopRig.start(systemBus: .missing)
        defer { rig.stop() }
        let daemon = try await rig.startAgent()
        defer { daemon.kill() }
        let tone = try ToneFile.sine(frequency: 440, seconds: 120, in: rig.binary.scratch, name: "tone.wav")
        let song = try rig.pulse.spawn(
            "paplay", ["--property=media.name=song", "--property=media.role=music", "--property=application.id=org.example.Player", tone])
        defer { song.kill() }
        try await waitUntil("the song plays", timeout: .seconds(30)) { try await rig.isMuted("song") == false }

        let set = try await rig.ctl(["app", "set", "org.example.Player", "--never-duck"])
        #expect(set.status == 0 && set.standardOutput.contains("audiosessiond reloaded its policy"), "\(set)")
        let fragment = "\(rig.binary.scratch)/config/audiosession/policy.d/app-org.example.Player.toml"
        let text = try String(contentsOfFile: fragment, encoding: .utf8)
        #expect(text.hasPrefix("# Written by `audiosessionctl app set`") && text.contains("app unset"), "\(text)")
        let check = try await rig.ctl(["policy", "check", fragment])
        #expect(check.status == 0, "\(check)")
        let list = try await rig.ctl(["app", "list"])
        #expect(list.standardOutput.contains("org.example.Player") && list.standardOutput.contains("exempt"), "\(list)")

        // Another player's music is the witness that the agent has seen the call.
        let other = try rig.pulse.spawn("paplay", ["--property=media.name=other", "--property=media.role=music", tone])
        defer { other.kill() }
        var call = try rig.pulse.spawn("paplay", ["--property=media.name=call", "--property=media.role=phone", tone])
        defer { call.kill() }
        try await waitUntil("the call silences the other music", timeout: .seconds(20)) { try await rig.isMuted("other") == true }
        let songDuringCall = try #require(try await rig.pulse.sinkInput(where: "media.name", is: "song"))
        #expect(!songDuringCall.isMuted, "the user's entry keeps the song playing")
        #expect(songDuringCall.volumePercents.allSatisfy { $0 == 100 }, "\(songDuringCall.volumePercents)")
        let explain = try await rig.ctl(["explain", try await streamID(named: "song", in: rig)])
        #expect(
            explain.standardOutput.contains(#"exempt app: claimed application id "org.example.Player" (rule for org.example.Player)"#),
            "\(explain)")
        call.kill()
        _ = await call.waitForExit()
        try await waitUntil("the other music plays after the call", timeout: .seconds(20)) { try await rig.isMuted("other") == false }

        // A broken fragment of the user's: the agent refuses the policy, says why, and keeps the one in force.
        let broken = "\(rig.binary.scratch)/config/audiosession/policy.d/50-broken.toml"
        try Data("version = 1\n[ducking]\nlevel = \"loud\"\n".utf8).write(to: URL(fileURLWithPath: broken))
        let refusedSet = try await rig.ctl(["app", "set", "org.example.Softphone", "--role", "phone"])
        #expect(refusedSet.status == 65 && refusedSet.standardError.contains("nothing was written"), "\(refusedSet)")
        #expect(!FileManager.default.fileExists(atPath: "\(rig.binary.scratch)/config/audiosession/policy.d/app-org.example.Softphone.toml"))
        let refusedUnset = try await rig.ctl(["app", "unset", "org.example.Player"])
        #expect(
            refusedUnset.status == 65 && refusedUnset.standardError.contains("refused the policy")
                && refusedUnset.standardError.contains("50-broken.toml"), "\(refusedUnset)")
        #expect(!FileManager.default.fileExists(atPath: fragment), "unset removed the file all the same")
        call = try rig.pulse.spawn("paplay", ["--property=media.name=call", "--property=media.role=phone", tone])
        try await waitUntil("the call silences the other music", timeout: .seconds(20)) { try await rig.isMuted("other") == true }
        #expect(try await rig.isMuted("song") == false, "the agent kept the policy in force, with the entry")
        call.kill()
        _ = await call.waitForExit()
        try await waitUntil("the other music plays after the call", timeout: .seconds(20)) { try await rig.isMuted("other") == false }

        // With the broken file gone, the next command's reload drops the unset entry; its own
        // entry makes a softphone's role-less stream a call.
        try FileManager.default.removeItem(atPath: broken)
        let softphone = try await rig.ctl(["app", "set", "org.example.Softphone", "--role", "phone"])
        #expect(softphone.status == 0 && softphone.standardOutput.contains("audiosessiond reloaded its policy"), "\(softphone)")
        call = try rig.pulse.spawn("paplay", ["--property=media.name=call", "--property=application.id=org.example.Softphone", tone])
        try await waitUntil("the softphone's call silences the song again", timeout: .seconds(20)) { try await rig.isMuted("song") == true }
        let callExplained = try await rig.ctl(["explain", try await streamID(named: "call", in: rig)])
        #expect(
            callExplained.standardOutput.contains(
                #"role communication from its app's rule: claimed application id "org.example.Softphone" (rule for org.example.Softphone)"#),
            "\(callExplained)")
        call.kill()
        _ = await call.waitForExit()
        try await waitUntil("the song plays after the call", timeout: .seconds(20)) { try await rig.isMuted("song") == false }

        daemon.terminate()
        #expect(await daemon.waitForExit() == 0, "\(daemon.standardError)")
        let offline = try await rig.ctl(["app", "unset", "org.example.Softphone"])
        #expect(offline.status == 0 && offline.standardOutput.contains("next start"), "\(offline)")
    }

    @Test("bad ids and contradicting flags exit 64 with what was wrong, and write nothing")
    func badRequests() async throws {
        let rig = try await DesktopRig.start(systemBus: .missing)
        defer { rig.stop() }
        let cases: [([String], String)] = [
            (["app", "set", "../evil", "--exempt"], "contains '/'"),
            (["app", "set", "bell\u{7}", "--exempt"], "control character U+7"),
            (["app", "set", "", "--exempt"], "is empty"),
            (["app", "set", "org.example.Phone", "--exempt", "--role", "phone"], "--exempt contradicts --role"),
            (["app", "set", "org.example.Phone", "--never-duck", "--call-while-capturing"], "--exempt contradicts --call-while-capturing"),
            (["app", "set", "org.example.Phone"], "nothing to set"),
            (["app", "unset", "a/b"], "contains '/'"),
        ]
        for (arguments, message) in cases {
            let result = try await rig.ctl(arguments)
            #expect(result.status == 64 && result.standardError.contains(message), "\(arguments): \(result)")
        }
        let unknownRole = try await rig.ctl(["app", "set", "org.example.Phone", "--role", "ringer"])
        #expect(unknownRole.status == 65 && unknownRole.standardError.contains(#"unknown role "ringer""#), "\(unknownRole)")
        let written = (try? FileManager.default.contentsOfDirectory(atPath: "\(rig.binary.scratch)/config/audiosession/policy.d")) ?? []
        #expect(written.isEmpty, "\(written)")
    }

    @Test("app set overrides a shipped rule: firefox made exempt plays through a call the shipped browser rule would silence it in; unset gives the rule back")
    func overridesAShippedRule() async throws {
        let rig = try await DesktopRig.start(systemBus: .missing)
        defer { rig.stop() }
        let daemon = try await rig.startAgent()
        defer { daemon.kill() }
        let tone = try ToneFile.sine(frequency: 440, seconds: 120, in: rig.binary.scratch, name: "tone.wav")
        // A browser tab as Firefox plays it: no role, the browser's binary (claimed on the pulse protocol).
        let tab = try rig.pulse.spawn("paplay", ["--property=media.name=tab", "--property=application.process.binary=firefox", tone])
        defer { tab.kill() }
        try await waitUntil("the tab plays", timeout: .seconds(30)) { try await rig.isMuted("tab") == false }

        let set = try await rig.ctl(["app", "set", "firefox", "--exempt"])
        #expect(set.status == 0 && set.standardOutput.contains("audiosessiond reloaded its policy"), "\(set)")
        let fragment = "\(rig.binary.scratch)/config/audiosession/policy.d/app-firefox.toml"
        #expect(try String(contentsOfFile: fragment, encoding: .utf8).contains("overrides = true"))
        var call = try rig.pulse.spawn("paplay", ["--property=media.name=call", "--property=media.role=phone", tone])
        defer { call.kill() }
        let explain = try await rig.ctl(["explain", try await streamID(named: "tab", in: rig)])
        #expect(explain.standardOutput.contains("exempt app") && explain.standardOutput.contains("(rule for firefox)"), "\(explain)")
        // Once the agent lists the call it has decided for the tab too.
        try await waitUntil("the agent lists the call") {
            guard let call = try await rig.pulse.sinkInput(where: "media.name", is: "call") else { return false }
            return try await rig.ctl(["status", "--json"]).standardOutput.contains("\"sink-input:\(call.index)@")
        }
        #expect(try await rig.isMuted("tab") == false, "your entry decides over the shipped browser rule")
        call.kill()
        _ = await call.waitForExit()

        let unset = try await rig.ctl(["app", "unset", "firefox"])
        #expect(unset.status == 0, "\(unset)")
        call = try rig.pulse.spawn("paplay", ["--property=media.name=call", "--property=media.role=phone", tone])
        try await waitUntil("without the entry, a call silences the tab again", timeout: .seconds(20)) { try await rig.isMuted("tab") == true }
        call.kill()
        _ = await call.waitForExit()
        try await waitUntil("the tab plays after the call", timeout: .seconds(20)) { try await rig.isMuted("tab") == false }
    }

    /// The agent's id of the stream whose `media.name` is `name`, from `status --json`.
    private func streamID(named name: String, in rig: DesktopRig) async throws -> String {
        let sinkInput = try #require(try await rig.pulse.sinkInput(where: "media.name", is: name))
        let result = try await rig.ctl(["status", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        let streams = object?["streams"] as? [[String: Any]] ?? []
        let id = streams.compactMap { $0["stream"] as? String }.first { $0.hasPrefix("sink-input:\(sinkInput.index)@") }
        return try #require(id, "status lists the sink input \(sinkInput.index): \(result.standardOutput)")
    }
}
