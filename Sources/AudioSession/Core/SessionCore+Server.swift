import AudioSessionContract
import AudioSessionModel
import SoundServer
import Synchronization

// What the session reads from the sound server itself: routes, volumes, other audio. The same
// answers with and without the agent, since both look at the same graph.
extension SessionCore {
    /// The route: the devices of the session's own streams (those carrying its token), or before
    /// it has any, the devices they would use: the preferred or default input (for categories
    /// that record) and the overridden or default output. The agent's `GetCurrentRoute` answers
    /// the same way.
    func currentRoute(in graph: Graph?) -> AudioSession.RouteDescription {
        guard let graph else { return AudioSession.RouteDescription() }
        let (token, configuration, preferredInput, override) = state.withLock {
            ($0.registration?.token, $0.configuration, $0.preferredInputUID, $0.outputOverride)
        }
        let records = configuration.category == .record || configuration.category == .playAndRecord
        func ports(_ streams: [UInt32: SoundStream], _ devices: [UInt32: SoundDevice]) -> [AudioSession.PortDescription] {
            guard let token else { return [] }
            var ports: [AudioSession.PortDescription] = []
            for stream in streams.values.sorted(by: { $0.index < $1.index })
            where stream.properties[AgentBusAddress.streamTokenProperty] == token {
                if let port = stream.deviceIndex.flatMap({ devices[$0] }).flatMap(\.sessionPort),
                    !ports.contains(port)
                {
                    ports.append(port)
                }
            }
            return ports
        }
        var outputs = ports(graph.sinkInputs, graph.sinks)
        if outputs.isEmpty {
            let sink = override == .speaker ? Self.speaker(in: graph) ?? graph.defaultSink : graph.defaultSink
            outputs = sink.flatMap(\.sessionPort).map { [$0] } ?? []
        }
        var inputs = ports(graph.sourceOutputs, graph.sources)
        if inputs.isEmpty && records {
            let source = preferredInput.flatMap { graph.source(forPortUID: $0) } ?? graph.defaultSource
            inputs = source.flatMap(\.sessionPort).map { [$0] } ?? []
        }
        return AudioSession.RouteDescription(inputs: inputs, outputs: outputs)
    }

    /// The session's form of a route the agent sent (its ports carry a channel count only): each
    /// port takes its channels from the device on the server or among the `seen` ports (the
    /// route the session last saw), when either has it with as many channels; unnamed channels
    /// otherwise (a device gone since). Its kind is the one the agent named in `typeNames` (by
    /// uid), kept when this version does not know it, where the contract's model reads it as generic.
    static func sessionRoute(
        _ route: RouteDescription, in graph: Graph?, seen: [AudioSession.PortDescription], typeNames: [String: String]
    ) -> AudioSession.RouteDescription {
        func port(_ port: PortDescription) -> AudioSession.PortDescription {
            let device = graph.flatMap { $0.sink(forPortUID: port.uid) ?? $0.source(forPortUID: port.uid) }
            let known = device?.sessionPort ?? seen.first { $0.uid == port.uid }
            var session = known.flatMap { $0.channelCount == port.channels ? $0 : nil } ?? AudioSession.PortDescription(port)
            session.portName = port.name
            session.portType = AudioSession.Port(rawValue: typeNames[port.uid] ?? port.type.kebabName)
            return session
        }
        return AudioSession.RouteDescription(inputs: route.inputs.map(port), outputs: route.outputs.map(port))
    }

    /// A built-in speaker for ``AudioSession/PortOverride/speaker``: the first sink typed as one.
    static func speaker(in graph: Graph) -> SoundDevice? {
        graph.sinks.values.sorted { $0.index < $1.index }.first { $0.portType == .builtInSpeaker }
    }

    /// Whether another app's audio plays now: a running (uncorked) playback stream that is not
    /// the session's own and not a server-internal stream (loopback, filter).
    func isOtherAudioPlaying(in graph: Graph?) -> Bool {
        guard let graph else { return false }
        let token = state.withLock { $0.registration?.token }
        return graph.sinkInputs.values.contains { stream in
            !stream.isCorked && (token == nil || stream.properties[AgentBusAddress.streamTokenProperty] != token)
                && !["abstract", "filter"].contains(stream.role ?? "")
        }
    }

    /// Whether the server has an input: a source that is not a monitor.
    static func isInputAvailable(in graph: Graph?) -> Bool {
        graph?.sources.values.contains { $0.routePort != nil } ?? false
    }

    /// The default sink's volume, 0...1 (its loudest channel; 0 when muted).
    static func outputVolume(in graph: Graph?) -> Float {
        guard let sink = graph?.defaultSink else { return 0 }
        return sink.isMuted ? 0 : Float(min(1, sink.volume.maximum.level))
    }

    /// The route as the session sees it now, kept to tell local route changes.
    func rememberLocalRoute() {
        let graph = server.graph
        let route = currentRoute(in: graph)
        let volume = Self.outputVolume(in: graph)
        let inputAvailable = Self.isInputAvailable(in: graph)
        state.withLock { state in
            state.lastLocalRoute = route
            state.lastOutputVolume = volume
            state.lastInputAvailable = inputAvailable
        }
    }

    /// A change on the server: publishes a new output volume, and without the agent (which tells
    /// registered sessions itself) a route change.
    func serverChanged(_ graph: Graph) {
        let route = currentRoute(in: graph)
        let volume = Self.outputVolume(in: graph)
        let inputAvailable = Self.isInputAvailable(in: graph)
        let (previousRoute, previousVolume, previousInputAvailable, registered) = state.withLock { state in
            defer {
                state.lastLocalRoute = route
                state.lastOutputVolume = volume
                state.lastInputAvailable = inputAvailable
            }
            return (state.lastLocalRoute, state.lastOutputVolume, state.lastInputAvailable, state.registration != nil)
        }
        if previousVolume != volume { outputVolumes.publish(volume) }
        if let previousInputAvailable, previousInputAvailable != inputAvailable { inputAvailabilities.publish(inputAvailable) }
        guard !registered, let previousRoute, previousRoute != route else { return }
        routeChanges.publish(RouteChange(reason: Self.reason(from: previousRoute, to: route, in: graph), previousRoute: previousRoute))
    }

    /// Why the route moved: its old output device is gone, or a device the route did not use is new.
    static func reason(from previous: AudioSession.RouteDescription, to route: AudioSession.RouteDescription, in graph: Graph) -> AudioSession.RouteChangeReason {
        let previousPorts = previous.outputs + previous.inputs
        let gone = previousPorts.contains { port in graph.sink(forPortUID: port.uid) == nil && graph.source(forPortUID: port.uid) == nil }
        if gone { return .oldDeviceUnavailable }
        let previousUIDs = Set(previousPorts.map(\.uid))
        if (route.outputs + route.inputs).contains(where: { !previousUIDs.contains($0.uid) }) { return .newDeviceAvailable }
        return .routeConfigurationChange
    }

    /// The server went away. With the agent registered, the agent tells (MediaServicesLost);
    /// without it, the session does.
    func serverLost() {
        let registered = state.withLock { $0.registration != nil }
        guard !registered else { return }
        loseMediaServices(.soundServerRestarted)
    }

    /// The server is back. Without the agent the session tells (MediaServicesReset), if it told
    /// the loss.
    func serverBack() async {
        rememberLocalRoute()
        let (registered, lost) = state.withLock { ($0.registration != nil, $0.outstandingLoss != nil) }
        guard !registered, lost else { return }
        resetMediaServices(otherwise: .soundServerRestarted)
    }
}
