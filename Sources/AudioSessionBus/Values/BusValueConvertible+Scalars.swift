// The basic D-Bus types, each as the Swift type of the same range.

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
