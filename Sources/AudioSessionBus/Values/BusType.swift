/// The type of a D-Bus value, as one complete type in a D-Bus signature.
///
/// ```swift
/// let type = BusType.dictionary(key: .string, value: .variant)
/// type.signature   // "a{sv}"
/// try BusType(signature: "a(sv)")   // .array(.structure([.string, .variant]))
/// ```
public indirect enum BusType: Sendable, Hashable {
    case byte
    case boolean
    case int16
    case uint16
    case int32
    case uint32
    case int64
    case uint64
    case double
    case string
    case objectPath
    case signature
    case variant
    /// An array of elements of one type (`aT`).
    case array(BusType)
    /// A dictionary (`a{KV}`); the key is a basic type.
    case dictionary(key: BusType, value: BusType)
    /// A struct of one or more fields (`(T...)`).
    case structure([BusType])

    /// The type's signature, e.g. `a{sv}`.
    public var signature: String {
        switch self {
        case .array(let element): "a" + element.signature
        case .dictionary(let key, let value): "a{" + key.signature + value.signature + "}"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        default: String(UnicodeScalar(typeCode))
        }
    }

    /// A readable name with the signature, as error messages show it: `string (s)`.
    public var descriptionWithSignature: String { "\(name) (\(signature))" }

    /// The readable name of the type: `int32`, `array`, `dictionary`, ...
    public var name: String {
        switch self {
        case .byte: "byte"
        case .boolean: "boolean"
        case .int16: "int16"
        case .uint16: "uint16"
        case .int32: "int32"
        case .uint32: "uint32"
        case .int64: "int64"
        case .uint64: "uint64"
        case .double: "double"
        case .string: "string"
        case .objectPath: "object path"
        case .signature: "signature"
        case .variant: "variant"
        case .array: "array"
        case .dictionary: "dictionary"
        case .structure: "struct"
        }
    }

    /// Whether the type is basic (fixed or string-like): only basic types may be dictionary keys.
    public var isBasic: Bool {
        switch self {
        case .variant, .array, .dictionary, .structure: false
        default: true
        }
    }

    /// The ASCII type code of the outermost type, as libdbus's `DBUS_TYPE_*` constants carry it.
    var typeCode: UInt8 {
        switch self {
        case .byte: UInt8(ascii: "y")
        case .boolean: UInt8(ascii: "b")
        case .int16: UInt8(ascii: "n")
        case .uint16: UInt8(ascii: "q")
        case .int32: UInt8(ascii: "i")
        case .uint32: UInt8(ascii: "u")
        case .int64: UInt8(ascii: "x")
        case .uint64: UInt8(ascii: "t")
        case .double: UInt8(ascii: "d")
        case .string: UInt8(ascii: "s")
        case .objectPath: UInt8(ascii: "o")
        case .signature: UInt8(ascii: "g")
        case .variant: UInt8(ascii: "v")
        case .array, .dictionary: UInt8(ascii: "a")
        case .structure: UInt8(ascii: "r")
        }
    }
}

extension BusType: CustomStringConvertible {
    public var description: String { descriptionWithSignature }
}
