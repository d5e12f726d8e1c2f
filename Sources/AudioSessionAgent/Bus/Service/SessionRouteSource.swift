public import AudioPolicy
public import AudioSessionModel

/// Where `GetCurrentRoute` learns which devices a session's audio uses: the backend, which knows
/// the device each stream is linked to and the defaults.
///
/// ```swift
/// struct FixedRoute: SessionRouteSource {
///     func route(of streams: [StreamID], withInput: Bool) -> RouteDescription {
///         RouteDescription(outputs: [PortDescription(name: "Speaker", uid: "speaker", type: .virtual, channels: 2)])
///     }
/// }
/// ```
public protocol SessionRouteSource: Sendable {
    /// The ports `streams` use now; with no streams, the ports they would use: the default output,
    /// and the default input when `withInput` (record and play-and-record sessions).
    func route(of streams: [StreamID], withInput: Bool) -> RouteDescription
}
