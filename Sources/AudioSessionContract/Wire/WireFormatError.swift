public import AudioSessionBus

/// A reply or signal from the agent that does not have the contract's shape: which field of what,
/// the type the contract gives it, and the type that came (or that it was missing).
///
/// ```swift
/// do {
///     _ = try StatusReply(arguments: [.string("0.1.0")])
/// } catch {
///     print(error)  // GetStatus's reply: backend should be string (s), but it is missing
/// }
/// ```
public struct WireFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was read: `GetStatus's reply`, `ListSessions's reply, sessions[2]`.
    public var context: String
    /// The field, as the interface XML names it: `media_services_available`.
    public var field: String
    /// The type the contract gives the field.
    public var expected: BusType
    /// The type that came, or `nil` when the field was missing.
    public var found: BusType?

    /// An error for `field` of `context`.
    public init(context: String, field: String, expected: BusType, found: BusType?) {
        self.context = context
        self.field = field
        self.expected = expected
        self.found = found
    }

    public var description: String {
        "\(context): \(field) should be \(expected), but it is \(found.map { "\($0)" } ?? "missing")"
    }
}
