extension BusValue {
    /// Checks what libdbus would otherwise refuse by aborting the process: elements that do not
    /// have their container's declared type, non-basic dictionary keys, empty structs, strings
    /// with NUL bytes, nesting beyond the specification's limits.
    ///
    /// ```swift
    /// try BusValue.array(element: .string, [.int32(1)]).validate()   // throws InvalidArgs
    /// ```
    public func validate() throws(BusError) {
        try validate(depth: 0, location: "value")
    }

    private func validate(depth: Int, location: String) throws(BusError) {
        guard depth <= 64 else { throw BusError(.invalidArgs, "\(location) is nested too deeply") }
        switch self {
        case .string(let text):
            guard !text.utf8.contains(0) else {
                throw BusError(.invalidArgs, "\(location): a D-Bus string cannot contain NUL bytes")
            }
        case .variant(let inner):
            try inner.validate(depth: depth + 1, location: location + " (in a variant)")
        case .array(let element, let elements):
            try BusValue.checkDeclared(element, location: location)
            for (index, value) in elements.enumerated() {
                let here = "\(location), element \(index)"
                guard value.type == element else {
                    throw BusError(.invalidArgs, "\(here): expected \(element), got \(value.type)")
                }
                try value.validate(depth: depth + 1, location: here)
            }
        case .dictionary(let key, let valueType, let entries):
            guard key.isBasic else {
                throw BusError(.invalidArgs, "\(location): dictionary key \(key) is not a basic type")
            }
            try BusValue.checkDeclared(valueType, location: location)
            for (entryKey, entryValue) in entries {
                guard entryKey.type == key else {
                    throw BusError(.invalidArgs, "\(location), a key: expected \(key), got \(entryKey.type)")
                }
                guard entryValue.type == valueType else {
                    throw BusError(.invalidArgs, "\(location), a value: expected \(valueType), got \(entryValue.type)")
                }
                try entryKey.validate(depth: depth + 1, location: location + ", a key")
                try entryValue.validate(depth: depth + 1, location: location + ", a value")
            }
        case .structure(let fields):
            guard !fields.isEmpty else { throw BusError(.invalidArgs, "\(location): a struct needs at least one field") }
            for (index, field) in fields.enumerated() {
                try field.validate(depth: depth + 1, location: "\(location), field \(index + 1)")
            }
        default:
            break
        }
    }

    /// A declared element type must itself be a valid type (a struct type with no fields is not).
    private static func checkDeclared(_ type: BusType, location: String) throws(BusError) {
        do {
            _ = try BusType(signature: type.signature)
        } catch {
            throw BusError(.invalidArgs, "\(location): \(error.message)")
        }
    }
}
