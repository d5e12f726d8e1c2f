/// One method of an exported interface and the handler that answers it.
///
/// A handler returns the reply's arguments or throws: a ``BusError`` goes back to the caller as
/// is, any other error as `org.freedesktop.DBus.Error.Failed`. Synchronous handlers run on the
/// connection's thread and must not block; asynchronous ones run inside ``BusConnection/serve()``.
///
/// ```swift
/// let echo = BusMethod.sync("Echo") { call in call.arguments }
/// let slow = BusMethod.async("Lookup") { call in
///     let (key) = try call.arguments.decode(String.self)
///     return [.string(await store.value(for: key))]
/// }
/// ```
public struct BusMethod: Sendable {
    enum Body: Sendable {
        case sync(@Sendable (BusMethodCall) throws -> BusArguments)
        case async(@Sendable (BusMethodCall) async throws -> BusArguments)
    }

    /// The method's member name.
    public let name: String
    let body: Body

    /// A method answered at once on the connection's thread.
    public static func sync(
        _ name: String, _ handler: @escaping @Sendable (BusMethodCall) throws -> BusArguments
    ) -> BusMethod {
        BusMethod(name: name, body: .sync(handler))
    }

    /// A method answered by an async handler inside ``BusConnection/serve()``.
    public static func async(
        _ name: String, _ handler: @escaping @Sendable (BusMethodCall) async throws -> BusArguments
    ) -> BusMethod {
        BusMethod(name: name, body: .async(handler))
    }
}
