/// A module's argument string split into keys and values by PulseAudio's rules (`pa_modargs`).
///
/// Pairs are `key=value`, separated by whitespace. A value may be wrapped in single or double
/// quotes to hold spaces; a backslash makes the next character literal, inside quotes or not.
/// `key=` gives an empty value. A key may appear once. Anything else is a
/// ``ModuleArgumentError``, never a crash.
///
/// ```swift
/// let arguments = try ModuleArguments(parsing: #"sink_name=hp sink_properties='device.description="Head phones"'"#)
/// arguments["sink_name"]        // "hp"
/// arguments["sink_properties"]  // #"device.description="Head phones""#
/// ```
public struct ModuleArguments: Hashable, Sendable {
    /// The pairs in the order written.
    public let pairs: [(key: String, value: String)]

    /// Parses an argument string; an empty string has no pairs.
    public init(parsing argument: String) throws(ModuleArgumentError) {
        var parser = ModuleArgumentParser(argument)
        pairs = try parser.parse()
    }

    /// The value of `key`, or `nil` when the argument does not give it.
    public subscript(key: String) -> String? {
        pairs.first { $0.key == key }?.value
    }

    /// The keys in the order written.
    public var keys: [String] { pairs.map(\.key) }

    public static func == (lhs: ModuleArguments, rhs: ModuleArguments) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs) { $0.key == $1.key && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for (key, value) in pairs {
            hasher.combine(key)
            hasher.combine(value)
        }
    }

    /// Whether both give the same values for the same keys, in whatever order they were written:
    /// the server treats them alike.
    public func sameSettings(as other: ModuleArguments) -> Bool {
        pairs.count == other.pairs.count && pairs.allSatisfy { other[$0.key] == $0.value }
    }
}
