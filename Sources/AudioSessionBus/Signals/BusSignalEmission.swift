/// A signal to emit: what ``BusConnection/emitSignals(_:)`` sends, several at a time.
///
/// ```swift
/// let interrupted = BusSignalEmission(
///     path: "/org/example/Player", interface: "org.example.Player1", name: "Interrupted",
///     arguments: [.string("call")], destination: ":1.42")
/// try bus.emitSignals([interrupted])
/// ```
public struct BusSignalEmission: Sendable, Hashable {
    /// The emitting object's path.
    public var path: BusObjectPath
    /// The signal's interface.
    public var interface: String
    /// The signal's name.
    public var name: String
    /// The signal's arguments.
    public var arguments: BusArguments
    /// The only connection to receive it (a unicast signal), or `nil` to broadcast it to every
    /// connection whose match rules accept it.
    public var destination: String?

    /// A signal of `interface` named `name`, from the object at `path`.
    public init(
        path: BusObjectPath, interface: String, name: String, arguments: BusArguments = [], destination: String? = nil
    ) {
        self.path = path
        self.interface = interface
        self.name = name
        self.arguments = arguments
        self.destination = destination
    }
}

extension BusSignalEmission {
    /// The libdbus message for this signal; fails for an invalid name, interface or destination.
    func message() throws(BusError) -> Message {
        try LibDBus.signal(path: path, interface: interface, name: name, arguments: arguments, destination: destination)
    }
}
