import TOMLReader

// Typed readers: each returns the value when it is right, reports a problem and returns nil otherwise.
extension PolicyValidator {
    mutating func boolean(_ node: PolicyNode) -> Bool? {
        if case .value(let value) = node.content, let flag = value.boolean { return flag }
        report("expected true or false, found \(node.foundDescription)", at: node)
        return nil
    }

    /// A number (integer or float) within `range`.
    mutating func number(_ node: PolicyNode, in range: ClosedRange<Double>, unit: String = "") -> Double? {
        let expected = "a number from \(range.lowerBound) to \(range.upperBound)\(unit)"
        guard case .value(let value) = node.content, let number = value.number else {
            report("expected \(expected), found \(node.foundDescription)", at: node)
            return nil
        }
        guard range.contains(number) else {
            report("\(Self.show(value)) is out of range; expected \(expected)", at: node)
            return nil
        }
        return number
    }

    /// A whole number within `range`.
    mutating func integer(_ node: PolicyNode, in range: ClosedRange<Int>, unit: String = "") -> Int? {
        let expected = "a whole number from \(range.lowerBound) to \(range.upperBound)\(unit)"
        guard case .value(let value) = node.content, let number = value.integer else {
            report("expected \(expected), found \(node.foundDescription)", at: node)
            return nil
        }
        guard number >= Int64(range.lowerBound), number <= Int64(range.upperBound) else {
            report("\(number) is out of range; expected \(expected)", at: node)
            return nil
        }
        return Int(number)
    }

    mutating func string(_ node: PolicyNode, expected: String = "a string") -> String? {
        if case .value(let value) = node.content, let text = value.string { return text }
        report("expected \(expected), found \(node.foundDescription)", at: node)
        return nil
    }

    mutating func table(_ node: PolicyNode) -> MergedTable? {
        if case .table(let table) = node.content { return table }
        report("expected a table, found \(node.foundDescription)", at: node)
        return nil
    }

    /// An array of strings; each element's node comes along so later checks can point at it.
    mutating func stringList(_ node: PolicyNode, expected: String = "strings") -> [(String, PolicyNode)]? {
        guard case .value(let value) = node.content, let elements = value.array else {
            report("expected an array of \(expected), found \(node.foundDescription)", at: node)
            return nil
        }
        var result: [(String, PolicyNode)] = []
        var allStrings = true
        for (index, element) in elements.enumerated() {
            let elementNode = PolicyNode(value: element, file: node.file, path: "\(node.path)[\(index)]")
            guard let text = string(elementNode, expected: "a string") else {
                allStrings = false
                continue
            }
            result.append((text, elementNode))
        }
        return allStrings ? result : nil
    }

    /// One of a fixed set of names (a category, a mode, an option, a role), as kebab-case text.
    mutating func name<Name>(_ text: String, at node: PolicyNode, kind: String, accepted: [(String, Name)]) -> Name? {
        if let match = accepted.first(where: { $0.0 == text }) { return match.1 }
        let names = accepted.map(\.0)
        report(Self.unknownMessage(kind: kind, name: text, accepted: names), at: node)
        return nil
    }

    /// `unknown option "duck-other"; expected one of: mix-with-others, duck-others, ...; did you mean "duck-others"?`
    static func unknownMessage(kind: String, name: String, accepted: [String]) -> String {
        var message = "unknown \(kind) \"\(ProblemText.abbreviated(name, to: 64))\"; expected one of: " + accepted.joined(separator: ", ")
        if let suggestion = NearestName.suggestion(for: name, among: accepted) {
            message += "; did you mean \"\(suggestion)\"?"
        }
        return message
    }

    static func show(_ value: TOMLValue) -> String {
        switch value.kind {
        case .integer(let number): String(number)
        case .float(let number): String(number)
        default: ""
        }
    }
}
