internal import CPipeWire

/// Reading `struct spa_dict` (properties) into Swift.
enum SpaDict {
    /// The dictionary's items; entries with a NULL key or value are skipped.
    static func properties(_ dict: UnsafePointer<spa_dict>?) -> [String: String] {
        guard let dict, let items = dict.pointee.items else { return [:] }
        var properties: [String: String] = [:]
        properties.reserveCapacity(Int(dict.pointee.n_items))
        for index in 0..<Int(dict.pointee.n_items) {
            let item = items[index]
            guard let key = item.key, let value = item.value else { continue }
            properties[String(cString: key)] = String(cString: value)
        }
        return properties
    }

    /// A C string as a Swift string, nil for NULL.
    static func string(_ text: UnsafePointer<CChar>?) -> String? {
        text.map { String(cString: $0) }
    }
}
