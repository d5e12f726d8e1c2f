/// A name changed owner on the bus (`org.freedesktop.DBus.NameOwnerChanged`).
///
/// ```swift
/// if change.isDisconnection { print("\(change.name) left the bus") }
/// ```
public struct NameOwnerChange: Sendable, Hashable {
    /// The name, well-known (`org.example.Player`) or unique (`:1.42`).
    public var name: String
    /// The owner before, nil if there was none.
    public var oldOwner: String?
    /// The owner now, nil if there is none.
    public var newOwner: String?

    /// Whether a connection left the bus: its unique name lost its owner.
    public var isDisconnection: Bool { name.hasPrefix(":") && newOwner == nil }

    init?(_ signal: BusSignal) {
        guard let (name, old, new) = try? signal.arguments.decode(String.self, String.self, String.self) else { return nil }
        self.name = name
        oldOwner = old.isEmpty ? nil : old
        newOwner = new.isEmpty ? nil : new
    }
}
