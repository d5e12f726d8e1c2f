import AudioPolicy
import Testing

@testable import AudioSessionAgent

/// The module argument the agent loads `module-echo-cancel` with, and reading a canceller's
/// masters back from a loaded module's argument (pipewire-pulse names no master on the device).
@Suite struct EchoCancellerModuleTests {
    static func module(_ kind: EchoCancellerKind, gain: Bool = false, noise: Bool = true) -> EchoCancellerModule {
        EchoCancellerModule(
            canceller: EchoCanceller(
                id: "echo-cancel-3", playbackMaster: "sink:speaker", captureMaster: "source:mic",
                settings: EchoCancellerSettings(kind: kind, gainControl: gain, noiseSuppression: noise)),
            instance: "42")
    }

    @Test func webrtcTakesTheMastersFormatAndItsProcessingSwitches() throws {
        let argument = Self.module(.webrtc).argument(sinkMaster: "speaker", sourceMaster: "mic")
        let values = try ModuleArguments(parsing: argument)
        #expect(values["aec_method"] == "webrtc")
        #expect(values["aec_args"] == "analog_gain_control=0 digital_gain_control=0 noise_suppression=1")
        #expect(values["use_master_format"] == "1")
        #expect(values["sink_name"] == "audiosession.echo-cancel.42.echo-cancel-3.sink")
        #expect(EchoCancellerModule.isAgentCanceller(moduleName: "module-echo-cancel", argument: argument))
    }

    @Test func speexKeepsTheModulesMonoFormat() throws {
        let values = try ModuleArguments(
            parsing: Self.module(.speex, gain: true, noise: false).argument(sinkMaster: "speaker", sourceMaster: "mic"))
        #expect(values["aec_method"] == "speex")
        #expect(values["aec_args"] == "agc=1 denoise=0 filter_size_ms=100")
        #expect(values["use_master_format"] == nil)
    }

    /// Speex aligns once: the module's periodic realignment restarts its learning (docs/voice-processing.md).
    @Test func speexAlignsOnceAndWebrtcKeepsRealigning() throws {
        let speex = try ModuleArguments(parsing: Self.module(.speex).argument(sinkMaster: "speaker", sourceMaster: "mic"))
        let webrtc = try ModuleArguments(parsing: Self.module(.webrtc).argument(sinkMaster: "speaker", sourceMaster: "mic"))
        #expect(speex["adjust_time"] == "0")
        #expect(webrtc["adjust_time"] == nil)
    }

    @Test func mastersAreReadBackFromTheArgument() {
        let module = Self.module(.webrtc)
        let argument = module.argument(sinkMaster: "usb_headset", sourceMaster: "usb_mic")
        #expect(EchoCancellerModule.master(of: module.sinkName, in: argument) == "usb_headset")
        #expect(EchoCancellerModule.master(of: module.sourceName, in: argument) == "usb_mic")
        #expect(EchoCancellerModule.master(of: "speaker", in: argument) == nil)
        #expect(!EchoCancellerModule.isAgentCanceller(moduleName: "module-echo-cancel", argument: "sink_name=mine"))
    }
}
