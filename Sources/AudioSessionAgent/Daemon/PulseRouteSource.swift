import AudioPolicy
import AudioSessionModel
import PulseBackend
import SoundServer

/// Routes from the pulse graph mirror of the agent serving now: the devices a session's streams
/// are linked to, or the server's defaults before it has streams; no route while the server is away.
struct PulseRouteSource: SessionRouteSource {
    let agents: CurrentPulseAgent

    func route(of streams: [StreamID], withInput: Bool) -> RouteDescription {
        guard let agent = agents.now else { return RouteDescription() }
        let instance = agent.serverInstance
        let graph = agent.mirror.graph
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
