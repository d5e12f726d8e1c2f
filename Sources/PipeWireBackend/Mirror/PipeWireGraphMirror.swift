public import SoundServer

/// The PipeWire registry mirror seen as the pulse backend's ``Graph``: after each event of the
/// connection, the graph is built again from the globals and the `default` metadata
/// (``PipeWireGraphTranslation``) and the differences go to the handler as ``GraphEvent``s, on the
/// loop thread, lock held, without a hop.
///
/// Confined to the PipeWire loop lock (handler calls and ``graph`` reads hold it).
///
/// ```swift
/// let mirror = PipeWireGraphMirror(connection: connection, instance: PipeWireGraphTranslation.instance(of: info))
/// let graph = connection.withLoopLocked { mirror.start { event, graph in print(event) } }
/// ```
public final class PipeWireGraphMirror: @unchecked Sendable {
    /// What the mirror calls for each change, with the graph after it, on the loop thread.
    public typealias Handler = @Sendable (GraphEvent, Graph) -> Void

    private let connection: PipeWireConnection
    private let instance: ServerInstance
    private var registration: PipeWireEventHandlerRegistration?
    private var current = Graph()

    /// A mirror of `connection`'s registry, reporting `instance` as the graph's server; it follows
    /// nothing until ``start(_:)``.
    public init(connection: PipeWireConnection, instance: ServerInstance) {
        self.connection = connection
        self.instance = instance
    }

    /// The graph now.
    public var graph: Graph { connection.withLoopLocked { current } }

    /// Builds the graph of the globals now and follows the connection's events from here on; call
    /// with the loop locked so no event falls between the two. Returns the starting graph.
    public func start(_ handler: @escaping Handler) -> Graph {
        current = build()
        registration = connection.addEventHandler { [weak self] event in
            guard let self else { return }
            switch event {
            case .globalAdded, .globalChanged, .globalRemoved, .metadataChanged:
                let next = build()
                let events = next.events(since: current)
                current = next
                for change in events { handler(change, next) }
            case .disconnected(let error):
                handler(.connectionLost(reason: error.description), current)
            case .serverError:
                break
            }
        }
        return current
    }

    /// Stops following events; call with the loop locked.
    public func stop() {
        if let registration { connection.removeEventHandler(registration) }
        registration = nil
    }

    private func build() -> Graph {
        PipeWireGraphTranslation.graph(
            globals: connection.globals, defaults: connection.defaults, server: connection.serverInfo, instance: instance)
    }
}
