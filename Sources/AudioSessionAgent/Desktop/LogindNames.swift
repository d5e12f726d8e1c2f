import AudioSessionBus

/// logind's names on the system bus, as `org.freedesktop.login1(5)` documents them.
enum LogindNames {
    static let busName = "org.freedesktop.login1"
    static let managerPath: BusObjectPath = "/org/freedesktop/login1"
    static let managerInterface = "org.freedesktop.login1.Manager"
    /// The user of the calling process, whatever its login sessions.
    static let userSelfPath: BusObjectPath = "/org/freedesktop/login1/user/self"
    static let userInterface = "org.freedesktop.login1.User"
    static let sessionInterface = "org.freedesktop.login1.Session"
    /// The system bus's address when `DBUS_SYSTEM_BUS_ADDRESS` does not name one.
    static let defaultSystemBusAddress = "unix:path=/run/dbus/system_bus_socket"
}
