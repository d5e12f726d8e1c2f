import AudioPolicy

/// What a caller may see through the queries open to every connection (`ListSessions`,
/// `ListStreams`, `ExplainStream`, `GetInputProcessing`).
///
/// An unsandboxed caller sees everything: code of the same user outside a sandbox can already
/// read every stream from the sound server. A Flatpak app (its verified app id from
/// `/proc/PID/root/.flatpak-info` of the bus's PID) sees only its own: the sessions its app
/// registered, their streams, and streams native PipeWire verified as the same app's.
///
/// ```swift
/// let scope = QueryScope(caller: BusCaller(uniqueName: ":1.42", flatpakID: "org.example.Game"))
/// let visible = registry.sessions.filter { scope.includes($0) }
/// ```
struct QueryScope: Sendable {
    /// Who asks.
    let caller: BusCaller

    /// Whether the caller may see `session`: every session for an unsandboxed caller, else only
    /// sessions of the same Flatpak app.
    func includes(_ session: RegisteredSession) -> Bool {
        guard caller.isSandboxed else { return true }
        return session.owner.flatpakID == caller.flatpakID
    }

    /// Whether the caller may see `stream`: for a sandboxed caller, a stream of one of its own
    /// sessions, or one whose portal app id native PipeWire verified as the caller's app (a claimed
    /// id proves nothing: any client can write it).
    func includes(_ stream: StreamInfo, sessions: SessionRegistry) -> Bool {
        guard caller.isSandboxed else { return true }
        if let id = stream.session, let session = sessions[id] { return includes(session) }
        return stream.app.evidence.portalAppID == .verified && stream.app.portalAppID == caller.flatpakID
    }
}
