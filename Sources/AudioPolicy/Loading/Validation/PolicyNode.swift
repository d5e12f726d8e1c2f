import TOMLReader

/// A setting as the validator sees it: what it holds, which file and line it came from, and its key path.
struct PolicyNode {
    enum Content {
        case value(TOMLValue)
        case table(MergedTable)
        case tableList([SourcedValue])
    }

    var content: Content
    var file: String
    /// Where the value starts (for a table, its header or first key).
    var position: SourcePosition
    /// Where the key is written, for problems about the key itself.
    var keyPosition: SourcePosition
    /// `roles.music.options[1]`.
    var path: String

    init(entry: MergedTable.Entry, parentPath: String) {
        content = switch entry.content {
        case .value(let value): .value(value)
        case .table(let table): .table(table)
        case .tableList(let elements): .tableList(elements)
        }
        file = entry.file
        position = switch entry.content {
        case .value(let value): value.position
        case .table(let table): table.position
        case .tableList(let elements): elements.first?.value.position ?? entry.keyPosition
        }
        keyPosition = entry.keyPosition
        path = parentPath.isEmpty ? entry.key : parentPath + "." + entry.key
    }

    init(value: TOMLValue, file: String, path: String) {
        if case .table(let table) = value.kind {
            content = .table(MergedTable(table, file: file, isRoot: false))
        } else {
            content = .value(value)
        }
        self.file = file
        position = value.position
        keyPosition = value.position
        self.path = path
    }

    /// How a message names what was found: `string "low"`, `integer 3`, `a table`, ...
    var foundDescription: String {
        switch content {
        case .table: return "a table"
        case .tableList: return "an array"
        case .value(let value):
            switch value.kind {
            case .string(let text): return "string \"\(text)\""
            case .integer(let number): return "integer \(number)"
            case .float(let number): return "float \(number)"
            case .boolean(let flag): return "boolean \(flag)"
            case .array: return "an array"
            case .table: return "a table"
            }
        }
    }
}
