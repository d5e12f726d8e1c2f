/// The message bus itself, as a peer: `org.freedesktop.DBus` at `/org/freedesktop/DBus`.
enum BusDaemon {
    static let name = "org.freedesktop.DBus"
    static let path: BusObjectPath = "/org/freedesktop/DBus"
    static let interface = "org.freedesktop.DBus"
}
