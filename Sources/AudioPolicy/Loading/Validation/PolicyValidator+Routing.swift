import AudioSessionModel

// `[routing]`: where audio goes when devices come and go.
extension PolicyValidator {
    static let routingKeys = [
        "last-in-wins", "last-in-wins-port-types", "pause-on-unplug", "pause-on-unplug-port-types", "unplug-silence-ms",
        "call-output-port-types", "call-input-port-types",
    ]
    /// An hour: longer than any reason to keep a fallen-back stream muted.
    static let maximumUnplugSilenceMilliseconds = 3_600_000
    static let portTypes = PortType.allCases.map { ($0.kebabName, $0) }

    mutating func validateRouting(_ table: MergedTable, path: String) -> Policy.Routing {
        var routing = Policy.Routing()
        rejectUnknownKeys(in: table, path: path, known: Self.routingKeys)
        if let node = child("last-in-wins", of: table, path: path), let value = boolean(node) { routing.lastInWins = value }
        if let types = portTypeList("last-in-wins-port-types", in: table, path: path) { routing.lastInWinsPortTypes = types }
        if let node = child("pause-on-unplug", of: table, path: path), let value = boolean(node) {
            routing.pauseOnUnplug = value
        }
        if let types = portTypeList("pause-on-unplug-port-types", in: table, path: path) {
            routing.pauseOnUnplugPortTypes = types
        }
        if let node = child("unplug-silence-ms", of: table, path: path),
            let value = integer(node, in: 0...Self.maximumUnplugSilenceMilliseconds, unit: " milliseconds")
        {
            routing.unplugSilenceMilliseconds = value
        }
        if let types = portTypeList("call-output-port-types", in: table, path: path) { routing.callOutputPortTypes = types }
        if let types = portTypeList("call-input-port-types", in: table, path: path) { routing.callInputPortTypes = types }
        return routing
    }

    /// A list of port type names; `nil` when absent or when any name is wrong (each one reported).
    private mutating func portTypeList(_ key: String, in table: MergedTable, path: String) -> [PortType]? {
        guard let node = child(key, of: table, path: path),
            let elements = stringList(node, expected: "port type names such as \"headphones\"")
        else { return nil }
        var types: [PortType] = []
        var valid = true
        for (text, elementNode) in elements {
            guard let type = name(text, at: elementNode, kind: "port type", accepted: Self.portTypes) else {
                valid = false
                continue
            }
            types.append(type)
        }
        return valid ? types : nil
    }
}
