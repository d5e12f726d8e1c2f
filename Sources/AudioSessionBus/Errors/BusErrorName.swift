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

    public static let failed: BusErrorName = "org.freedesktop.DBus.Error.Failed"
    public static let noMemory: BusErrorName = "org.freedesktop.DBus.Error.NoMemory"
    public static let serviceUnknown: BusErrorName = "org.freedesktop.DBus.Error.ServiceUnknown"
    public static let nameHasNoOwner: BusErrorName = "org.freedesktop.DBus.Error.NameHasNoOwner"
    public static let noReply: BusErrorName = "org.freedesktop.DBus.Error.NoReply"
    public static let noServer: BusErrorName = "org.freedesktop.DBus.Error.NoServer"
    public static let timeout: BusErrorName = "org.freedesktop.DBus.Error.Timeout"
    public static let timedOut: BusErrorName = "org.freedesktop.DBus.Error.TimedOut"
    public static let disconnected: BusErrorName = "org.freedesktop.DBus.Error.Disconnected"
    public static let accessDenied: BusErrorName = "org.freedesktop.DBus.Error.AccessDenied"
    public static let invalidArgs: BusErrorName = "org.freedesktop.DBus.Error.InvalidArgs"
    public static let invalidSignature: BusErrorName = "org.freedesktop.DBus.Error.InvalidSignature"
    public static let unknownMethod: BusErrorName = "org.freedesktop.DBus.Error.UnknownMethod"
    public static let unknownObject: BusErrorName = "org.freedesktop.DBus.Error.UnknownObject"
    public static let unknownInterface: BusErrorName = "org.freedesktop.DBus.Error.UnknownInterface"
    public static let unknownProperty: BusErrorName = "org.freedesktop.DBus.Error.UnknownProperty"
    public static let propertyReadOnly: BusErrorName = "org.freedesktop.DBus.Error.PropertyReadOnly"
    public static let notSupported: BusErrorName = "org.freedesktop.DBus.Error.NotSupported"
    public static let limitsExceeded: BusErrorName = "org.freedesktop.DBus.Error.LimitsExceeded"
}
