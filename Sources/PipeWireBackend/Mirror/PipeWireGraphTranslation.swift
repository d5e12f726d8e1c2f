public import SoundServer

/// How the PipeWire registry mirror becomes the ``Graph`` the pulse backend fills: pure, from the
/// globals (nodes, links, clients) and the `default` metadata, so the rest of the agent (the
/// translator, the engine's events, the route source) is the same for both protocols.
///
/// | PipeWire | graph |
/// | --- | --- |
/// | node `Audio/Sink` | a sink (index = node id), plus its monitor as a source (index with the top bit set) |
/// | node `Audio/Source` (or `Audio/Source/Virtual`) | a source |
/// | node `Stream/Output/Audio` | a playback stream (index = node id, serial = `object.serial`); its device is the sink a link from it goes to |
/// | node `Stream/Input/Audio` | a capture stream; a link from a sink makes it a capture of that sink's monitor |
/// | node state other than `running` | a corked stream (PipeWire's running is PulseAudio's uncorked) |
/// | node `Props` `channelVolumes`, `mute` | the stream's or device's volume and mute (the `volume` factor is the agent's, not the user's) |
/// | a device node's `device.id` and `card.profile.device` | its ports and active port, from the Device's routes (``PipeWireRouteTranslation``) |
/// | `device.form-factor`, `device.icon-name`, `audio.position` | `device.form_factor`, `device.icon_name` and the channel map, as pipewire-pulse shows them (``PipeWireNodeDeviceFacts``) |
/// | client | a client (index = client id) with its info's full properties (a native app's binary and PID are only there); a node's `client.id` names it |
/// | `default.audio.sink` / `.source` | the server's default sink and source |
/// | a device node's ports' `Latency` params (input direction for a sink, output for a source) | the device's ``SoundDevice/cycleLatency`` |
///
/// A node counts once its info arrived (its full properties: a stream's `media.role` and app, a
/// device's `device.form-factor`); before that the registry's filtered set would tell the engine
/// too little: plugged headphones would first appear as a device of unknown type, and their
/// properties would come as a route-configuration-change, not as the plug.
///
/// ```swift
/// let graph = PipeWireGraphTranslation.graph(
///     globals: connection.globals, defaults: connection.defaults, instance: instance)
/// ```
public enum PipeWireGraphTranslation {
    static let sinkClass = "Audio/Sink"
    static let sourceClass = "Audio/Source"
    /// What WirePlumber and pw-cli call a null or filter source.
    static let virtualSourceClass = "Audio/Source/Virtual"
    static let playbackClass = "Stream/Output/Audio"
    static let captureClass = "Stream/Input/Audio"
    /// Monitor sources are synthesised: PipeWire captures a sink's monitor from the sink node itself.
    static let monitorBit: UInt32 = 1 << 31

    /// The graph of `globals`, with `defaults` as the server's default devices.
    public static func graph(
        globals: [UInt32: PipeWireGlobal], defaults: PipeWireDefaults, server: PipeWireServerInfo?, instance: ServerInstance
    ) -> Graph {
        var graph = Graph()
        graph.server = ServerInfo(
            name: "PipeWire", version: server?.version ?? "", defaultSinkName: defaults.audioSink,
            defaultSourceName: defaults.audioSource, instance: instance)
        let links = globals.values.filter { $0.type == .link }.compactMap(Link.init)
        let portLatencies = portLatencies(in: globals)
        for global in globals.values {
            switch global.type {
            case .client:
                let name = global.properties["application.name"] ?? global.properties["client.name"] ?? ""
                graph.clients[global.id] = SoundClient(index: global.id, name: name, properties: global.properties)
            case .node where global.node.map({ $0.state != .creating }) == true:
                switch global.properties["media.class"] {
                case sinkClass:
                    let sink = device(global, kind: .sink, globals: globals, portLatencies: portLatencies)
                    graph.sinks[global.id] = sink
                    let monitor = monitorSource(of: sink)
                    graph.sources[monitor.index] = monitor
                case sourceClass, virtualSourceClass:
                    graph.sources[global.id] = device(global, kind: .source, globals: globals, portLatencies: portLatencies)
                default:
                    break
                }
            default:
                break
            }
        }
        for global in globals.values where global.type == .node && global.node.map({ $0.state != .creating }) == true {
            switch global.properties["media.class"] {
            case playbackClass:
                let sink = links.first { $0.outputNode == global.id && graph.sinks[$0.inputNode] != nil }?.inputNode
                graph.sinkInputs[global.id] = stream(global, kind: .playback, device: sink)
            case captureClass:
                let source = links.lazy.filter { $0.inputNode == global.id }.compactMap { link -> UInt32? in
                    if graph.sources[link.outputNode] != nil { return link.outputNode }
                    if graph.sinks[link.outputNode] != nil { return link.outputNode | monitorBit }
                    return nil
                }.first
                graph.sourceOutputs[global.id] = stream(global, kind: .capture, device: source)
            default:
                break
            }
        }
        return graph
    }

