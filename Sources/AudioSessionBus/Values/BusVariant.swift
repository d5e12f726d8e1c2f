/// A variant: any value with its own type (`v`), as `a{sv}` option dictionaries carry them.
///
/// ```swift
/// let options = try call.arguments.decode([String: BusVariant].self)
/// let volume = options["volume"].flatMap { Double(busValue: $0.value) }
/// ```
public struct BusVariant: BusValueConvertible, Hashable {
    /// The value inside the variant.
    public var value: BusValue

    /// A variant holding `value`.
    public init(_ value: BusValue) { self.value = value }

    public static var busType: BusType { .variant }
    public init?(busValue: BusValue) {
        guard case .variant(let inner) = busValue else { return nil }
        value = inner
    }
    public var busValue: BusValue { .variant(value) }
}
