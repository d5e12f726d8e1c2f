internal import CDBus
internal import Glibc

/// The one way into libdbus-1: every call the module makes goes through here (or through the
/// other files of this folder, which alone import `CDBus`), and every failure becomes a ``BusError``.
///
/// libdbus aborts the process on a "check failed" (an invalid name, a string that is not UTF-8,
/// an element of the wrong type): the wrapper validates everything that reaches libdbus first.
enum LibDBus {
    /// Runs `body` with a fresh `DBusError` and throws it if libdbus set it, or `failure` if
    /// `body` produced nothing without setting it.
    static func checked<Value>(
        _ failure: @autoclosure () -> BusError, _ body: (UnsafeMutablePointer<DBusError>) -> Value?
    ) throws(BusError) -> Value {
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        let result = body(&error)
        if dbus_error_is_set(&error) != 0 {
            throw BusError(
                BusErrorName(rawValue: error.name.map { String(cString: $0) } ?? BusErrorName.failed.rawValue),
                error.message.map { String(cString: $0) } ?? "libdbus reported an error without a message")
        }
        guard let result else { throw failure() }
        return result
    }

    /// Makes libdbus thread-safe. The connection is confined to its loop thread, but messages
    /// are built, and reference counts dropped, on any thread.
    static let threadsInitialised: Bool = dbus_threads_init_default() != 0

    // MARK: Connections

    /// Opens a private connection to `address`, says Hello to the bus and returns it with the
    /// unique name the bus assigned. The process is never exited when the bus goes away.
    ///
    /// The corresponding libdbus calls are `dbus_connection_open_private` and `dbus_bus_register`.
    static func connect(to address: String) throws(BusError) -> (connection: OpaquePointer, uniqueName: String) {
        guard threadsInitialised else { throw BusError(.noMemory, "libdbus could not initialise its thread support") }
        let connection: OpaquePointer
        do {
            connection = try checked(BusError(.noServer, "no connection")) { error in
                dbus_connection_open_private(address, error)
            }
        } catch {
            throw BusError(error.name, "cannot connect to the bus at '\(address)': \(error.message)")
        }
        dbus_connection_set_exit_on_disconnect(connection, 0)
        do {
            _ = try checked(BusError(.failed, "registration failed")) { error in
                dbus_bus_register(connection, error) != 0 ? true : nil
            }
        } catch {
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
            throw BusError(error.name, "connected to '\(address)' but the bus refused Hello: \(error.message)")
        }
        guard let name = dbus_bus_get_unique_name(connection) else {
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
            throw BusError(.failed, "the bus at '\(address)' gave this connection no unique name")
        }
        return (connection, String(cString: name))
    }

    /// The address in `DBUS_SESSION_BUS_ADDRESS`.
    static func sessionBusAddress() throws(BusError) -> String {
        guard let address = getenv("DBUS_SESSION_BUS_ADDRESS"), address.pointee != 0 else {
            throw BusError(.noServer, "DBUS_SESSION_BUS_ADDRESS is not set: there is no session bus to connect to")
        }
        return String(cString: address)
    }

    // MARK: Names

    static func validateBusName(_ name: String) throws(BusError) {
        try validate(name, what: "bus name") { dbus_validate_bus_name($0, $1) }
    }

    static func validateInterface(_ name: String) throws(BusError) {
        try validate(name, what: "interface name") { dbus_validate_interface($0, $1) }
    }

    static func validateMember(_ name: String) throws(BusError) {
        try validate(name, what: "member name") { dbus_validate_member($0, $1) }
    }

    static func validateErrorName(_ name: String) throws(BusError) {
        try validate(name, what: "error name") { dbus_validate_error_name($0, $1) }
    }

    private static func validate(
        _ name: String, what: String, _ check: (UnsafePointer<CChar>, UnsafeMutablePointer<DBusError>) -> dbus_bool_t
    ) throws(BusError) {
        guard !name.utf8.contains(0) else { throw BusError(.invalidArgs, "'\(name)' is not a valid \(what)") }
        do {
            _ = try checked(BusError(.invalidArgs, "invalid")) { error in
                name.withCString { check($0, error) } != 0 ? true : nil
            }
        } catch {
            throw BusError(.invalidArgs, "'\(name)' is not a valid \(what): \(error.message)")
        }
    }
}
