import AudioSessionBus
import AudioSessionModel

/// Reads the fields of a reply, a signal or a struct left to right, each under its contract name,
/// failing with a ``WireFormatError`` that names the field and its expected type.
struct WireFields {
    private let values: [BusValue]
    private let context: String
    private var position = 0

    /// The arguments of a reply or a signal; `context` says which (`GetStatus's reply`).
    init(_ arguments: BusArguments, context: String) {
        values = arguments.values
        self.context = context
    }

    /// The fields of `value`, a struct of `type`; `field` names it within `context`.
    init(structure value: BusValue, of type: BusType, field: String, context: String) throws(WireFormatError) {
        guard case .structure(let fields) = value else {
            throw WireFormatError(context: context, field: field, expected: type, found: value.type)
        }
        values = fields
        self.context = "\(context), \(field)"
    }

    /// The next field, as the Swift type of its contract type.
    mutating func next<Value: BusValueConvertible>(_ field: String, as type: Value.Type = Value.self) throws(WireFormatError) -> Value {
        let value = try nextValue(field, expected: Value.busType)
        guard let converted = Value(busValue: value) else {
            throw WireFormatError(context: context, field: field, expected: Value.busType, found: value.type)
        }
        return converted
    }

    /// The next field, a route `(a(sssu)a(sssu))`.
    mutating func nextRoute(_ field: String) throws(WireFormatError) -> RouteDescription {
        let value = try nextValue(field, expected: RouteWireFormat.routeType)
        guard value.type == RouteWireFormat.routeType, let route = RouteWireFormat.route(from: value) else {
            throw WireFormatError(context: context, field: field, expected: RouteWireFormat.routeType, found: value.type)
        }
        return route
    }

    /// The next field, an array of structs of `element`, each read by `read` from the fields of
    /// one element (named `field[index]`).
    mutating func nextArray<Element>(
        _ field: String, of element: BusType, _ read: (inout WireFields) throws(WireFormatError) -> Element
    ) throws(WireFormatError) -> [Element] {
        let value = try nextValue(field, expected: .array(element))
        guard case .array(let declared, let items) = value else {
            throw WireFormatError(context: context, field: field, expected: .array(element), found: value.type)
        }
        var elements: [Element] = []
        elements.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            var fields = try WireFields(structure: item, of: element, field: "\(field)[\(index)]", context: context)
            elements.append(try read(&fields))
            // Fields beyond the contract's: the element's type says so.
            guard item.type == element else {
                throw WireFormatError(context: context, field: "\(field)[\(index)]", expected: element, found: item.type)
            }
        }
        // An empty array still carries its element type; a full one was checked element by element.
        guard declared == element else {
            throw WireFormatError(context: context, field: field, expected: .array(element), found: value.type)
        }
        return elements
    }

    private mutating func nextValue(_ field: String, expected: BusType) throws(WireFormatError) -> BusValue {
        defer { position += 1 }
        guard values.indices.contains(position) else {
            throw WireFormatError(context: context, field: field, expected: expected, found: nil)
        }
        return values[position]
    }
}
