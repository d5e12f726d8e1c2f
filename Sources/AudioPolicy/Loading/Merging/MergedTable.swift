import TOMLReader

/// A policy table merged from a base file and its fragments; every entry remembers its file.
///
/// Merge rules (documented in docs/policy-format.md): tables merge key by key; the top-level
/// arrays of tables (`[[rank]]`, `[[app]]`, `[[exclude]]`, `[[include]]`) append, because a fragment usually adds a
/// rule rather than restating all of them; everything else (scalars, plain arrays such as
/// `options`) is replaced whole by the later file.
struct MergedTable {
    /// What a key holds after merging.
    enum Content {
        /// A value taken whole from one file.
        case value(TOMLValue)
        /// A table whose keys may come from several files.
        case table(MergedTable)
        /// The elements of an appending array of tables, each from its own file.
        case tableList([SourcedValue])
    }

    /// One key after merging.
    struct Entry {
        var key: String
        var keyPosition: SourcePosition
        /// The file that last set this key.
        var file: String
        var content: Content
    }

    /// The top-level keys whose arrays append across files instead of being replaced.
    static let appendingKeys: Set<String> = ["rank", "app", "exclude", "include"]

    private(set) var entries: [Entry] = []
    /// Where each key is in `entries`, so merging a fragment costs its size, not its size times ours.
    private var indexByKey: [String: Int] = [:]
    var position: SourcePosition
    /// The file that introduced the table.
    var file: String

    /// The table of one file, before any merging.
    init(_ table: TOMLTable, file: String, isRoot: Bool) {
        position = table.position
        self.file = file
        for entry in table.entries { append(Self.entry(from: entry, file: file, isRoot: isRoot)) }
    }

    func entry(for key: String) -> Entry? {
        indexByKey[key].map { entries[$0] }
    }

    private mutating func append(_ entry: Entry) {
        indexByKey[entry.key] = entries.count
        entries.append(entry)
    }

    /// Applies a later file's table over this one.
    mutating func merge(_ later: TOMLTable, file: String, isRoot: Bool) {
        for laterEntry in later.entries {
            guard let index = indexByKey[laterEntry.key] else {
                append(Self.entry(from: laterEntry, file: file, isRoot: isRoot))
                continue
            }
            switch (entries[index].content, laterEntry.value.kind) {
            case (.table(var table), .table(let laterTable)):
                table.merge(laterTable, file: file, isRoot: false)
                entries[index].content = .table(table)
            case (.tableList(let elements), .array(let laterElements)) where isRoot:
                let appended = laterElements.map { SourcedValue(value: $0, file: file) }
                entries[index].content = .tableList(elements + appended)
            default:
                entries[index] = Self.entry(from: laterEntry, file: file, isRoot: isRoot)
            }
        }
    }

    private static func entry(from entry: TOMLTable.Entry, file: String, isRoot: Bool) -> Entry {
        let content: Content
        switch entry.value.kind {
        case .table(let table):
            content = .table(MergedTable(table, file: file, isRoot: false))
        case .array(let elements) where isRoot && appendingKeys.contains(entry.key):
            content = .tableList(elements.map { SourcedValue(value: $0, file: file) })
        default:
            content = .value(entry.value)
        }
        return Entry(key: entry.key, keyPosition: entry.keyPosition, file: file, content: content)
    }
}
