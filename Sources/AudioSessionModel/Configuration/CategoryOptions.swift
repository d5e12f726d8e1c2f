/// The options a session declares along with its ``Category``.
///
/// ```swift
/// let options: CategoryOptions = [.duckOthers]
/// options.kebabNames                         // ["duck-others"]
/// try CategoryOptions(kebabNames: ["mix-with-others", "default-to-speaker"])
/// ```
public struct CategoryOptions: OptionSet, Hashable, Sendable {
    /// The bits of the set; one bit per ``CategoryOption``.
    public let rawValue: UInt32

    /// Creates the set from its bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Mix with other sessions instead of interrupting them.
    public static let mixWithOthers = CategoryOptions(rawValue: 1 << 0)
    /// Lower other audio while this session sounds; implies ``mixWithOthers``.
    public static let duckOthers = CategoryOptions(rawValue: 1 << 1)
    /// Pause spoken-audio sessions at activation and mix with the rest; implies ``mixWithOthers``.
    public static let interruptSpokenAudioAndMixWithOthers = CategoryOptions(rawValue: 1 << 2)
    /// Allow Bluetooth hands-free (HFP/HSP) devices.
    public static let allowBluetoothHFP = CategoryOptions(rawValue: 1 << 3)
    /// Allow Bluetooth A2DP devices while recording.
    public static let allowBluetoothA2DP = CategoryOptions(rawValue: 1 << 4)
    /// Prefer the built-in speaker when no other output is connected.
    public static let defaultToSpeaker = CategoryOptions(rawValue: 1 << 5)

    /// Creates the set holding every option in `options`.
    public init(_ options: some Sequence<CategoryOption>) {
        self = options.reduce(into: []) { $0.formUnion($1.set) }
    }

    /// Creates the set from kebab-case spellings, or throws naming the first unknown one.
    public init(kebabNames: some Sequence<String>) throws(UnknownNameError) {
        var options: CategoryOptions = []
        for name in kebabNames {
            options.formUnion(try CategoryOption.parse(kebabName: name).set)
        }
        self = options
    }

    /// The members, in declaration order of ``CategoryOption``.
    public var members: [CategoryOption] {
        CategoryOption.allCases.filter { contains($0.set) }
    }

    /// The kebab-case spellings of the members, in declaration order.
    public var kebabNames: [String] { members.map(\.kebabName) }
}
