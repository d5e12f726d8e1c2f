/// A closed set of values with one canonical kebab-case spelling each.
///
/// Policy files, the command line, the bus and scenario tables all spell values the same way
/// (`play-and-record`, `duck-others`), while Swift code uses lowerCamel case names.
///
/// ```swift
/// Category(kebabName: "solo-ambient")   // .soloAmbient
/// Mode.voiceChat.kebabName               // "voice-chat"
/// try Category.parse(kebabName: "loud")  // throws UnknownNameError listing the accepted names
/// ```
public protocol KebabNamed: CaseIterable, Hashable, Sendable {
    /// The canonical kebab-case spelling, as written in policy files and on the bus.
    var kebabName: String { get }

    /// What a value of this type is called in messages, for example `category`.
    static var kindName: String { get }
}

extension KebabNamed {
    /// Finds the value spelled `kebabName`, or `nil` when no value has that spelling.
    public init?(kebabName: String) {
        guard let match = Self.allCases.first(where: { $0.kebabName == kebabName }) else { return nil }
        self = match
    }

    /// Finds the value spelled `kebabName`, or throws an error that lists every accepted spelling.
    public static func parse(kebabName: String) throws(UnknownNameError) -> Self {
        guard let value = Self(kebabName: kebabName) else {
            throw UnknownNameError(kind: kindName, name: kebabName, accepted: acceptedNames)
        }
        return value
    }

    /// Every accepted spelling, in declaration order.
    public static var acceptedNames: [String] { allCases.map(\.kebabName) }
}

extension KebabNamed where Self: RawRepresentable, RawValue == String {
    /// The canonical kebab-case spelling, which is also the raw value.
    public var kebabName: String { rawValue }
}
