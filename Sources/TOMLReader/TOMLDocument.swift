/// A parsed TOML 1.0 document.
///
/// The reader needs no Foundation, keeps keys in document order, and records the position of
/// every key and value so that whoever checks the content can say where a problem is.
/// Offset date-times, local date-times, dates and times are rejected with a "not supported" error.
///
/// Reading takes time linear in the text, and values may be nested at most 64 deep (tables,
/// dotted-key parts, arrays and inline tables count together), so a hostile file gets an error,
/// never a hang or a stack overflow.
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
        var parser = Parser(Array(text.utf8))
        root = try parser.parseDocument()
    }

    /// Parses a file's bytes, which must be UTF-8.
    ///
    /// Unlike decoding the bytes into a `String` first, which turns every invalid byte into
    /// U+FFFD, this refuses the first byte that is not UTF-8 and says where it is, as TOML 1.0
    /// requires:
    ///
    /// ```swift
    /// do {
    ///     _ = try TOMLDocument(parsingUTF8: Array("app = \"caf".utf8) + [0xE9, 0x22])
    /// } catch {
    ///     print(error)   // 1:11: invalid UTF-8 at byte 0xE9; a TOML file must be encoded in UTF-8
    /// }
    /// ```
    ///
    /// - Throws: ``TOMLError`` at the first invalid byte, or the first syntax or structure error.
    public init(parsingUTF8 bytes: [UInt8]) throws(TOMLError) {
        var parser = Parser(bytes)
        root = try parser.parseDocument()
    }
}
