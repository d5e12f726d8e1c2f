/// A table while the document is being read: mutable, shared by reference so headers and dotted
/// keys can reach into it, and aware of how it came to exist (TOML's redefinition rules depend on it).
final class TableBuilder {
    /// How the table came to exist; decides whether a later header or dotted key may extend it.
    enum Origin {
        /// Created as a parent of a header (`[a.b]` creates `a`); one later `[a]` may still define it.
        case implicit
        /// Defined by its own `[header]` or as an element of `[[header]]`.
        case header
        /// Created by a dotted key (`a.b = 1` creates `a`); only further dotted keys may extend it.
        case dotted
        /// The document's root or an inline table's own builder.
        case root
    }

    /// What a key holds.
    enum Content {
        /// A finished value: scalar, static array or inline table. Nothing can be added to it.
        case value(TOMLValue)
        /// A table that may still grow.
        case table(TableBuilder)
        /// An array of tables (`[[name]]`); new headers append to it.
        case tableArray(TableArrayBuilder)
    }

    /// One key of the table.
    struct Slot {
        var name: String
        var keyPosition: SourcePosition
        var content: Content
    }

    var origin: Origin
    var position: SourcePosition
    /// How many tables, arrays and dotted-key parts enclose this table's keys (the root is 0);
    /// the parser bounds it so reading, merging and comparing a document never exhausts a stack.
    let depth: Int
    private(set) var slots: [Slot] = []
    private var indexByName: [String: Int] = [:]

    init(origin: Origin, position: SourcePosition, depth: Int) {
        self.origin = origin
        self.position = position
        self.depth = depth
    }

    func slot(named name: String) -> Slot? {
        guard let index = indexByName[name] else { return nil }
        return slots[index]
    }

    func insert(_ slot: Slot) {
        indexByName[slot.name] = slots.count
        slots.append(slot)
    }

    /// The finished, immutable table.
    func build() -> TOMLTable {
        let entries = slots.map { slot -> TOMLTable.Entry in
            let value: TOMLValue
            switch slot.content {
            case .value(let finished):
                value = finished
            case .table(let table):
                value = TOMLValue(.table(table.build()), at: table.position)
            case .tableArray(let array):
                let elements = array.elements.map { TOMLValue(.table($0.build()), at: $0.position) }
                value = TOMLValue(.array(elements), at: array.position)
            }
            return TOMLTable.Entry(key: slot.name, keyPosition: slot.keyPosition, value: value)
        }
        return TOMLTable(entries: entries, at: position)
    }
}
