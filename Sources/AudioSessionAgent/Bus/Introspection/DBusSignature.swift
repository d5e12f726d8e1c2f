/// Checks D-Bus type signatures as the specification defines them.
///
/// ```swift
/// DBusSignature.isSingleCompleteType("a{sv}")        // true
/// DBusSignature.isSingleCompleteType("ss")           // false: two types
/// DBusSignature.isSingleCompleteType("a{vs}")        // false: a dict key must be basic
/// ```
public enum DBusSignature {
    /// The longest signature the specification allows.
    public static let maximumLength = 255
    /// The deepest nesting of arrays, and separately of structs, the specification allows.
    public static let maximumDepth = 32

    /// Whether `signature` is exactly one complete type (what an `<arg>` or `<property>` takes).
    public static func isSingleCompleteType(_ signature: String) -> Bool {
        types(in: signature) == 1
    }

    /// Whether `signature` is a sequence of zero or more complete types (a message body).
    public static func isValid(_ signature: String) -> Bool {
        types(in: signature) != nil
    }

    /// How many complete types `signature` holds, or `nil` when it is not valid.
    static func types(in signature: String) -> Int? {
        let codes = Array(signature.utf8)
        guard codes.count <= maximumLength else { return nil }
        var scanner = Scanner(codes: codes)
        var count = 0
        while scanner.index < codes.count {
            guard scanner.completeType(arrays: 0, structs: 0) else { return nil }
            count += 1
        }
        return count
    }

    private static let basicCodes = Set("ybnqiuxtdhsog".utf8)

    private struct Scanner {
        let codes: [UInt8]
        var index = 0

        mutating func completeType(arrays: Int, structs: Int) -> Bool {
            guard index < codes.count else { return false }
            let code = codes[index]
            index += 1
            switch code {
            case _ where DBusSignature.basicCodes.contains(code), UInt8(ascii: "v"):
                return true
            case UInt8(ascii: "a"):
                guard arrays < DBusSignature.maximumDepth else { return false }
                if index < codes.count && codes[index] == UInt8(ascii: "{") {
                    index += 1
                    return dictEntry(arrays: arrays + 1, structs: structs)
                }
                return completeType(arrays: arrays + 1, structs: structs)
            case UInt8(ascii: "("):
                guard structs < DBusSignature.maximumDepth else { return false }
                var members = 0
                while index < codes.count && codes[index] != UInt8(ascii: ")") {
                    guard completeType(arrays: arrays, structs: structs + 1) else { return false }
                    members += 1
                }
                guard index < codes.count, members > 0 else { return false }
                index += 1
                return true
            default:
                return false
            }
        }

        /// `{` has been read: a basic key, one complete value, `}`.
        mutating func dictEntry(arrays: Int, structs: Int) -> Bool {
            guard index < codes.count, DBusSignature.basicCodes.contains(codes[index]) else { return false }
            index += 1
            guard completeType(arrays: arrays, structs: structs + 1) else { return false }
            guard index < codes.count, codes[index] == UInt8(ascii: "}") else { return false }
            index += 1
            return true
        }
    }
}
