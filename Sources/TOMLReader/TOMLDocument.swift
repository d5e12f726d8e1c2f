/// A parsed TOML 1.0 document.
///
/// The reader needs no Foundation, keeps keys in document order, and records the position of
/// every key and value so that whoever checks the content can say where a problem is.
/// Offset date-times, local date-times, dates and times are rejected with a "not supported" error.
///
/// ```swift
/// let document = try TOMLDocument(parsing: """
///     version = 1
///     [ducking]
///     level = 0.3
///     """)
/// document.root["ducking"]?.table?["level"]?.number   // 0.3
/// ```
public struct TOMLDocument: Sendable, Equatable {
    /// The top-level table.
    public var root: TOMLTable

    /// Parses TOML text.
    ///
    /// - Throws: ``TOMLError`` at the first syntax or structure error, with its line and column.
    public init(parsing text: String) throws(TOMLError) {
        var parser = Parser(text)
        root = try parser.parseDocument()
    }
}
