public import AudioSessionModel

/// A value of a list the agent may extend (categories, modes, port kinds, interruption and
/// route-change reasons), as the session gives it to the app: a string-backed struct rather than
/// a closed enum, so a value a newer agent sends arrives as it was sent, never as a default,
/// and a value added later breaks no app's `switch`.
///
/// The raw value is the contract's spelling (`play-and-record`, `old-device-unavailable`).
/// Today's values are static members (`.playback`, `.oldDeviceUnavailable`); ``known`` gives
/// the model's exhaustive enum the agent and the policy engine use, or `nil` for a value this
/// version does not know.
///
/// ```swift
/// let reason = AudioSession.RouteChangeReason(rawValue: "lid-closed")   // from a newer agent
/// reason.rawValue   // "lid-closed"
/// reason.known      // nil: this library does not know it, and says so
/// switch change.reason {
/// case .oldDeviceUnavailable: player.pause()
/// default: break   // a switch over an open list has a default
/// }
/// ```
public protocol ExtensibleName: RawRepresentable, Hashable, Sendable, CustomStringConvertible
where RawValue == String {
    /// The model's exhaustive enum for the values this version knows.
    associatedtype Known: KebabNamed

    /// The value spelled `rawValue`, known to this version or not.
    init(rawValue: String)
}

extension ExtensibleName {
    /// The value of a known model value.
    ///
    /// ```swift
    /// AudioSession.Category(AudioSessionModel.Category.playback) == .playback   // true
    /// ```
    public init(_ known: Known) { self.init(rawValue: known.kebabName) }

    /// The model's value, or `nil` for a value this version does not know (sent by a newer agent).
    ///
    /// ```swift
    /// if session.category.known == .playAndRecord { showCallControls() }
    /// ```
    public var known: Known? { Known(kebabName: rawValue) }

    /// The raw value.
    public var description: String { rawValue }
}
