import AudioPolicy
import SoundServer

/// The configuration file of one native echo canceller: a client-only PipeWire context (no
/// server socket: the file sets no `core.daemon`) that loads `libpipewire-module-echo-cancel`
/// into the `pipewire` process the agent starts with `pipewire -c FILE`, so the DSP never runs in
/// the agent.
///
/// The module's four nodes carry the agent's names (``EchoCancellerModule/devicePrefix``): the
/// capture stream reads the capture master and the playback stream plays to the playback master
/// (both by `target.object`); the virtual source and sink, which the session's streams are moved
/// onto, name their master in `device.master_device`, as PulseAudio's canceller does, so the
/// engine sees a stream on them as a stream on the master. The capture and playback streams carry
/// `audiosession.owner-module`, so the agent never takes them for apps (the module marks them
/// `node.virtual` too).
///
/// PipeWire 0.3.65 ships only the WebRTC canceller (`aec/libspa-aec-webrtc`): a policy asking
/// for speex runs WebRTC here, the agent logs it, and `GetInputProcessing` says `webrtc`.
///
/// ```swift
/// let text = NativeEchoCancellerConfiguration(
///     module: EchoCancellerModule(canceller: canceller, instance: "4711"),
///     playbackMaster: "speaker", captureMaster: "mic"
/// ).text
/// ```
struct NativeEchoCancellerConfiguration: Hashable, Sendable {
    /// The SPA plugin library of the only canceller PipeWire 0.3.65 ships.
    static let webrtcLibrary = "aec/libspa-aec-webrtc"
    /// The module's name, also the owner the agent writes on the module's streams.
    static let moduleName = "libpipewire-module-echo-cancel"

    /// Names and settings.
    var module: EchoCancellerModule
    /// The server's name of the sink the canceller plays to.
    var playbackMaster: String
    /// The server's name of the source the canceller records from.
    var captureMaster: String

    /// The device a stream of `kind` is moved onto: the canceller's sink or source.
    func device(for kind: SoundStream.Kind) -> String {
        kind == .playback ? module.sinkName : module.sourceName
    }

    /// The server name of the master behind the canceller's device for streams of `kind`.
    func master(for kind: SoundStream.Kind) -> String {
        kind == .playback ? playbackMaster : captureMaster
    }

    /// The canceller's capture stream (reads the capture master).
    var captureName: String { EchoCancellerModule.devicePrefix + "\(module.instance).\(module.canceller.id).capture" }
    /// The canceller's playback stream (plays to the playback master).
    var playbackName: String { EchoCancellerModule.devicePrefix + "\(module.instance).\(module.canceller.id).playback" }

    /// Whether the policy asked for a canceller this PipeWire cannot run (speex): WebRTC runs instead.
    var substitutesWebRTC: Bool { module.canceller.settings.kind != .webrtc }

    /// The file's text, in PipeWire's SPA-JSON configuration syntax.
    var text: String {
        let settings = module.canceller.settings
        let moduleArguments = [
            "library.name = \(Self.quoted(Self.webrtcLibrary))",
            "aec.args = { webrtc.gain_control = \(settings.gainControl) webrtc.noise_suppression = \(settings.noiseSuppression) }",
            "capture.props = \(Self.object(streamProperties(captureName, "Echo-Cancel Capture", target: captureMaster)))",
            "source.props = \(Self.object(deviceProperties(module.sourceName, "Echo-cancelled \(captureMaster)", master: captureMaster)))",
            "sink.props = \(Self.object(deviceProperties(module.sinkName, "Echo-cancelled \(playbackMaster)", master: playbackMaster)))",
            "playback.props = \(Self.object(streamProperties(playbackName, "Echo-Cancel Playback", target: playbackMaster)))",
        ]
        return """
            # Written by audiosessiond for echo canceller \(module.canceller.id); removed when it ends.
            context.properties = {
                log.level = 1
            }
            context.spa-libs = {
                audio.convert.* = audioconvert/libspa-audioconvert
                support.* = support/libspa-support
            }
            context.modules = [
                # Real-time data thread where the user may have it (rtkit or limits), as pipewire-pulse does.
                { name = libpipewire-module-rt args = { nice.level = -11 } flags = [ ifexists nofail ] }
                { name = libpipewire-module-protocol-native }
                { name = libpipewire-module-client-node }
                { name = libpipewire-module-adapter }
                { name = \(Self.moduleName)
                  args = {
            \(moduleArguments.map { "            " + $0 }.joined(separator: "\n"))
                  }
                }
            ]

            """
    }

    private func streamProperties(_ name: String, _ description: String, target: String) -> [(String, String)] {
        [("node.name", name), ("node.description", description), ("target.object", target),
         ("audiosession.owner-module", Self.moduleName)]
    }

    private func deviceProperties(_ name: String, _ description: String, master: String) -> [(String, String)] {
        [("node.name", name), ("node.description", description), ("device.master_device", master)]
    }

    private static func object(_ properties: [(String, String)]) -> String {
        "{ " + properties.map { "\($0.0) = \(quoted($0.1))" }.joined(separator: " ") + " }"
    }

    /// A SPA-JSON string: device names come from the server and may hold quotes or backslashes.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
