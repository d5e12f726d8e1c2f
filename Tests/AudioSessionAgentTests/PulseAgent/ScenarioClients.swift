import AudioPolicy
import AudioSessionTesting
import Foundation
import PolicyScenarios

/// Makes a scenario's streams with real clients on a real server, as the table's `kind` says
/// (see `Tests/AudioPolicyTests/Scenarios/README.md`):
///
/// | kind | client |
/// | --- | --- |
/// | `play` | paplay; mpv with mpv-mpris when the table corks it (`sounding = false`, `start`, `stop`) |
/// | `record`, `monitor-capture` | parec from `mic`, from `speaker.monitor` |
/// | `peak-meter` | ``PeakMeterClient`` on `speaker.monitor` |
/// | `loopback` | `module-loopback` from `mic` to `speaker` |
/// | `echo-cancel` | `module-echo-cancel` between `mic` and `speaker` |
/// | `filter-chain` | PipeWire: a `pipewire` process running a filter-chain; PulseAudio: `module-virtual-sink` (its filter sink) |
/// | `agent` | paplay whose client carries `audiosession.agent=true`, the mark the agent puts on its own connection |
struct ScenarioClients<Server: PulseProtocolServer> {
    struct Unsupported: Error, CustomStringConvertible {
        var description: String
    }

    let server: Server
    let bus: PrivateDBus
    /// Streams the table corks or uncorks, or that appear corked.
    let corkable: Set<String>

    init(server: Server, bus: PrivateDBus, scenario: Scenario) {
        self.server = server
        self.bus = bus
        var corkable = Set(scenario.streams.values.filter { !$0.soundingWhenAppearing }.map(\.name))
        for step in scenario.steps {
            for action in step.actions {
                switch action {
                case .start(let name), .stop(let name): corkable.insert(name)
                default: break
                }
            }
        }
        self.corkable = corkable
    }

    var isPipeWire: Bool { server is PrivatePipeWire }

    /// The properties a client sets on the stream: the table's, its app id, role and session token.
    func properties(of stream: ScenarioStream) -> [String: String] {
        var properties = stream.properties
        properties["application.id"] = stream.app
        if let role = stream.role { properties["media.role"] = role }
        if let session = stream.session { properties["audiosession.token"] = "token-\(session)" }
        return properties
    }

    /// Starts the stream's client and returns it with the server's row for the stream.
    /// `players` are the MPRIS names live mpv instances hold.
    func make(_ stream: ScenarioStream, players: Set<String>) async throws -> (PlacedStream.Maker, ServerStreamRow) {
        let properties = properties(of: stream)
        switch stream.kind {
        case .play where corkable.contains(stream.name):
            return try await player(stream, properties: properties, players: players)
        case .play, .agent:
            let flags = properties.sorted { $0.key < $1.key }.map { "--property=\($0.key)=\($0.value)" }
            let tone = try await tone()
            let client = stream.kind == .agent ? ["PULSE_PROP": "audiosession.agent=true"] : [:]
            let child = try server.spawn(
                "paplay", flags + ["--property=media.name=\(stream.name)", tone], extraEnvironment: client)
            return (.process(child), try await row(.playback, of: child) { $0.properties["media.name"] == stream.name })
        case .record, .monitorCapture:
            // A short latency, so that what it records reaches its output at once (parec's default
            // is two-second blocks): the native world tells a paused capture by its output.
            let device = stream.kind == .record ? "mic" : "speaker.monitor"
            let flags = properties.sorted { $0.key < $1.key }.map { "--property=\($0.key)=\($0.value)" }
            let child = try server.spawn(
                "parec",
                ["-d", device, "--rate=8000", "--channels=1", "--format=u8", "--latency-msec=50", "--property=media.name=\(stream.name)"]
                    + flags)
            return (.process(child), try await row(.capture, of: child) { $0.properties["media.name"] == stream.name })
        case .peakMeter:
            let meter = try await PeakMeterClient.start(
                on: "speaker.monitor", name: stream.name, properties: properties, corked: !stream.soundingWhenAppearing, in: server)
            return (.meter(meter), try await row(.capture, of: meter) { $0.properties["media.name"] == stream.name })
        case .loopback:
            return try await module(stream, "module-loopback", ["source=mic", "sink=speaker"])
        case .echoCancel:
            // PulseAudio's null canceller keeps the test cheap; pipewire-pulse picks its own.
            let method = isPipeWire ? [] : ["aec_method=null"]
            return try await module(stream, "module-echo-cancel", method + ["source_master=mic", "sink_master=speaker"])
        case .filterChain:
            if isPipeWire { return try await filterChain(stream) }
            return try await module(stream, "module-virtual-sink", ["sink_name=\(stream.name)", "master=speaker"])
        }
    }

