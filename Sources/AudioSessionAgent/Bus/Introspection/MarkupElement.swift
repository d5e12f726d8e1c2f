/// One element of a parsed XML document, with where it started.
struct MarkupElement: Hashable, Sendable {
    var name: String
    /// Attribute values by name (the reader refuses duplicate names).
    var attributes: [String: String]
    var children: [MarkupElement]
    /// The element's own character data, concatenated (entity references resolved).
    var text: String
    var line: Int
    var column: Int
}
