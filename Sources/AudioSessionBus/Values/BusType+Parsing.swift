extension BusType {
    /// Parses one complete type, e.g. `a{sv}`; throws `InvalidArgs` for anything else.
    ///
    /// ```swift
    /// let type = try BusType(signature: "a{sa(ii)}")
    /// ```
    public init(signature: String) throws(BusError) {
        let types = try BusType.list(signature: signature)
        guard types.count == 1, let only = types.first else {
            throw BusError(.invalidSignature, "'\(signature)' is not a single complete type")
        }
        self = only
    }

    /// Parses a signature of zero or more complete types, e.g. `sia{sv}`.
    ///
    /// ```swift
    /// let types = try BusType.list(signature: "si")   // [.string, .int32]
    /// ```
    public static func list(signature: String) throws(BusError) -> [BusType] {
        var parser = SignatureParser(bytes: Array(signature.utf8), text: signature)
        var types: [BusType] = []
        while !parser.atEnd { types.append(try parser.completeType(depth: 0)) }
        guard signature.utf8.count <= 255 else {
            throw BusError(.invalidSignature, "signature '\(signature)' is longer than 255 bytes")
        }
        return types
    }
}

/// A recursive-descent reader of D-Bus signatures (the grammar is small enough to do by hand;
/// libdbus validates it again when a message is built).
private struct SignatureParser {
    let bytes: [UInt8]
    let text: String
    var index = 0

    /// The D-Bus specification's limit on array and struct nesting (32 each).
    static let maximumDepth = 64

    var atEnd: Bool { index >= bytes.count }

    mutating func completeType(depth: Int) throws(BusError) -> BusType {
        guard depth <= Self.maximumDepth else { throw invalid("nested too deeply") }
        guard index < bytes.count else { throw invalid("ends in the middle of a type") }
        let code = bytes[index]
        index += 1
        switch code {
        case UInt8(ascii: "y"): return .byte
        case UInt8(ascii: "b"): return .boolean
        case UInt8(ascii: "n"): return .int16
        case UInt8(ascii: "q"): return .uint16
        case UInt8(ascii: "i"): return .int32
        case UInt8(ascii: "u"): return .uint32
        case UInt8(ascii: "x"): return .int64
        case UInt8(ascii: "t"): return .uint64
        case UInt8(ascii: "d"): return .double
        case UInt8(ascii: "s"): return .string
        case UInt8(ascii: "o"): return .objectPath
        case UInt8(ascii: "g"): return .signature
        case UInt8(ascii: "v"): return .variant
        case UInt8(ascii: "a"):
            if index < bytes.count, bytes[index] == UInt8(ascii: "{") {
                index += 1
                let key = try completeType(depth: depth + 1)
                guard key.isBasic else { throw invalid("dictionary key \(key) is not a basic type") }
                let value = try completeType(depth: depth + 1)
                guard index < bytes.count, bytes[index] == UInt8(ascii: "}") else {
                    throw invalid("a dictionary entry has exactly one key and one value")
                }
                index += 1
                return .dictionary(key: key, value: value)
            }
            return .array(try completeType(depth: depth + 1))
        case UInt8(ascii: "("):
            var fields: [BusType] = []
            while index < bytes.count, bytes[index] != UInt8(ascii: ")") {
                fields.append(try completeType(depth: depth + 1))
            }
            guard index < bytes.count else { throw invalid("a struct is not closed") }
            index += 1
            guard !fields.isEmpty else { throw invalid("a struct needs at least one field") }
            return .structure(fields)
        case UInt8(ascii: "h"):
            throw invalid("unix file descriptors (h) are not supported")
        default:
            throw invalid("'\(String(UnicodeScalar(code)))' is not a type code")
        }
    }

    func invalid(_ reason: String) -> BusError {
        BusError(.invalidSignature, "signature '\(text)': \(reason)")
    }
}
