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

extension UInt8: BusValueConvertible {
    public static var busType: BusType { .byte }
    public init?(busValue: BusValue) {
        guard case .byte(let value) = busValue else { return nil }
        self = value
    }
    public var busValue: BusValue { .byte(self) }
}

extension Bool: BusValueConvertible {
    public static var busType: BusType { .boolean }
    public init?(busValue: BusValue) {
        guard case .boolean(let value) = busValue else { return nil }
        self = value
    }
    public var busValue: BusValue { .boolean(self) }
}

extension Int16: BusValueConvertible {
    public static var busType: BusType { .int16 }
    public init?(busValue: BusValue) {
        guard case .int16(let value) = busValue else { return nil }
        self = value
    }
    public var busValue: BusValue { .int16(self) }
}

extension UInt16: BusValueConvertible {
    public static var busType: BusType { .uint16 }
    public init?(busValue: BusValue) {
        guard case .uint16(let value) = busValue else { return nil }
        self = value
    }
    public var busValue: BusValue { .uint16(self) }
}

extension Int32: BusValueConvertible {
    public static var busType: BusType { .int32 }
    public init?(busValue: BusValue) {
        guard case .int32(let value) = busValue else { return nil }
        self = value
    }
    public var busValue: BusValue { .int32(self) }
}

extension UInt32: BusValueConvertible {
    public static var busType: BusType { .uint32 }
    public init?(busValue: BusValue) {
        guard case .uint32(let value) = busValue else { return nil }
        self = value
    }
    public var busValue: BusValue { .uint32(self) }
}

extension Int64: BusValueConvertible {
    public static var busType: BusType { .int64 }
    public init?(busValue: BusValue) {
        guard case .int64(let value) = busValue else { return nil }
        self = value
    }
    public var busValue: BusValue { .int64(self) }
}

extension UInt64: BusValueConvertible {
    public static var busType: BusType { .uint64 }
    public init?(busValue: BusValue) {
        guard case .uint64(let value) = busValue else { return nil }
        self = value
    }
    public var busValue: BusValue { .uint64(self) }
}

extension Double: BusValueConvertible {
    public static var busType: BusType { .double }
    public init?(busValue: BusValue) {
        guard case .double(let value) = busValue else { return nil }
        self = value
    }
    public var busValue: BusValue { .double(self) }
}

extension String: BusValueConvertible {
    public static var busType: BusType { .string }
    public init?(busValue: BusValue) {
        guard case .string(let value) = busValue else { return nil }
        self = value
    }
    public var busValue: BusValue { .string(self) }
}

extension BusObjectPath: BusValueConvertible {
    public static var busType: BusType { .objectPath }
    public init?(busValue: BusValue) {
        guard case .objectPath(let value) = busValue else { return nil }
        self = value
    }
    public var busValue: BusValue { .objectPath(self) }
}

extension BusSignature: BusValueConvertible {
    public static var busType: BusType { .signature }
    public init?(busValue: BusValue) {
        guard case .signature(let value) = busValue else { return nil }
        self = value
    }
    public var busValue: BusValue { .signature(self) }
}

extension Array: BusValueConvertible where Element: BusValueConvertible {
    public static var busType: BusType { .array(Element.busType) }
    public init?(busValue: BusValue) {
        guard case .array(let element, let values) = busValue, element == Element.busType else { return nil }
        var converted: [Element] = []
        converted.reserveCapacity(values.count)
        for value in values {
            guard let element = Element(busValue: value) else { return nil }
            converted.append(element)
        }
        self = converted
    }
    public var busValue: BusValue { .array(element: Element.busType, map(\.busValue)) }
}

extension Dictionary: BusValueConvertible where Key: BusValueConvertible, Value: BusValueConvertible {
    public static var busType: BusType { .dictionary(key: Key.busType, value: Value.busType) }
    public init?(busValue: BusValue) {
        guard case .dictionary(let key, let value, let entries) = busValue, key == Key.busType, value == Value.busType
        else { return nil }
        var converted: [Key: Value] = [:]
        for (entryKey, entryValue) in entries {
            guard let key = Key(busValue: entryKey), let value = Value(busValue: entryValue) else { return nil }
            converted[key] = value
        }
        self = converted
    }
    public var busValue: BusValue {
        .dictionary(
            key: Key.busType, value: Value.busType,
            Dictionary<BusValue, BusValue>(uniqueKeysWithValues: map { ($0.key.busValue, $0.value.busValue) }))
    }
}

/// A variant: any value with its own type (`v`), as `a{sv}` option dictionaries carry them.
///
/// ```swift
/// let options = try call.arguments.decode([String: BusVariant].self)
/// let volume = options["volume"].flatMap { Double(busValue: $0.value) }
/// ```
public struct BusVariant: BusValueConvertible, Hashable {
    /// The value inside the variant.
    public var value: BusValue

    public init(_ value: BusValue) { self.value = value }

    public static var busType: BusType { .variant }
    public init?(busValue: BusValue) {
        guard case .variant(let inner) = busValue else { return nil }
        value = inner
    }
    public var busValue: BusValue { .variant(value) }
}
