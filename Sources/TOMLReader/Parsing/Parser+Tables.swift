// TOML's rules about which table may be defined, extended or appended to, and by what.
extension Parser {
    /// `[a.b.c]`: defines table `c`, creating `a` and `b` as needed, and makes it current.
    mutating func openTable(_ parts: [KeyPart], at header: SourcePosition) throws(TOMLError) {
        let (parent, parentPath) = try walkToParent(of: parts, header: header)
        guard let last = parts.last else { return }
        let path = join(parentPath, last.displayName)
        switch parent.slot(named: last.name)?.content {
        case nil:
            let table = TableBuilder(origin: .header, position: header, depth: parts.count)
            parent.insert(.init(name: last.name, keyPosition: last.position, content: .table(table)))
            current = table
        case .table(let table) where table.origin == .implicit:
            table.origin = .header
            table.position = header
            current = table
        case .table(let table) where table.origin == .dotted:
            throw error("table [\(path)] is already defined by dotted keys at line \(table.position.line)", at: header)
        case .table(let table):
            throw error("table [\(path)] defined twice (first defined at line \(table.position.line))", at: header)
        case .tableArray(let array):
            throw error("table [\(path)] conflicts with array of tables [[\(path)]] at line \(array.position.line)", at: header)
        case .value(let value):
            throw error("table [\(path)] conflicts with key '\(path)' defined at line \(value.position.line)", at: header)
        }
        currentPath = path
    }

    /// `[[a.b]]`: appends a new table to the array of tables `b` and makes it current.
    mutating func openTableArrayElement(_ parts: [KeyPart], at header: SourcePosition) throws(TOMLError) {
        let (parent, parentPath) = try walkToParent(of: parts, header: header)
        guard let last = parts.last else { return }
        let path = join(parentPath, last.displayName)
        let element = TableBuilder(origin: .header, position: header, depth: parts.count)
        switch parent.slot(named: last.name)?.content {
        case nil:
            let array = TableArrayBuilder(first: element, position: header)
            parent.insert(.init(name: last.name, keyPosition: last.position, content: .tableArray(array)))
            currentPath = path + "[0]"
        case .tableArray(let array):
            currentPath = path + "[\(array.elements.count)]"
            array.append(element)
        case .table(let table):
            throw error("array of tables [[\(path)]] conflicts with table [\(path)] at line \(table.position.line)", at: header)
        case .value(let value) where value.array != nil:
            throw error("cannot append to the static array '\(path)' defined at line \(value.position.line)", at: header)
        case .value(let value):
            throw error("array of tables [[\(path)]] conflicts with key '\(path)' defined at line \(value.position.line)", at: header)
        }
        current = element
    }

    /// Follows every part of a header but the last, creating implicit tables on the way;
    /// through an array of tables it goes into the last element.
    private func walkToParent(of parts: [KeyPart], header: SourcePosition) throws(TOMLError) -> (TableBuilder, String) {
        var table = root
        var path = ""
        for (level, part) in parts.dropLast().enumerated() {
            path = join(path, part.displayName)
            switch table.slot(named: part.name)?.content {
            case nil:
                let created = TableBuilder(origin: .implicit, position: header, depth: level + 1)
                table.insert(.init(name: part.name, keyPosition: part.position, content: .table(created)))
                table = created
            case .table(let next):
                table = next
            case .tableArray(let array):
                guard let lastElement = array.elements.last else { return (table, path) }
                table = lastElement
                path += "[\(array.elements.count - 1)]"
            case .value(let value) where value.table != nil:
                throw error("cannot extend the inline table '\(path)' defined at line \(value.position.line)", at: header)
            case .value(let value):
                throw error("'\(path)' is \(article(value.typeName)) defined at line \(value.position.line), not a table", at: header)
            }
        }
        return (table, path)
    }

    /// Stores `value` under a possibly dotted key, creating the dotted tables it names.
    func insert(_ value: TOMLValue, at parts: [KeyPart], into start: TableBuilder, path startPath: String) throws(TOMLError) {
        var table = start
        var path = startPath
        for part in parts.dropLast() {
            path = join(path, part.displayName)
            switch table.slot(named: part.name)?.content {
            case nil:
                let created = TableBuilder(origin: .dotted, position: part.position, depth: table.depth + 1)
                table.insert(.init(name: part.name, keyPosition: part.position, content: .table(created)))
                table = created
            case .table(let next) where next.origin == .dotted:
                table = next
            case .table(let next):
                throw error(
                    "dotted key '\(KeyPart.display(parts))' cannot add to table [\(path)] defined at line \(next.position.line); write the key under that header",
                    at: part.position)
            case .tableArray(let array):
                throw error(
                    "dotted key '\(KeyPart.display(parts))' cannot add to array of tables [[\(path)]] defined at line \(array.position.line)",
                    at: part.position)
            case .value(let existing) where existing.table != nil:
                throw error("cannot extend the inline table '\(path)' defined at line \(existing.position.line)", at: part.position)
            case .value(let existing):
                throw error(
                    "'\(path)' is \(article(existing.typeName)) defined at line \(existing.position.line), not a table",
                    at: part.position)
            }
        }
        guard let last = parts.last else { return }
        path = join(path, last.displayName)
        if let existing = table.slot(named: last.name) {
            throw error("duplicate key '\(path)' (first defined at line \(existing.keyPosition.line))", at: last.position)
        }
        table.insert(.init(name: last.name, keyPosition: last.position, content: .value(value)))
    }

    func join(_ path: String, _ name: String) -> String {
        path.isEmpty ? name : path + "." + name
    }

    private func article(_ typeName: String) -> String {
        let vowel = typeName.first.map { "aeiou".contains($0) } ?? false
        return (vowel ? "an " : "a ") + typeName
    }
}
