import Logging
import PulseBackend
import SoundServer
import Synchronization

/// The session's own view of the sound server (PulseAudio, or PipeWire through pipewire-pulse),
/// through the project's one libpulse binding: a live graph mirror for the synchronous getters
/// (route, volume, channels) without the agent, and the few commands the session sends itself.
///
/// When the server goes away the link reconnects, every ``reconnectDelay``, until it is back.
final class ServerLink: Sendable {
    static let reconnectDelay: Duration = .milliseconds(500)

    private let server: String?
    private let properties: [String: String]
    private let logger: Logger
    private struct State {
        var mirror: PulseGraphMirror?
        /// Set by ``close()``: a connection that completes afterwards is dropped at once.
        var isClosed = false
    }

    private let state = Mutex(State())

    init(server: String?, applicationName: String, logger: Logger) {
        self.server = server
        self.properties = ["application.name": applicationName]
        self.logger = logger
    }

    /// The graph as last mirrored; `nil` while the server is not reachable.
    var graph: Graph? { state.withLock { $0.mirror?.graph } }

    /// The open connection, for commands; `nil` while the server is not reachable.
    var connection: PulseConnection? { state.withLock { $0.mirror?.connection } }

    /// Connects and mirrors the graph; returns whether the server is reachable.
    @discardableResult
    func connect() async -> Bool {
        let (isConnected, isClosed) = state.withLock { ($0.mirror != nil, $0.isClosed) }
        if isClosed { return false }
        if isConnected { return true }
        do {
            let connection = try await PulseConnection.connect(server: server, properties: properties, logger: logger)
            do {
                let mirror = try await PulseGraphMirror.start(on: connection)
                let kept = state.withLock { state -> Bool in
                    guard !state.isClosed, state.mirror == nil else { return false }
                    state.mirror = mirror
                    return true
                }
                if !kept {
                    mirror.stop()
                    connection.disconnect()
                }
                return kept
            } catch {
                connection.disconnect()
                throw error
            }
        } catch {
            logger.debug("the sound server is not reachable", metadata: ["pulse.error": "\(error)"])
            return false
        }
    }

    /// Follows the server until the task is cancelled: `onEvent` gets each change with the graph
    /// after it; `onLost` and `onBack` bracket a time without a server.
    func follow(
        onEvent: @Sendable (GraphEvent, Graph) -> Void, onLost: @Sendable () -> Void, onBack: @Sendable () async -> Void
    ) async {
        while !Task.isCancelled {
            guard let mirror = state.withLock({ $0.mirror }) else {
                if await connect() {
                    await onBack()
                } else {
                    try? await Task.sleep(for: Self.reconnectDelay)
                }
                continue
            }
            for await event in mirror.events() {
                if case .connectionLost = event { break }
                onEvent(event, mirror.graph)
            }
            guard !Task.isCancelled else { return }
            // The server went away: drop the dead connection and wait for a new one.
            state.withLock { $0.mirror = nil }
            mirror.stop()
            mirror.connection.disconnect()
            logger.warning("the sound server went away; reconnecting")
            onLost()
        }
    }

    func close() {
        let mirror = state.withLock { state in
            defer {
                state.mirror = nil
                state.isClosed = true
            }
            return state.mirror
        }
        mirror?.stop()
        mirror?.connection.disconnect()
    }
}
