/// A D-Bus signature (zero or more complete types) as a value, valid by construction.
///
/// ```swift
/// let signature = try BusSignature(validating: "a{sv}")
/// signature.types   // [.dictionary(key: .string, value: .variant)]
/// ```
public struct BusSignature: Sendable, Hashable, CustomStringConvertible {
    /// The signature text.
    public let rawValue: String
    /// The complete types it lists.
    public let types: [BusType]

    /// Parses `text`; throws `InvalidSignature` if it is not a valid signature.
    public init(validating text: String) throws(BusError) {
        types = try BusType.list(signature: text)
        rawValue = text
    }

    /// The signature of `types`, in order.
    public init(_ types: [BusType]) {
        self.types = types
        rawValue = types.map(\.signature).joined()
    }

    public var description: String { rawValue }

    public static func == (lhs: BusSignature, rhs: BusSignature) -> Bool { lhs.rawValue == rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
