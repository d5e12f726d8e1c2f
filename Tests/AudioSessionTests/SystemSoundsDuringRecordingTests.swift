import AudioSession
import AudioSessionTesting
import Foundation
import Testing

/// `setAllowHapticsAndSystemSoundsDuringRecording(true)` through the real agent on PulseAudio and
/// on pipewire-pulse (the pulse agent silences by the sink input's mute on both), under a policy whose notification role is interruptible (so recording silences it): while a
/// `record` session records, a notification sound (`paplay`, role `event`) is muted on the server
/// like the music until the app allows system sounds, then audible while the music stays muted.
@Suite(.serialized) struct SystemSoundsDuringRecordingTests {
    static let format = PCMFormat(encoding: .int16, sampleRate: 48_000, channels: 1)

    /// The shipped policy, with notification sounds that recording silences.
    static func strictPolicy(in directory: String) throws -> String {
        let shipped = try String(contentsOfFile: LibraryRig.packageRoot + "/policies/default.toml", encoding: .utf8)
        let line = "interruptible = false                 # on a desktop a ding still sounds during a call (and while something records)"
        #expect(shipped.contains(line), "the shipped notification role is the one this test makes interruptible")
        let path = directory + "/strict-notifications.toml"
        try shipped.replacingOccurrences(of: line, with: "interruptible = true").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Whether the server shows the playback stream named `name` muted; `nil` while it is not there.
    static func isMuted(_ name: String, _ rig: LibraryRig) async throws -> Bool? {
        let json = try await rig.server.pactl("-f", "json", "list", "sink-inputs")
        let inputs = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
        let stream = inputs.first { ($0["properties"] as? [String: Any])?["media.name"] as? String == name }
        return stream?["mute"] as? Bool
    }

    /// Another app's `paplay` of a minute's tone: started through a shell that exits at once, so
    /// it is not this test process's child (which would tie it to the session by process
    /// ancestry). Returns its process id.
    static func otherApp(playing name: String, role: String, _ rig: LibraryRig) async throws -> pid_t {
        let pidFile = rig.server.directory + "/\(name).pid"
        _ = try await rig.server.tool(
            "sh", ["-c", #"paplay --property=media.role="$1" --property=media.name="$2" "$3" >/dev/null 2>&1 & echo $! > "$4""#,
                   "other-app", role, name, try rig.tone(name, seconds: 60), pidFile])
        let text = try String(contentsOfFile: pidFile, encoding: .utf8)
        return try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    @Test(arguments: [SoundSetup.pulseMinimal, .pipewirePulse])
    func aRecordingSessionThatAllowsSystemSoundsLeavesTheNotificationAudible(setup: SoundSetup) async throws {
        let rig = try await LibraryRig.start(setup)
        defer { rig.stop() }
        let agent = try await rig.startAgent(policy: try Self.strictPolicy(in: rig.directory))
        defer { agent.kill() }
        let session = rig.session("org.example.Memo")
        defer { session.close() }
        try session.setCategory(.record)
        await session.waitUntilReady()
        try await session.setActive(true)
        let recorder = AudioRecorder(url: nil, format: Self.format, device: "mic", session: session)
        defer { recorder.close() }
        try await recorder.record()

        let music = try await Self.otherApp(playing: "song", role: "music", rig)
        defer { kill(music, SIGKILL) }
        let ding = try await Self.otherApp(playing: "ding", role: "event", rig)
        defer { kill(ding, SIGKILL) }
        try await waitUntil("recording mutes the music and the notification (control)") {
            let song = try await Self.isMuted("song", rig)
            let ding = try await Self.isMuted("ding", rig)
            return song == true && ding == true
        }

        #expect(!session.allowHapticsAndSystemSoundsDuringRecording)
        try await session.setAllowHapticsAndSystemSoundsDuringRecording(true)
        #expect(session.allowHapticsAndSystemSoundsDuringRecording)
        try await waitUntil("the notification is audible again") { try await Self.isMuted("ding", rig) == false }
        #expect(try await Self.isMuted("song", rig) == true, "other output stays muted while the session records")

        try await session.setAllowHapticsAndSystemSoundsDuringRecording(false)
        try await waitUntil("the notification is muted again") { try await Self.isMuted("ding", rig) == true }
    }
}
