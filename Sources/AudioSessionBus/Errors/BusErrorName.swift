/// The name of a D-Bus error, with the standard names as constants.
///
/// ```swift
/// throw BusError(.accessDenied, "session 3 belongs to another connection")
/// throw BusError("org.audiosession.Error.InsufficientPriority", "a call is active")
/// ```
public struct BusErrorName: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }

    public var description: String { rawValue }

    // The standard names of the D-Bus specification, as libdbus and dbus-daemon send them.

    /// A generic failure; what a handler's non-``BusError`` error becomes.
    public static let failed: BusErrorName = "org.freedesktop.DBus.Error.Failed"
    /// libdbus ran out of memory.
    public static let noMemory: BusErrorName = "org.freedesktop.DBus.Error.NoMemory"
    /// No connection owns the destination name, and it cannot be activated.
    public static let serviceUnknown: BusErrorName = "org.freedesktop.DBus.Error.ServiceUnknown"
    /// The name asked about has no owner.
    public static let nameHasNoOwner: BusErrorName = "org.freedesktop.DBus.Error.NameHasNoOwner"
    /// No reply came before the call's timeout.
    public static let noReply: BusErrorName = "org.freedesktop.DBus.Error.NoReply"
    /// No bus listens at the address.
    public static let noServer: BusErrorName = "org.freedesktop.DBus.Error.NoServer"
    /// A timeout (connection set-up).
    public static let timeout: BusErrorName = "org.freedesktop.DBus.Error.Timeout"
    /// A timeout (used by some services instead of ``timeout``).
    public static let timedOut: BusErrorName = "org.freedesktop.DBus.Error.TimedOut"
    /// The connection is closed.
    public static let disconnected: BusErrorName = "org.freedesktop.DBus.Error.Disconnected"
    /// The caller may not do this.
    public static let accessDenied: BusErrorName = "org.freedesktop.DBus.Error.AccessDenied"
    /// The arguments were not what the method takes.
    public static let invalidArgs: BusErrorName = "org.freedesktop.DBus.Error.InvalidArgs"
    /// A signature is not valid.
    public static let invalidSignature: BusErrorName = "org.freedesktop.DBus.Error.InvalidSignature"
    /// The object has no such method.
    public static let unknownMethod: BusErrorName = "org.freedesktop.DBus.Error.UnknownMethod"
    /// There is no object at the path.
    public static let unknownObject: BusErrorName = "org.freedesktop.DBus.Error.UnknownObject"
    /// The object has no such interface.
    public static let unknownInterface: BusErrorName = "org.freedesktop.DBus.Error.UnknownInterface"
    /// The interface has no such property.
    public static let unknownProperty: BusErrorName = "org.freedesktop.DBus.Error.UnknownProperty"
    /// The property cannot be set.
    public static let propertyReadOnly: BusErrorName = "org.freedesktop.DBus.Error.PropertyReadOnly"
    /// The request is not supported.
    public static let notSupported: BusErrorName = "org.freedesktop.DBus.Error.NotSupported"
    /// A limit (queue length, number of sessions) was reached.
    public static let limitsExceeded: BusErrorName = "org.freedesktop.DBus.Error.LimitsExceeded"
}