    /// mpv, paused at start when the table says the stream appears corked; its role, app id and
    /// token reach its stream through PULSE_PROP, as `audiosessionctl run` passes them.
    private func player(
        _ stream: ScenarioStream, properties: [String: String], players: Set<String>
    ) async throws -> (PlacedStream.Maker, ServerStreamRow) {
        let tone = try await tone()
        let pulseProperties = properties.sorted { $0.key < $1.key }.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        let mpv = try server.spawn(
            "mpv",
            ["--no-config", "--script=/etc/mpv/scripts/mpris.so", "--no-video", "--ao=pulse", "--audio-device=pulse/speaker"]
                + (stream.soundingWhenAppearing ? [] : ["--pause"]) + [tone],
            extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address, "PULSE_PROP": pulseProperties])
        let row = try await row(.playback, of: mpv) { $0.properties["application.process.id"] == String(mpv.pid) }
        // mpv-mpris takes org.mpris.MediaPlayer2.mpv, or mpv.instancePID when another mpv holds it.
        let name = try await waitForValue("mpv \(stream.name) on the private bus") { () -> String? in
            let listed = try await playerctl(["-l"]).split(separator: "\n").map(String.init)
            if listed.contains("mpv.instance\(mpv.pid)") { return "mpv.instance\(mpv.pid)" }
            return listed.contains("mpv") && !players.contains("mpv") ? "mpv" : nil
        }
        return (.player(mpv, mpris: name), row)
    }

    private func module(
        _ stream: ScenarioStream, _ module: String, _ arguments: [String]
    ) async throws -> (PlacedStream.Maker, ServerStreamRow) {
        let before = Set(try await ServerStreamRow.list(.playback, on: server).map(\.index))
        let output = try await server.run("pactl", ["load-module", module] + arguments)
        guard output.status == 0, let index = Int(output.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw Unsupported(description: "stream \(stream.name): pactl load-module \(module) failed: \(output.standardError)")
        }
        // pipewire-pulse gives the echo canceller's stream no owner module: it is the new one.
        let row = try await waitForValue("the \(module) stream") { () -> ServerStreamRow? in
            let fresh = try await ServerStreamRow.list(.playback, on: server).filter { !before.contains($0.index) }
            return fresh.first { $0.ownerModule == index } ?? (fresh.count == 1 ? fresh.first : nil)
        }
        return (.module(index: index), row)
    }

    /// A real filter-chain: a `pipewire` client process loading libpipewire-module-filter-chain
    /// (a builtin copy) whose output stream carries the table's role and plays on the speaker.
    private func filterChain(_ stream: ScenarioStream) async throws -> (PlacedStream.Maker, ServerStreamRow) {
        let role = stream.role.map { "media.role = \"\($0)\"" } ?? ""
        let configuration = """
            context.spa-libs = { audio.convert.* = audioconvert/libspa-audioconvert support.* = support/libspa-support }
            context.modules = [
              { name = libpipewire-module-protocol-native }
              { name = libpipewire-module-client-node }
              { name = libpipewire-module-adapter }
              { name = libpipewire-module-filter-chain
                args = {
                  node.description = "\(stream.name)"
                  filter.graph = { nodes = [ { type = builtin name = copy label = copy } ] }
                  audio.channels = 1
                  capture.props = { node.name = "\(stream.name)-in" media.class = Audio/Sink }
                  playback.props = { node.name = "\(stream.name)-out" media.name = "\(stream.name)" \(role) target.object = "speaker" }
                }
              }
            ]
            """
        let path = server.directory + "/\(stream.name)-filter-chain.conf"
        try configuration.write(toFile: path, atomically: true, encoding: .utf8)
        let child = try server.spawn("pipewire", ["-c", path])
        return (.process(child), try await row(.playback, of: child) { $0.properties["media.name"] == stream.name })
    }

    /// Waits for the stream `matches` picks; fails early when its client exits.
    private func row(
        _ direction: ServerStreamRow.Direction, of child: ChildProcess, matching matches: (ServerStreamRow) -> Bool
    ) async throws -> ServerStreamRow {
        try await waitForValue("\(child.command.first ?? "the client")'s stream") { () -> ServerStreamRow? in
            guard child.isRunning else {
                throw Unsupported(description: "\(child.command.joined(separator: " ")) exited: \(child.standardError)")
            }
            return try await ServerStreamRow.list(direction, on: server).first(where: matches)
        }
    }

    /// Two minutes of a 660 Hz stereo tone at amplitude 0.5 (16 kHz: small), made once per server
    /// by sox, which is fast where ``ToneFile`` in a debug build takes many seconds for a file this
    /// long. Two minutes outlast any table on a loaded machine; the world ends every client after
    /// its table.
    private func tone() async throws -> String {
        let path = server.directory + "/scenario-tone.wav"
        if FileManager.default.fileExists(atPath: path) { return path }
        let made = try await server.run(
            "sox", ["-n", "-r", "16000", "-c", "2", "-b", "16", path + ".part.wav", "synth", "120", "sine", "660", "vol", "0.5"])
        guard made.status == 0 else { throw Unsupported(description: "sox could not make the tone: \(made.standardError)") }
        try FileManager.default.moveItem(atPath: path + ".part.wav", toPath: path)
        return path
    }

    /// Runs playerctl on the private bus and returns its output.
    func playerctl(_ arguments: [String]) async throws -> String {
        let result = try await server.run("playerctl", arguments, extraEnvironment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        return result.standardOutput
    }
}
