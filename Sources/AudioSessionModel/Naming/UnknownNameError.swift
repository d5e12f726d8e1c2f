/// A name that is not one of the accepted kebab-case spellings of a value.
///
/// ```swift
/// do { _ = try Mode.parse(kebabName: "karaoke") } catch {
///     print(error)  // unknown mode "karaoke"; accepted: default, voice-chat, ...
/// }
/// ```
public struct UnknownNameError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of value was being named, for example `category`.
    public let kind: String
    /// The name that was given.
    public let name: String
    /// Every accepted spelling.
    public let accepted: [String]

    /// Creates the error for `name`, which is not one of `accepted`.
    public init(kind: String, name: String, accepted: [String]) {
        self.kind = kind
        self.name = name
        self.accepted = accepted
    }

    /// Says which name was refused and lists the names that would have been accepted.
    public var description: String {
        "unknown \(kind) \"\(name)\"; accepted: \(accepted.joined(separator: ", "))"
    }
}
