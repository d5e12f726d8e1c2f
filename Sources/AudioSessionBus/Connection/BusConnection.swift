/// A private connection to a D-Bus message bus, served by a thread of its own.
///
/// The connection calls methods (``call(destination:path:interface:method:arguments:timeout:)``),
/// exports objects (``export(_:)``), emits and receives signals, and owns names. It stays open
/// until ``close()`` or until the bus goes away; handlers that capture the connection keep it
/// alive, so close it explicitly.
///
/// ```swift
/// let bus = try BusConnection.sessionBus()
/// defer { bus.close() }
/// let reply = try await bus.call(
///     destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
///     interface: "org.freedesktop.DBus", method: "GetId")
/// let (id) = try reply.decode(String.self)
/// ```
public final class BusConnection: Sendable {
    /// The unique name the bus gave this connection, e.g. `:1.42`.
    public let uniqueName: String
    let loop: BusLoop
    let router: BusRouter

    /// Connects to the bus at `address` (e.g. `unix:path=/run/user/1000/bus`) and registers with it.
    ///
    /// Throws a ``BusError`` that names the address when the bus cannot be reached.
    /// The corresponding libdbus calls are `dbus_connection_open_private` and `dbus_bus_register`.
    public init(address: String) throws(BusError) {
        let (connection, uniqueName) = try LibDBus.connect(to: address)
        let router = BusRouter()
        self.uniqueName = uniqueName
        self.router = router
        loop = try BusLoop(
            connection: connection,
            handler: { message, loop in router.route(message, loop: loop) },
            onClose: { router.connectionClosed() })
    }

    /// Connects to the session bus named by `DBUS_SESSION_BUS_ADDRESS`.
    ///
    /// ```swift
    /// let bus = try BusConnection.sessionBus()
    /// ```
    public static func sessionBus() throws(BusError) -> BusConnection {
        try BusConnection(address: try LibDBus.sessionBusAddress())
    }

    /// Whether the connection is still open (not closed, bus not gone).
    public var isConnected: Bool { loop.isOpen }

    /// Closes the connection: calls still waiting fail with `Disconnected`, signal sequences and
    /// ``serve()`` end, exported objects are dropped. Safe to call more than once.
    public func close() {
        loop.stop()
    }

    deinit { loop.stop() }
}
