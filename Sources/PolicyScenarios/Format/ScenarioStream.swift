public import AudioPolicy

/// A stream as a real client makes it (`paplay --property=media.role=..`, a level meter, a loopback, ...).
///
/// ```swift
/// let song = scenario.streams["song"]
/// print(song?.role ?? "no role", song?.kind.rawValue ?? "")  // "music play"
/// ```
public struct ScenarioStream: Sendable {
    /// The stream's name in the scenario file.
    public let name: String
    /// How a real client makes it.
    public let kind: ScenarioStreamKind
    /// Playback or capture.
    public let direction: StreamDirection
    /// `media.role` as the client sets it, before normalisation.
    public let role: String?
    /// The owning session, or `nil` for an app without a session.
    public let session: String?
    /// The application id of the app owning the stream.
    public let app: String
    /// Whether it runs (is not corked) when it appears.
    public let soundingWhenAppearing: Bool
    /// Further properties the client sets.
    public let properties: [String: String]
}
