import AudioSessionTesting
import Foundation
import Testing

/// libaudiosession's hardware calls (`Tests/Clients/c-hardware-check.c`) against the real agent:
/// the values the library reads are the server's, a preference forces PipeWire's clock only while
/// the session is active, and a bad value fails with the range in its message.
@Suite(.serialized) struct CLibraryHardwareTests {
    @Test("audiosession_get_hardware_values, _set_preferred_hardware and _get_secondary_audio_hint against the agent", arguments: ExampleRig.Setup.withDebian13)
    func hardwareThroughTheCLibrary(setup: ExampleRig.Setup) async throws {
        let rig = try await ExampleRig.start(setup)
        defer { rig.stop() }
        let library = try await CLibraryBuild.build(in: rig.directory)
        let program = try await library.compile("Tests/Clients/c-hardware-check.c", to: "c-hardware-check")
        let agent = try await rig.startAgent()
        defer { agent.kill() }

        let check = try rig.program([program, "44100", "0.01"], extraEnvironment: library.runtimeEnvironment)
        defer { check.kill() }
        let status = await check.waitForExit()
        let output = check.standardOutput
        #expect(status == 0, "\(output)\n\(check.standardError)")
        let lines = Dictionary(
            output.split(separator: "\n").compactMap { line in line.split(separator: " ", maxSplits: 1).count == 2 ? (String(line.split(separator: " ")[0]), String(line)) : nil },
            uniquingKeysWith: { first, _ in first })
        #expect(lines["hint"] == "hint begun=0", "\(output)")
        #expect(output.contains("bad rate: invalid argument: audiosession_set_preferred_hardware: sample rate 1 is out of range"), "\(output)")
        if let pipewire = rig.server as? PrivatePipeWire {
            let settings = try await pipewire.stackTool("pw-metadata", ["-n", "settings"])
            let rate = try #require(Self.value(of: "clock.rate", in: settings))
            let quantum = try #require(Self.value(of: "clock.quantum", in: settings))
            #expect(lines["inactive"]?.contains("rate=\(rate) ") == true && lines["inactive"]?.contains("frames=\(quantum) ") == true, "\(output)")
            #expect(lines["active"]?.contains("rate=44100 channels=2 frames=441 buffer=0.010000") == true, "\(output)")
            #expect(lines["active"]?.contains("preferred=44100 applied=1") == true, "\(output)")
            #expect(lines["deactivated"]?.contains("rate=\(rate) ") == true && lines["deactivated"]?.contains("applied=0") == true, "\(output)")
            #expect(Self.value(of: "clock.force-rate", in: settings) == "0", "written back: \(settings)")
        } else {
            let sinks = try await rig.server.pactl("list", "short", "sinks")
            let rate = try #require(sinks.split(separator: "\n").first { $0.contains("speaker") }?.split(whereSeparator: \.isWhitespace).dropFirst(5).first?.dropLast(2))
            #expect(lines["active"]?.contains("rate=\(rate) channels=2") == true, "\(sinks)\n\(output)")
            #expect(lines["active"]?.contains("preferred=44100 applied=0") == true, "PulseAudio keeps the preference without applying it: \(output)")
        }
        agent.terminate()
        #expect(await agent.waitForExit() == 0, "\(agent.standardError)")
    }

    /// The value of `key` of subject 0 in `pw-metadata -n settings`' output.
    static func value(of key: String, in settings: String) -> String? {
        for line in settings.split(separator: "\n") where line.contains("id:0 key:'\(key)'") {
            let parts = line.split(separator: "'")
            if parts.count >= 4 { return String(parts[3]) }
        }
        return nil
    }
}
