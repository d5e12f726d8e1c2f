extension BusArguments {
    /// Decodes exactly these arguments as the given Swift types, or throws `InvalidArgs` saying
    /// what was expected and what came, e.g. "argument 1: expected string (s), got int32 (i)".
    ///
    /// A method handler can let the error propagate: the caller receives it as its error reply.
    ///
    /// ```swift
    /// let (category, options) = try call.arguments.decode(String.self, [String].self)
    /// ```
    public func decode<each Value: BusValueConvertible>(
        _ types: repeat (each Value).Type
    ) throws(BusError) -> (repeat each Value) {
        var expected: [BusType] = []
        for type in repeat each types { expected.append(type.busType) }
        guard expected.count == values.count else {
            let wanted = BusSignature(expected).rawValue
            throw BusError(
                .invalidArgs,
                "expected \(expected.count) argument\(expected.count == 1 ? "" : "s") (\(wanted)), "
                    + "got \(values.count) (\(signature.rawValue))")
        }
        var cursor = ArgumentCursor(values: values)
        return (repeat try cursor.next((each Value).self))
    }

    /// Decodes argument `index` (counting from 0) as `type`, for calls whose trailing arguments vary.
    ///
    /// ```swift
    /// let name = try signal.arguments.decode(String.self, at: 0)
    /// ```
    public func decode<Value: BusValueConvertible>(_ type: Value.Type, at index: Int) throws(BusError) -> Value {
        guard values.indices.contains(index) else {
            throw BusError(
                .invalidArgs, "argument \(index + 1): expected \(Value.busType), but there are only \(values.count) arguments")
        }
        return try ArgumentCursor.convert(values[index], as: Value.self, position: index + 1)
    }
}

/// Walks the arguments left to right while a parameter pack is expanded.
private struct ArgumentCursor {
    let values: [BusValue]
    var index = 0

    mutating func next<Value: BusValueConvertible>(_ type: Value.Type) throws(BusError) -> Value {
        defer { index += 1 }
        return try Self.convert(values[index], as: type, position: index + 1)
    }

    static func convert<Value: BusValueConvertible>(
        _ value: BusValue, as type: Value.Type, position: Int
    ) throws(BusError) -> Value {
        guard let converted = Value(busValue: value) else {
            throw BusError(.invalidArgs, "argument \(position): expected \(Value.busType), got \(value.type)")
        }
        return converted
    }
}
