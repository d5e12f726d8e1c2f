/// How to ask for a well-known name (`RequestName` flags).
///
/// ```swift
/// let result = try await bus.requestName("org.example.Echo", options: [.doNotQueue])
/// ```
public struct NameRequestOptions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Let a later requester with ``replaceExisting`` take the name away.
    public static let allowReplacement = NameRequestOptions(rawValue: 0x1)
    /// Take the name from an owner that allows replacement.
    public static let replaceExisting = NameRequestOptions(rawValue: 0x2)
    /// Do not wait in the queue when the name is taken.
    public static let doNotQueue = NameRequestOptions(rawValue: 0x4)
}
