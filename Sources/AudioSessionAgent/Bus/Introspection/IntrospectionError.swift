/// Introspection data that is not well-formed XML, or not a valid D-Bus introspection document.
///
/// The message says where (line and column for XML, the element path for introspection) and what
/// was expected.
///
/// ```swift
/// do { _ = try IntrospectionDocument(xml: "<node><interface name=\"a.b\"></node>") } catch {
///     print(error)  // line 1, column 29: </node> closes <interface> opened at line 1, column 7
/// }
/// ```
public struct IntrospectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line the problem is on (1-based), when the XML itself is at fault.
    public let line: Int?
    /// The column the problem is at (1-based, in bytes), when the XML itself is at fault.
    public let column: Int?
    /// What is wrong and what was expected.
    public let message: String

    /// A well-formedness problem at a place in the text.
    init(line: Int, column: Int, _ message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// A problem with the introspection structure, found in well-formed XML.
    init(_ message: String) {
        self.line = nil
        self.column = nil
        self.message = message
    }

    /// Whether the text is not well-formed XML (as opposed to well-formed XML that is not valid introspection).
    public var isMalformedXML: Bool { line != nil }

    /// Where, then what.
    public var description: String {
        guard let line, let column else { return message }
        return "line \(line), column \(column): \(message)"
    }
}