    /// The server instance: the core's name and its random cookie, new with every run.
    public static func instance(of server: PipeWireServerInfo) -> ServerInstance {
        ServerInstance(rawValue: "pipewire:\(server.name):\(server.cookie)")
    }

    private static func device(
        _ global: PipeWireGlobal, kind: SoundDevice.Kind, globals: [UInt32: PipeWireGlobal],
        portLatencies: [UInt32: [PipeWirePortLatency]]
    ) -> SoundDevice {
        let name = global.name ?? "node-\(global.id)"
        let props = global.node?.props
        let (ports, activePortName) = PipeWireRouteTranslation.ports(ofNode: global.properties, kind: kind, devices: globals)
        return SoundDevice(
            kind: kind, index: global.id, name: name,
            description: global.properties["node.description"] ?? global.properties["node.nick"] ?? name,
            properties: PipeWireNodeDeviceFacts.pulseProperties(global.properties), ports: ports,
            activePortName: activePortName, channelMap: PipeWireNodeDeviceFacts.channelMap(global.properties),
            volume: volumes(props), isMuted: props?.mute ?? false,
            monitorSourceIndex: kind == .sink ? global.id | monitorBit : nil,
            cardIndex: global.properties["device.id"].flatMap { UInt32($0) },
            cycleLatency: cycleLatency(of: portLatencies[global.id] ?? [], toward: kind == .sink ? .input : .output))
    }

    /// The latencies the ports of each node state, by node id.
    private static func portLatencies(in globals: [UInt32: PipeWireGlobal]) -> [UInt32: [PipeWirePortLatency]] {
        var latencies: [UInt32: [PipeWirePortLatency]] = [:]
        for global in globals.values where global.type == .port && !global.portLatencies.isEmpty {
            guard let node = global.properties["node.id"].flatMap({ UInt32($0) }) else { continue }
            latencies[node, default: []] += global.portLatencies
        }
        return latencies
    }

    /// A device's latency from its ports': a sink's toward the device (the input direction), a
    /// source's from it (the output direction).
    private static func cycleLatency(
        of latencies: [PipeWirePortLatency], toward direction: PipeWirePortLatency.Direction
    ) -> CycleLatency? {
        CycleLatency.device(
            ofChannels: latencies.filter { $0.direction == direction }.map { latency in
                CycleLatency(quanta: Double(latency.quanta), frames: latency.frames, nanoseconds: latency.nanoseconds)
            })
    }

    private static func monitorSource(of sink: SoundDevice) -> SoundDevice {
        SoundDevice(
            kind: .source, index: sink.index | monitorBit, name: sink.name + ".monitor",
            description: "Monitor of \(sink.description)", properties: ["device.class": "monitor"],
            monitorOfSinkIndex: sink.index)
    }

    private static func stream(_ global: PipeWireGlobal, kind: SoundStream.Kind, device: UInt32?) -> SoundStream {
        let props = global.node?.props
        return SoundStream(
            kind: kind, index: global.id, serial: global.serial,
            name: global.properties["media.name"] ?? global.name ?? "",
            clientIndex: global.properties["client.id"].flatMap { UInt32($0) }, deviceIndex: device,
            properties: global.properties, volume: volumes(props), isMuted: props?.mute ?? false,
            isCorked: global.node?.state != .running, hasVolume: props?.channelVolumes != nil)
    }

    private static func volumes(_ props: PipeWireNodeProps?) -> ChannelVolumes {
        ChannelVolumes((props?.channelVolumes ?? []).map { Volume(linearFactor: Double($0)) })
    }

    /// A link between two nodes, from the registry's `link.output.node` and `link.input.node`.
    private struct Link {
        var outputNode: UInt32
        var inputNode: UInt32

        init?(_ global: PipeWireGlobal) {
            guard let output = global.properties["link.output.node"].flatMap({ UInt32($0) }),
                let input = global.properties["link.input.node"].flatMap({ UInt32($0) })
            else { return nil }
            outputNode = output
            inputNode = input
        }
    }
}
