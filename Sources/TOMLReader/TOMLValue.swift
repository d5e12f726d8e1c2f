/// A TOML value together with the position it starts at.
///
/// ```swift
/// let document = try TOMLDocument(parsing: "options = [\"mix-with-others\"]")
/// if case .array(let items) = document.root["options"]?.kind {
///     print(items[0].position)   // 1:12
/// }
/// ```
public struct TOMLValue: Sendable, Equatable {
    /// The kinds of value TOML 1.0 has, minus dates and times (not supported by this reader).
    public enum Kind: Sendable, Equatable {
        /// A string, with escapes already resolved.
        case string(String)
        /// A 64-bit signed integer.
        case integer(Int64)
        /// A double-precision float, including infinities and NaN.
        case float(Double)
        /// `true` or `false`.
        case boolean(Bool)
        /// An array; TOML 1.0 lets its elements have different kinds.
        case array([TOMLValue])
        /// A table: a header table, an inline table, a dotted-key table or an element of an array of tables.
        case table(TOMLTable)
    }

    /// What the value is.
    public var kind: Kind
    /// Where the value starts: its first character, or the header for a table.
    public var position: SourcePosition

    /// Creates a value at a position.
    public init(_ kind: Kind, at position: SourcePosition) {
        self.kind = kind
        self.position = position
    }
}
