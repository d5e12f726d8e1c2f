/// Which signals to receive: every field that is set must match.
///
/// The rule is sent to the bus (`AddMatch`) and checked again locally, since a connection also
/// receives signals addressed to it and signals other rules asked for.
///
/// ```swift
/// let rule = BusMatchRule(sender: "org.freedesktop.DBus", interface: "org.freedesktop.DBus",
///                         member: "NameOwnerChanged", arguments: [0: "org.audiosession.Agent"])
/// rule.text   // "type='signal',sender='org.freedesktop.DBus',...,arg0='org.audiosession.Agent'"
/// ```
public struct BusMatchRule: Sendable, Hashable {
    /// The sender's unique name, or `org.freedesktop.DBus`. A well-known name is matched by the
    /// bus only: locally the sender of such signals is the owner's unique name.
    public var sender: String?
    /// The signal's interface.
    public var interface: String?
    /// The signal's name.
    public var member: String?
    /// The emitting object's exact path.
    public var path: BusObjectPath?
    /// Matches signals emitted at this path or below it.
    public var pathNamespace: BusObjectPath?
    /// Matches string arguments by position (0-based): `[0: "org.example.Name"]`.
    public var arguments: [Int: String]

    /// A rule; fields left nil match anything.
    public init(
        sender: String? = nil, interface: String? = nil, member: String? = nil, path: BusObjectPath? = nil,
        pathNamespace: BusObjectPath? = nil, arguments: [Int: String] = [:]
    ) {
        self.sender = sender
        self.interface = interface
        self.member = member
        self.path = path
        self.pathNamespace = pathNamespace
        self.arguments = arguments
    }

    /// The rule in the bus's match-rule syntax.
    public var text: String {
        var parts = ["type='signal'"]
        if let sender { parts.append("sender=\(Self.quoted(sender))") }
        if let interface { parts.append("interface=\(Self.quoted(interface))") }
        if let member { parts.append("member=\(Self.quoted(member))") }
        if let path { parts.append("path=\(Self.quoted(path.rawValue))") }
        if let pathNamespace { parts.append("path_namespace=\(Self.quoted(pathNamespace.rawValue))") }
        for (index, value) in arguments.sorted(by: { $0.key < $1.key }) {
            parts.append("arg\(index)=\(Self.quoted(value))")
        }
        return parts.joined(separator: ",")
    }

    /// Whether `signal` satisfies every set field (a well-known `sender` is left to the bus).
    public func matches(_ signal: BusSignal) -> Bool {
        if let sender, sender.hasPrefix(":") || sender == "org.freedesktop.DBus", sender != signal.sender { return false }
        if let interface, interface != signal.interface { return false }
        if let member, member != signal.member { return false }
        if let path, path.rawValue != signal.path { return false }
        if let pathNamespace {
            let prefix = pathNamespace.rawValue
            let inside = prefix == "/" || signal.path == prefix || signal.path.hasPrefix(prefix + "/")
            if !inside { return false }
        }
        for (index, value) in arguments {
            guard signal.arguments.indices.contains(index), case .string(let text) = signal.arguments[index], text == value
            else { return false }
        }
        return true
    }

    /// Quotes a value: inside quotes only `'` is special and is written as `'\''`.
    private static func quoted(_ value: String) -> String {
        "'" + value.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
