extension InterfaceDescription {
    /// How `other` (say, what the running agent introspects as) differs from this contract, one
    /// line per difference; empty when they agree on every member, argument name, type and direction.
    ///
    /// ```swift
    /// let contract = try IntrospectionDocument(xml: AgentInterface.introspectionXML).interface(named: AgentInterface.name)
    /// let served = try IntrospectionDocument(xml: replyOfIntrospect).interface(named: AgentInterface.name)
    /// contract?.differences(from: served!)  // [] when the agent serves the contract
    /// ```
    public func differences(from other: InterfaceDescription) -> [String] {
        var found: [String] = []
        if name != other.name { found.append("interface \(name) is named \(other.name)") }
        compare("method", methods, other.methods, into: &found) { mine, theirs in
            Self.describe(mine.inputs, theirs.inputs, "in") + Self.describe(mine.outputs, theirs.outputs, "out")
        }
        compare("signal", signals, other.signals, into: &found) { mine, theirs in
            Self.describe(mine.arguments, theirs.arguments, "")
        }
        compare("property", properties, other.properties, into: &found) { mine, theirs in
            (mine.type == theirs.type ? [] : ["type \(mine.type) became \(theirs.type)"])
                + (mine.access == theirs.access ? [] : ["access \(mine.access.rawValue) became \(theirs.access.rawValue)"])
        }
        if Set(annotations) != Set(other.annotations) { found.append("interface annotations differ") }
        return found
    }

    private func compare<Member: Hashable>(
        _ kind: String, _ mine: [Member], _ theirs: [Member], into found: inout [String],
        by details: (Member, Member) -> [String]
    ) where Member: NamedMember {
        for member in mine {
            guard let match = theirs.first(where: { $0.name == member.name }) else {
                found.append("\(kind) \(member.name) is missing")
                continue
            }
            found += details(member, match).map { "\(kind) \(member.name): \($0)" }
            if member != match && details(member, match).isEmpty {
                found.append("\(kind) \(member.name): annotations differ")
            }
        }
        for member in theirs where !mine.contains(where: { $0.name == member.name }) {
            found.append("\(kind) \(member.name) is not in the contract")
        }
    }

    private static func describe(_ mine: [ArgumentDescription], _ theirs: [ArgumentDescription], _ direction: String) -> [String] {
        let label = direction.isEmpty ? "arguments" : "\(direction) arguments"
        guard mine != theirs else { return [] }
        return ["\(label) \(render(mine)) became \(render(theirs))"]
    }

    private static func render(_ arguments: [ArgumentDescription]) -> String {
        "(" + arguments.map { "\($0.name ?? "_"): \($0.type)" }.joined(separator: ", ") + ")"
    }
}
