/// A Swift type that has one D-Bus type and converts to and from ``BusValue``.
///
/// ```swift
/// let value = ["a": Int32(1)].busValue     // a{si}
/// let back = [String: Int32](busValue: value)
/// ```
public protocol BusValueConvertible: Sendable {
    /// The D-Bus type of every value of this Swift type.
    static var busType: BusType { get }
    /// The value, when `busValue` has exactly ``busType``; nil otherwise.
    init?(busValue: BusValue)
    /// This value as a D-Bus value.
    var busValue: BusValue { get }
}
