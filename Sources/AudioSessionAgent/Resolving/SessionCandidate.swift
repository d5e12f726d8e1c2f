public import AudioPolicy

/// A registered session, as the resolver matches streams against it.
///
/// ```swift
/// let candidate = SessionCandidate(id: "s-7", token: "s-7", processID: 4100)
/// ```
public struct SessionCandidate: Hashable, Sendable {
    /// The session.
    public var id: SessionID
    /// The token its streams carry in `audiosession.token`.
    public var token: String
    /// The process that registered it, as the bus reports it.
    public var processID: Int32
    /// Its Flatpak app id when the registry knows it already; otherwise the resolver asks the
    /// process table.
    public var flatpakAppID: String?

    /// Creates a candidate.
    public init(id: SessionID, token: String, processID: Int32, flatpakAppID: String? = nil) {
        self.id = id
        self.token = token
        self.processID = processID
        self.flatpakAppID = flatpakAppID
    }
}
