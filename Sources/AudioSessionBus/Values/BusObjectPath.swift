/// A D-Bus object path such as `/org/audiosession/Agent`, valid by construction.
///
/// ```swift
/// let path = try BusObjectPath(validating: "/org/audiosession/Agent")
/// let root: BusObjectPath = "/"
/// ```
public struct BusObjectPath: Sendable, Hashable, CustomStringConvertible {
    /// The path text.
    public let rawValue: String

    /// Checks `text` against the D-Bus rules: starts with `/`, elements of `[A-Za-z0-9_]`
    /// separated by single slashes, no trailing slash except for the root path.
    public init(validating text: String) throws(BusError) {
        guard BusObjectPath.isValid(text) else {
            throw BusError(.invalidArgs, "'\(text)' is not a valid object path (like /org/example/Object)")
        }
        rawValue = text
    }

    public var description: String { rawValue }

    /// Whether `text` is a valid object path.
    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.first == UInt8(ascii: "/") else { return false }
        if bytes.count == 1 { return true }
        guard bytes.last != UInt8(ascii: "/") else { return false }
        var previousWasSlash = false
        for byte in bytes {
            if byte == UInt8(ascii: "/") {
                if previousWasSlash { return false }
                previousWasSlash = true
            } else {
                guard isElementCharacter(byte) else { return false }
                previousWasSlash = false
            }
        }
        return true
    }

    private static func isElementCharacter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
    }
}

extension BusObjectPath: ExpressibleByStringLiteral {
    /// A path written in the source; an invalid literal is a programming error and stops the program.
    public init(stringLiteral value: String) {
        precondition(BusObjectPath.isValid(value), "'\(value)' is not a valid D-Bus object path")
        rawValue = value
    }
}
