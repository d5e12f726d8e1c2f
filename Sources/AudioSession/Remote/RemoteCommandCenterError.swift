/// Why a ``RemoteCommandCenter`` could not be published: what its initializer throws. (Declared
/// plain `throws`, as the session's calls are.)
///
/// ```swift
/// do {
///     let center = try await RemoteCommandCenter(playerName: "musicplayer", identity: "Music Player")
/// } catch let error as RemoteCommandCenterError where error.code == .busUnavailable {
///     print(error)   // bus unavailable: ... (no media keys then, the app plays on)
/// }
/// ```
public struct RemoteCommandCenterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure; compare with the constants.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// No session bus could be reached (none is set, or nothing listens at its address).
        public static let busUnavailable = Code("bus unavailable")
        /// The player name cannot be part of an MPRIS bus name.
        public static let invalidPlayerName = Code("invalid player name")
        /// The bus refused every name the center asked for (the player name and its instance names).
        public static let nameUnavailable = Code("name unavailable")

        /// The code in words, as the error's ``RemoteCommandCenterError/description`` starts.
        public var description: String { name }
    }

    /// What kind of failure.
    ///
    /// ```swift
    /// if error.code == .nameUnavailable { print("another instance runs") }
    /// ```
    public var code: Code
    /// What happened and what was expected, in words.
    ///
    /// ```swift
    /// print(error.message)
    /// ```
    public var message: String

    /// An error of `code` explained by `message`.
    ///
    /// ```swift
    /// throw RemoteCommandCenterError(code: .busUnavailable, message: "no session bus in this test")
    /// ```
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// The code and the message: `bus unavailable: cannot reach the session bus at ...`.
    ///
    /// ```swift
    /// logger.warning("no remote control: \(error)")
    /// ```
    public var description: String { "\(code): \(message)" }
}
