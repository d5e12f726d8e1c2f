/// One D-Bus value with its type: what travels as a method argument, a reply or a signal field.
///
/// Containers carry their element types, so an empty array still has a signature.
///
/// ```swift
/// let hints: BusValue = .dictionary(key: .string, value: .variant, [
///     .string("volume"): .variant(.double(0.3)),
/// ])
/// hints.type.signature   // "a{sv}"
/// ```
public indirect enum BusValue: Sendable, Hashable {
    case byte(UInt8)
    case boolean(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(BusObjectPath)
    case signature(BusSignature)
    /// A value of any type, carrying its own signature.
    case variant(BusValue)
    /// An array whose elements all have type `element`.
    case array(element: BusType, [BusValue])
    /// A dictionary (`a{KV}`); keys have the basic type `key`, values type `value`.
    case dictionary(key: BusType, value: BusType, [BusValue: BusValue])
    /// A struct of one or more fields.
    case structure([BusValue])

    /// The value's complete type.
    public var type: BusType {
        switch self {
        case .byte: .byte
        case .boolean: .boolean
        case .int16: .int16
        case .uint16: .uint16
        case .int32: .int32
        case .uint32: .uint32
        case .int64: .int64
        case .uint64: .uint64
        case .double: .double
        case .string: .string
        case .objectPath: .objectPath
        case .signature: .signature
        case .variant: .variant
        case .array(let element, _): .array(element)
        case .dictionary(let key, let value, _): .dictionary(key: key, value: value)
        case .structure(let fields): .structure(fields.map(\.type))
        }
    }
}
