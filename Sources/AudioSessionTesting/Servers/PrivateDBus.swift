/// A private session bus (`dbus-daemon --session`) for tests.
///
/// ```swift
/// let bus = try await PrivateDBus.start()
/// defer { bus.stop() }
/// let address = bus.address   // unix:path=/tmp/.../bus,guid=...
/// ```
public final class PrivateDBus: PrivateServer {
    private let server: ServerDirectory

    private init(server: ServerDirectory) { self.server = server }

    /// Starts a bus and returns once it accepts connections. A session bus admits only its
    /// owner; `admittingOtherUsers` lets clients run as another user connect too (cvlc, which
    /// refuses to run as root; see ``UnprivilegedCommand``).
    public static func start(admittingOtherUsers: Bool = false) async throws -> PrivateDBus {
        PrivateDBus(server: try await ServerDirectory(starting: admittingOtherUsers ? ["dbus", "--other-users"] : ["dbus"]))
    }

    /// The bus address, as `DBUS_SESSION_BUS_ADDRESS` takes it.
    public var address: String { server.environment["DBUS_SESSION_BUS_ADDRESS"] ?? "" }
    public var directory: String { server.path }
    public var environment: [String: String] { server.environment }
    public func stop() { server.stop() }
}
