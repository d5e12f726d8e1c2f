import AudioSessionBus

/// Reads a D-Bus struct's fields left to right as Swift values, failing with a message that says
/// which field of what did not have the contract's type.
struct BusFields {
    private let fields: [BusValue]
    private let what: String
    private var position = 0

    init(_ value: BusValue, what: String) throws(CtlFailure) {
        guard case .structure(let fields) = value else {
            throw CtlFailure("the agent sent \(what) as \(value.type), not a struct", exitCode: CtlExitCode.software)
        }
        self.fields = fields
        self.what = what
    }

    init(arguments: BusArguments, what: String) {
        fields = arguments.values
        self.what = what
    }

    mutating func next<Value: BusValueConvertible>(_ type: Value.Type = Value.self) throws(CtlFailure) -> Value {
        defer { position += 1 }
        guard fields.indices.contains(position) else {
            throw CtlFailure("the agent sent \(what) with too few fields", exitCode: CtlExitCode.software)
        }
        guard let value = Value(busValue: fields[position]) else {
            throw CtlFailure(
                "the agent sent field \(position + 1) of \(what) as \(fields[position].type), expected \(Value.busType)",
                exitCode: CtlExitCode.software)
        }
        return value
    }

    /// The next field as an array of raw values (an array of structs, which has no Swift conversion).
    mutating func nextArray() throws(CtlFailure) -> [BusValue] {
        defer { position += 1 }
        guard fields.indices.contains(position), case .array(_, let elements) = fields[position] else {
            throw CtlFailure("the agent sent \(what) without the array at field \(position + 1)", exitCode: CtlExitCode.software)
        }
        return elements
    }

    /// The elements of the one array in `arguments` (a list method's reply).
    static func elements(of arguments: BusArguments, what: String) throws(CtlFailure) -> [BusValue] {
        var reader = BusFields(arguments: arguments, what: what)
        return try reader.nextArray()
    }
}
