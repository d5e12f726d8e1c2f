import AudioSessionContract
import AudioPolicy

/// How the agent names and loads one echo canceller on a PulseAudio-protocol server:
/// `module-echo-cancel` between the engine's two master devices, with virtual devices the agent
/// names so it can move streams onto them by name, find them in the graph and sweep up a
/// crashed agent's leftovers.
///
/// The DSP runs in PulseAudio's process, never in the agent's. On pipewire-pulse the agent does
/// not load the module (unloading it there can take pipewire-pulse 0.3.65 down): the same names
/// serve the canceller it runs in a process of its own (``NativeEchoCancellerConfiguration``).
struct EchoCancellerModule: Hashable, Sendable {
    /// The server module.
    static let moduleName = "module-echo-cancel"
    /// What every name of a device the agent's cancellers create starts with.
    static let devicePrefix = EchoCancellerDeviceName.prefix

    var canceller: EchoCanceller
    /// Tells this agent's cancellers from a previous agent's with the same engine id.
    var instance: String

    /// The canceller's virtual sink, which streams play to.
    var sinkName: String { Self.devicePrefix + "\(instance).\(canceller.id).sink" }
    /// The canceller's virtual source, which streams record from.
    var sourceName: String { Self.devicePrefix + "\(instance).\(canceller.id).source" }

    /// The module argument: masters by name, the canceller's own arguments quoted as one value.
    func argument(sinkMaster: String, sourceMaster: String) -> String {
        let settings = canceller.settings
        let processing: String
        switch settings.kind {
        case .webrtc:
            let gain = settings.gainControl ? 1 : 0
            processing =
                "analog_gain_control=\(gain) digital_gain_control=\(gain) noise_suppression=\(settings.noiseSuppression ? 1 : 0)"
        case .speex:
            processing =
                "agc=\(settings.gainControl ? 1 : 0) denoise=\(settings.noiseSuppression ? 1 : 0) filter_size_ms=\(Self.speexFilterMilliseconds)"
        }
        return [
            "aec_method=\(settings.kind.rawValue)", "aec_args='\(processing)'", "sink_master=\(sinkMaster)",
            "source_master=\(sourceMaster)", "sink_name=\(sinkName)", "source_name=\(sourceName)",
        ].joined(separator: " ") + Self.streamArguments(settings.kind).map { " " + $0 }.joined()
    }

    /// Speex's echo tail: 100 ms covers a desk or a small room and adapts about twice as fast as the
    /// module's 200 ms default, which matters because speex starts over after every realignment.
    static let speexFilterMilliseconds = 100

    /// How the module aligns and formats its streams for `kind`.
    ///
    /// Speex has no delay estimation: each realignment of the reference moves the echo in its
    /// filter and it relearns for seconds. The module's default realigns every second from the
    /// devices' reported latencies, which never agree on devices that deliver ahead of what they
    /// report (null sinks' monitors), so speex never converges there; `adjust_time=0` aligns once,
    /// when the streams start. The trade-off: drift between two real cards (a USB headset's clock
    /// against the laptop's) is then corrected only when the canceller's streams restart.
    /// WebRTC estimates the delay itself and keeps the periodic realignment.
    ///
    /// Speex's preprocessor (echo suppression is on by default) refuses more than one channel, so
    /// speex keeps the module's own format (mono, 32 kHz); WebRTC takes the masters'.
    static func streamArguments(_ kind: EchoCancellerKind) -> [String] {
        switch kind {
        case .webrtc: ["use_master_format=1"]
        case .speex: ["adjust_time=0"]
        }
    }

    /// Whether a loaded module's argument names devices of some agent's canceller.
    static func isAgentCanceller(moduleName name: String, argument: String) -> Bool {
        name == moduleName && argument.contains("sink_name=" + devicePrefix)
    }

    /// The master of the canceller device `name`, read from a module `argument` that creates it;
    /// `nil` when the argument is not that canceller's.
    static func master(of name: String, in argument: String) -> String? {
        guard let values = try? ModuleArguments(parsing: argument) else { return nil }
        if values["sink_name"] == name { return values["sink_master"] }
        if values["source_name"] == name { return values["source_master"] }
        return nil
    }

    /// Whether a device is one of some agent's canceller devices (not a device a user picks).
    static func isCancellerDevice(named name: String) -> Bool { EchoCancellerDeviceName.isCanceller(name) }
}
