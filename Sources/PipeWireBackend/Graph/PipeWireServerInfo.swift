/// What the PipeWire core says about itself when a client connects.
///
/// The ``cookie`` is random for each run of the server: with the name it tells server instances
/// apart (a restarted server reuses its socket name, not its cookie).
///
/// ```swift
/// if let info = connection.serverInfo { print(info.name, info.version, info.cookie) }
/// ```
public struct PipeWireServerInfo: Sendable, Hashable {
    /// The core's name (`pipewire-0`).
    public var name: String
    /// The server's version (`0.3.65`).
    public var version: String
    /// A random number for this instance of the server.
    public var cookie: UInt32

    /// Creates server info; the connection fills it from the core's info event.
    public init(name: String, version: String, cookie: UInt32) {
        self.name = name
        self.version = version
        self.cookie = cookie
    }
}
