internal import CDBus

/// One reference to a `DBusMessage`, dropped when this object goes away.
///
/// Unchecked Sendable: a message is filled on one thread and then only read or sent, and
/// libdbus counts references atomically once thread support is initialised.
final class Message: @unchecked Sendable {
    let pointer: OpaquePointer

    /// Takes over a reference the caller owns (from `dbus_message_new_*` or a stolen reply).
    init(adopting pointer: OpaquePointer) { self.pointer = pointer }

    /// Adds a reference to a message libdbus lends us (in a filter).
    init(retaining pointer: OpaquePointer) {
        self.pointer = dbus_message_ref(pointer)
    }

    deinit { dbus_message_unref(pointer) }
}
