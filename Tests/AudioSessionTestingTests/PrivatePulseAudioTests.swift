import AudioSessionTesting
import Foundation
import Testing

/// The harness itself: private servers start with the promised devices and defaults, devices plug
/// and unplug, the meter hears what plays, and stopping leaves no process and no file behind.
@Suite("Private PulseAudio", .serialized)
struct PrivatePulseAudioTests {
    @Test("a minimal server has speaker and mic as defaults and no policy modules")
    func minimalServer() async throws {
        let pulse = try await PrivatePulseAudio.start(.minimal)
        defer { pulse.stop() }
        #expect(try await pulse.pactl("get-default-sink").trimmed == "speaker")
        #expect(try await pulse.pactl("get-default-source").trimmed == "mic")
        let modules = try await pulse.pactl("list", "short", "modules")
        #expect(!modules.contains("module-role-cork"))
        #expect(!modules.contains("module-stream-restore"))
    }

    @Test("the stock server runs Debian's default.pa with our devices as defaults")
    func stockServer() async throws {
        let pulse = try await PrivatePulseAudio.start(.stock)
        defer { pulse.stop() }
        let modules = try await pulse.pactl("list", "short", "modules")
        #expect(modules.contains("module-role-cork"))
        #expect(modules.contains("module-stream-restore"))
        #expect(try await pulse.pactl("get-default-sink").trimmed == "speaker")
    }

    @Test("stop kills exactly the server it started and removes its directory")
    func stopLeavesNothing() async throws {
        let pulse = try await PrivatePulseAudio.start()
        let directory = pulse.directory
        let pids = try String(contentsOfFile: directory + "/pids", encoding: .utf8)
            .split(separator: "\n").compactMap { Int32($0) }
        #expect(pids.count == 1)
        pulse.stop()
        pulse.stop()
        #expect(!FileManager.default.fileExists(atPath: directory))
        for pid in pids { #expect(!ProcessStatus.isRunning(pid), "process \(pid) still runs") }
    }

    @Test("a plugged device carries its properties; unplugging removes only it")
    func plugAndUnplug() async throws {
        let pulse = try await PrivatePulseAudio.start()
        defer { pulse.stop() }
        let headphones = try await pulse.plug(.headphones)
        let sinks = try await pulse.pactl("list", "sinks")
        #expect(sinks.contains("device.form_factor = \"headphone\""))
        #expect(sinks.contains("Description: Headphones"))
        try await pulse.unplug(headphones)
        let names = try await pulse.pactl("list", "short", "sinks")
        #expect(!names.contains("headphones"))
        #expect(names.contains("speaker"))
        #expect(try await pulse.pactl("get-default-sink").trimmed == "speaker")
    }

    @Test("the monitor recorder hears silence, then a tone, then silence when it is muted")
    func monitorRecorder() async throws {
        let pulse = try await PrivatePulseAudio.start()
        defer { pulse.stop() }
        let speaker = try await MonitorRecorder.start("speaker.monitor", in: pulse)
        defer { speaker.stop() }
        #expect(try await speaker.rms(over: .milliseconds(200), grace: .milliseconds(300)) < 0.001)
        let tone = try ToneFile.sine(frequency: 440, seconds: 10, amplitude: 0.5, in: pulse.directory)
        let player = try pulse.spawn("paplay", [tone])
        defer { player.kill() }
        // A 0.5-amplitude sine has an RMS of 0.354.
        try await waitUntil("the tone is heard") { try await speaker.rms(over: .milliseconds(100)) > 0.3 }
        let level = try await speaker.rms(over: .milliseconds(300))
        #expect(level > 0.33 && level < 0.37, "rms \(level)")
        _ = try await pulse.pactl("set-sink-input-mute", "0", "1")
        try await waitUntil("the muted tone is silent") { try await speaker.rms(over: .milliseconds(100)) < 0.001 }
    }

    @Test("a one-off meter reading hears a tone that started before it")
    func monitorMeter() async throws {
        let pulse = try await PrivatePulseAudio.start()
        defer { pulse.stop() }
        let tone = try ToneFile.sine(frequency: 440, seconds: 10, amplitude: 0.5, in: pulse.directory)
        let player = try pulse.spawn("paplay", [tone])
        defer { player.kill() }
        try await waitUntil("paplay's stream exists") {
            try await pulse.pactl("list", "short", "sink-inputs").contains("protocol-native")
        }
        let level = try await MonitorMeter.rms(of: "speaker.monitor", for: .milliseconds(300), in: pulse)
        #expect(level > 0.3, "rms \(level)")
    }
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
