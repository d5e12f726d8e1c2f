/// A D-Bus error: a remote error reply, a refused call, or a failure of the connection itself.
///
/// Carries the D-Bus error name (`org.freedesktop.DBus.Error.InvalidArgs`) and a message for
/// people. A method handler that throws a `BusError` sends exactly that error back to the caller.
///
/// ```swift
/// do {
///     _ = try await bus.call(destination: "org.example", path: "/", interface: "org.example.I", method: "M")
/// } catch let error as BusError where error.name == .serviceUnknown {
///     print("not running: \(error.message)")
/// }
/// ```
public struct BusError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The D-Bus error name.
    public var name: BusErrorName
    /// What happened, for people.
    public var message: String

    /// An error with the given name and message.
    public init(_ name: BusErrorName, _ message: String) {
        self.name = name
        self.message = message
    }

    public var description: String { "\(name.rawValue): \(message)" }
}
