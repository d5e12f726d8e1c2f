/// The arguments of a method call, a reply or a signal, in order.
///
/// ```swift
/// let arguments: BusArguments = [.string("music"), .uint32(3)]
/// arguments.signature.rawValue   // "su"
/// let (role, count) = try arguments.decode(String.self, UInt32.self)
/// ```
public struct BusArguments: Sendable, Hashable, RandomAccessCollection, ExpressibleByArrayLiteral {
    /// The values, in order.
    public var values: [BusValue]

    /// Arguments with these values, in order.
    public init(_ values: [BusValue]) { self.values = values }
    /// Arguments written as a literal: `[.string("music"), .uint32(3)]`.
    public init(arrayLiteral elements: BusValue...) { values = elements }

    /// The signature of all arguments, e.g. `sa{sv}`.
    public var signature: BusSignature { BusSignature(values.map(\.type)) }

    public var startIndex: Int { values.startIndex }
    public var endIndex: Int { values.endIndex }
    public subscript(position: Int) -> BusValue { values[position] }
}

extension BusArguments: CustomStringConvertible {
    public var description: String { "(\(values.map { "\($0)" }.joined(separator: ", ")))" }
}
