/// Any JSON value, decoded exactly: booleans stay booleans and numbers keep their text form, which
/// `JSONSerialization` on Linux cannot promise.
public enum JSONValue: Sendable, Equatable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let flag = try? container.decode(Bool.self) { self = .bool(flag) }
        else if let number = try? container.decode(Double.self) { self = .number(number) }
        else if let text = try? container.decode(String.self) { self = .string(text) }
        else if let array = try? container.decode([JSONValue].self) { self = .array(array) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    /// The member `key` of an object, or nil.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    /// The value as PipeWire tools print it: strings bare, integers without a fraction, containers as JSON.
    public var text: String {
        switch self {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number):
            number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .string(let text): text
        case .array(let items): "[" + items.map(\.quotedText).joined(separator: ",") + "]"
        case .object(let members):
            "{" + members.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value.quotedText)" }
                .joined(separator: ",") + "}"
        }
    }

    private var quotedText: String {
        if case .string(let text) = self { "\"\(text)\"" } else { text }
    }

    /// The value as a number, if it is one.
    public var number: Double? { if case .number(let number) = self { number } else { nil } }
}
