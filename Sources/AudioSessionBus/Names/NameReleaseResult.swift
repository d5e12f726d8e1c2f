/// What the bus answered to `ReleaseName`.
///
/// ```swift
/// let result = try await bus.releaseName("org.example.Echo")   // .released
/// ```
public enum NameReleaseResult: UInt32, Sendable, Hashable {
    /// The name was released (or this connection left its queue).
    case released = 1
    /// Nobody owned the name.
    case nonExistent = 2
    /// Someone else owns the name.
    case notOwner = 3
}
