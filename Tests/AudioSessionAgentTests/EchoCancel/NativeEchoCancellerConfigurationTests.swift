import AudioPolicy
import Foundation
import Testing

@testable import AudioSessionAgent

/// The configuration file of a native echo canceller, read back by PipeWire's own SPA-JSON parser
/// (`spa-json-dump`, from pipewire-bin), so a file `pipewire -c` would misread fails here.
@Suite struct NativeEchoCancellerConfigurationTests {
    static func configuration(
        _ kind: EchoCancellerKind = .webrtc, gain: Bool = false, noise: Bool = true, capture: String = "mic"
    ) -> NativeEchoCancellerConfiguration {
        NativeEchoCancellerConfiguration(
            module: EchoCancellerModule(
                canceller: EchoCanceller(
                    id: "echo-cancel-3", playbackMaster: "sink:speaker", captureMaster: DeviceID("source:\(capture)"),
                    settings: EchoCancellerSettings(kind: kind, gainControl: gain, noiseSuppression: noise)),
                instance: "42"),
            playbackMaster: "speaker", captureMaster: capture)
    }

    /// The file as PipeWire parses it, as JSON.
    static func parsed(_ configuration: NativeEchoCancellerConfiguration) throws -> [String: Any] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("necconf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("echo-cancel.conf")
        try configuration.text.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["spa-json-dump", file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "spa-json-dump reads the file")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The echo-cancel module's arguments in the parsed file.
    static func arguments(_ parsed: [String: Any]) throws -> [String: Any] {
        let modules = try #require(parsed["context.modules"] as? [[String: Any]])
        #expect(modules.compactMap { $0["name"] as? String }.contains("libpipewire-module-protocol-native"))
        let module = try #require(modules.first { $0["name"] as? String == "libpipewire-module-echo-cancel" })
        return try #require(module["args"] as? [String: Any])
    }

    @Test func theModuleRunsWebRTCBetweenTheMastersWithTheAgentsNodeNames() throws {
        let parsed = try Self.parsed(Self.configuration())
        #expect((parsed["context.properties"] as? [String: Any])?["core.daemon"] == nil, "a client, never a second server")
        let arguments = try Self.arguments(parsed)
        #expect(arguments["library.name"] as? String == "aec/libspa-aec-webrtc")
        let aec = try #require(arguments["aec.args"] as? [String: Any])
        #expect(aec["webrtc.gain_control"] as? Bool == false)
        #expect(aec["webrtc.noise_suppression"] as? Bool == true)
        let capture = try #require(arguments["capture.props"] as? [String: Any])
        #expect(capture["node.name"] as? String == "audiosession.echo-cancel.42.echo-cancel-3.capture")
        #expect(capture["target.object"] as? String == "mic")
        #expect(capture["audiosession.owner-module"] as? String == "libpipewire-module-echo-cancel")
        let playback = try #require(arguments["playback.props"] as? [String: Any])
        #expect(playback["target.object"] as? String == "speaker")
        let source = try #require(arguments["source.props"] as? [String: Any])
        #expect(source["node.name"] as? String == "audiosession.echo-cancel.42.echo-cancel-3.source")
        #expect(source["device.master_device"] as? String == "mic")
        let sink = try #require(arguments["sink.props"] as? [String: Any])
        #expect(sink["node.name"] as? String == "audiosession.echo-cancel.42.echo-cancel-3.sink")
        #expect(sink["device.master_device"] as? String == "speaker")
        #expect(EchoCancellerModule.isCancellerDevice(named: sink["node.name"] as? String ?? ""))
    }

    @Test func gainControlAndNoiseSuppressionFollowThePolicy() throws {
        let aec = try #require(try Self.arguments(Self.parsed(Self.configuration(gain: true, noise: false)))["aec.args"] as? [String: Any])
        #expect(aec["webrtc.gain_control"] as? Bool == true)
        #expect(aec["webrtc.noise_suppression"] as? Bool == false)
    }

    @Test func speexIsSubstitutedByWebRTC() throws {
        let configuration = Self.configuration(.speex)
        #expect(configuration.substitutesWebRTC)
        #expect(!Self.configuration(.webrtc).substitutesWebRTC)
        #expect(try Self.arguments(Self.parsed(configuration))["library.name"] as? String == "aec/libspa-aec-webrtc")
    }

    @Test func aDeviceNameWithQuotesAndBackslashesStaysOneString() throws {
        let name = #"odd "mic" \ name } ]"#
        let capture = try #require(try Self.arguments(Self.parsed(Self.configuration(capture: name)))["capture.props"] as? [String: Any])
        #expect(capture["target.object"] as? String == name)
    }
}

/// The start time that, with the PID, names a helper process for good.
@Suite struct ProcFilesStartTimeTests {
    @Test func theTwentySecondFieldIsReadAfterACommandNameWithSpacesAndParentheses() {
        let stat = "4711 (pipe wire) x) S 1 4711 4711 0 -1 4194560 100 0 0 0 1 2 0 0 20 0 3 0 884213 1000 200 18446744073709551615"
        #expect(ProcFiles.startTime(fromStat: Array(stat.utf8)) == 884_213)
        #expect(ProcFiles.startTime(fromStat: Array("4711 (short) S 1".utf8)) == nil)
    }

    @Test func thisProcessIsRunningAndAnotherStartTimeIsNot() throws {
        let pid = getpid()
        let start = try #require(HelperProcess.startTime(of: pid))
        #expect(HelperProcess.isRunning(pid: pid, startTime: start))
        #expect(!HelperProcess.isRunning(pid: pid, startTime: start + 1))
    }
}
