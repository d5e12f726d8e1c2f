/// A TOML table: keys in document order, each with the position of its key and its value.
///
/// ```swift
/// let document = try TOMLDocument(parsing: """
///     [ducking]
///     level = 0.3
///     """)
/// let ducking = document.root["ducking"]?.table
/// ducking?.entry(for: "level")?.keyPosition   // 2:1
/// ```
public struct TOMLTable: Sendable, Equatable {
    /// One key of a table.
    public struct Entry: Sendable, Equatable {
        /// The key, unquoted.
        public var key: String
        /// Where the key is written (for a dotted key, where this part of it is written).
        public var keyPosition: SourcePosition
        /// The value.
        public var value: TOMLValue

        /// Creates an entry.
        public init(key: String, keyPosition: SourcePosition, value: TOMLValue) {
            self.key = key
            self.keyPosition = keyPosition
            self.value = value
        }
    }

    /// The entries in the order their keys first appear in the document.
    public var entries: [Entry]
    /// Where the table is introduced: its header, its `{`, the first dotted key that created it,
    /// or 1:1 for the document's root.
    public var position: SourcePosition

    /// Creates a table from entries; keys must be unique.
    public init(entries: [Entry] = [], at position: SourcePosition = SourcePosition(line: 1, column: 1)) {
        self.entries = entries
        self.position = position
    }

    /// The keys in document order.
    public var keys: [String] { entries.map(\.key) }

    /// The entry for a key, or `nil` when the table has no such key.
    public func entry(for key: String) -> Entry? {
        entries.first { $0.key == key }
    }

    /// The value for a key, or `nil` when the table has no such key.
    public subscript(key: String) -> TOMLValue? {
        entry(for: key)?.value
    }
}
