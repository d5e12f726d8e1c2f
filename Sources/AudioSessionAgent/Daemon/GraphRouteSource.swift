import AudioPolicy
import AudioSessionModel
import SoundServer

/// Routes from the graph mirror of the agent serving now (the pulse mirror, or PipeWire's seen as
/// the same graph): the devices a session's streams are linked to, or the server's defaults before
/// it has streams; no route while the server is away.
struct GraphRouteSource: SessionRouteSource {
    /// The graph now and the server instance it belongs to; `nil` while the server is away.
    let current: @Sendable () -> (graph: Graph, instance: ServerInstance)?

    func route(of streams: [StreamID], withInput: Bool) -> RouteDescription {
        guard let (graph, instance) = current() else { return RouteDescription() }
        guard !streams.isEmpty else {
            return RouteDescription(
                inputs: withInput ? Self.ports([graph.defaultSource]) : [], outputs: Self.ports([graph.defaultSink]))
        }
        let wanted = Set(streams)
        func devices(_ streams: [UInt32: SoundStream], on table: [UInt32: SoundDevice]) -> [SoundDevice?] {
            streams.values.sorted { $0.index < $1.index }
                .filter { wanted.contains(ServerStreamRef($0, instance: instance).id) }
                .map { stream in stream.deviceIndex.flatMap { table[$0] } }
        }
        return RouteDescription(
            inputs: Self.ports(devices(graph.sourceOutputs, on: graph.sources)),
            outputs: Self.ports(devices(graph.sinkInputs, on: graph.sinks)))
    }

    /// Each device once, in order, as a port.
    private static func ports(_ devices: [SoundDevice?]) -> [PortDescription] {
        var ports: [PortDescription] = []
        for device in devices {
            if let port = device.flatMap(StreamTranslation.info(for:))?.port, !ports.contains(port) { ports.append(port) }
        }
        return ports
    }
}
