// Arrays and dictionaries of convertible types: `aT` and `a{KV}`.

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
