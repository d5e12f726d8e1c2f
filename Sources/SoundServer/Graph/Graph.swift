/// A snapshot of the sound-server graph: devices, streams, clients, modules and server facts,
/// each keyed by the server's index.
///
/// A backend's mirror keeps one current and hands out copies; a copy never changes.
///
/// ```swift
/// let graph = mirror.graph
/// for stream in graph.sinkInputs.values where stream.role == "music" {
///     print(stream.index, graph.device(of: stream)?.name ?? "?")
/// }
/// ```
public struct Graph: Hashable, Sendable {
    /// The server's facts; `nil` before the first listing.
    public var server: ServerInfo?
    /// Playback devices by index.
    public var sinks: [UInt32: SoundDevice]
    /// Capture devices (including monitors) by index.
    public var sources: [UInt32: SoundDevice]
    /// Playback streams by index.
    public var sinkInputs: [UInt32: SoundStream]
    /// Capture streams by index.
    public var sourceOutputs: [UInt32: SoundStream]
    /// Client connections by index.
    public var clients: [UInt32: SoundClient]
    /// Loaded modules by index.
    public var modules: [UInt32: SoundModule]

    /// A graph with the given contents (empty by default).
    public init(
        server: ServerInfo? = nil, sinks: [UInt32: SoundDevice] = [:], sources: [UInt32: SoundDevice] = [:],
        sinkInputs: [UInt32: SoundStream] = [:], sourceOutputs: [UInt32: SoundStream] = [:],
        clients: [UInt32: SoundClient] = [:], modules: [UInt32: SoundModule] = [:]
    ) {
        self.server = server
        self.sinks = sinks
        self.sources = sources
        self.sinkInputs = sinkInputs
        self.sourceOutputs = sourceOutputs
        self.clients = clients
        self.modules = modules
    }

    /// The sink with this name, if present.
    public func sink(named name: String) -> SoundDevice? { sinks.values.first { $0.name == name } }

    /// The source with this name, if present.
    public func source(named name: String) -> SoundDevice? { sources.values.first { $0.name == name } }

    /// The default sink, if the server names one that exists.
    public var defaultSink: SoundDevice? { server?.defaultSinkName.flatMap { sink(named: $0) } }

    /// The default source, if the server names one that exists.
    public var defaultSource: SoundDevice? { server?.defaultSourceName.flatMap { source(named: $0) } }

    /// The client that owns `stream`, if it is known.
    public func client(of stream: SoundStream) -> SoundClient? { stream.clientIndex.flatMap { clients[$0] } }

    /// The device `stream` plays to or records from, if it is known.
    public func device(of stream: SoundStream) -> SoundDevice? {
        guard let index = stream.deviceIndex else { return nil }
        return stream.kind == .playback ? sinks[index] : sources[index]
    }
}
