/// A place in a TOML document: 1-based line and column.
///
/// Columns count Unicode scalars, not bytes, so a position points at the character a person sees
/// in an editor.
///
/// ```swift
/// let document = try TOMLDocument(parsing: "level = 0.3")
/// document.root.entry(for: "level")?.value.position   // 1:9
/// ```
public struct SourcePosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The line, starting at 1.
    public var line: Int
    /// The column, starting at 1, in Unicode scalars.
    public var column: Int

    /// Creates a position from a 1-based line and column.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`, the form editors and compilers use.
    public var description: String { "\(line):\(column)" }

    /// Orders positions as they appear in the document.
    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
