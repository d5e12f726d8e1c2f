import AudioSessionContract
/// Finds the session a stream belongs to, trying the rules in this order:
///
/// 1. the session token the library puts on its streams (`audiosession.token`);
/// 2. a token a launcher passed through the environment (`PULSE_PROP` / `PIPEWIRE_PROPS`, as
///    `audiosessionctl run` does): found in the client's properties, or in the process's
///    environment; a stream token that equals it counts as this rule, not the first;
/// 3. process ancestry: the stream's process, or its nearest ancestor, registered a session;
///    then the systemd app unit (`app-*.scope`) the process shares with a session's;
/// 4. the Flatpak app id (server property, else the process's `.flatpak-info`);
/// 5. the client's process id equals a session's, though `/proc` cannot confirm it.
///
/// A token that names no registered session (its session has ended) does not match; the later
/// rules still may. Nor does a token of a session that binds its token (``StreamTokenUse/bound``)
/// carried by a stream of a client not bound to that session: the resolution says why
/// (``SessionResolution/refusedToken``), and the later rules still may match. Where several sessions fit one rule, the first in the `sessions` order wins.
///
/// ```swift
/// let resolver = StreamSessionResolver(processes: LinuxProcessTable())
/// let resolution = resolver.resolve(origin, among: registry.candidates)
/// engine.handle(.streamAppeared(StreamInfo(id: id, direction: .playback, session: resolution.session)))
/// ```
public struct StreamSessionResolver<Processes: ProcessTable>: Sendable {
    /// The stream (and client) property that carries a session token.
    public static var tokenProperty: String { AgentBusAddress.streamTokenProperty }
    /// The environment variables a launcher passes stream properties in.
    public static var environmentVariables: [String] { ["PULSE_PROP", "PIPEWIRE_PROPS"] }

    /// Ancestry walks stop here: deeper trees are a loop in a damaged table, not a real process.
    static var maximumGenerations: Int { 128 }

    /// Where processes are looked up.
    public var processes: Processes

    /// Creates a resolver over a process table.
    public init(processes: Processes) { self.processes = processes }

    /// The session `origin` belongs to among `sessions`, and the rule that matched.
    public func resolve(_ origin: StreamOrigin, among sessions: [SessionCandidate]) -> SessionResolution {
        guard !sessions.isEmpty else { return .unmatched }
        let processID = origin.effectiveProcessID
        let environment = processID.flatMap(environmentToken(of:))
        var refusal: String?
        func accepting(_ token: String) -> SessionCandidate? {
            guard let session = sessions.first(where: { $0.token == token }) else { return nil }
            guard session.acceptsToken(fromClient: origin.clientIndex) else {
                refusal = refusal ?? Self.refusal(of: token, session: session, client: origin.clientIndex)
                return nil
            }
            return session
        }
        if let token = origin.streamProperties[Self.tokenProperty],
            token != origin.clientProperties[Self.tokenProperty], token != environment?.token,
            let session = accepting(token)
        {
            return SessionResolution(session: session.id, match: .libraryToken(token))
        }
        for (token, source) in environmentTokens(origin, environment: environment) {
            if let session = accepting(token) {
                return SessionResolution(session: session.id, match: .environmentToken(token, source: source))
            }
        }
        var resolution = resolveWithoutToken(origin, processID: processID, among: sessions)
        resolution.refusedToken = refusal
        return resolution
    }

    /// Why `session`'s token on a stream of `client` does not tie the stream to it.
    private static func refusal(of token: String, session: SessionCandidate, client: UInt32?) -> String {
        let whose = client.map { "client \($0)" } ?? "a stream without a client"
        return "session token \(token) not accepted: session \(session.id) binds its token to its own sound-server "
            + "client, and \(whose) is not bound to it"
    }

    /// Rules 3 to 5.
    private func resolveWithoutToken(
        _ origin: StreamOrigin, processID: Int32?, among sessions: [SessionCandidate]
    ) -> SessionResolution {
        if let processID {
            if let resolution = byAncestry(of: processID, among: sessions) ?? byAppScope(of: processID, among: sessions)
            {
                return resolution
            }
        }
        if let resolution = byFlatpak(origin, processID: processID, among: sessions) { return resolution }
        for pid in [processID].compactMap({ $0 }) + origin.claimedProcessIDs {
            if let session = sessions.first(where: { $0.processID == pid }) {
                return SessionResolution(session: session.id, match: .clientProcessID(pid))
            }
        }
        return .unmatched
    }

    private func environmentTokens(
        _ origin: StreamOrigin, environment: (token: String, variable: String)?
    ) -> [(String, SessionMatch.TokenSource)] {
        var tokens: [(String, SessionMatch.TokenSource)] = []
        if let token = origin.clientProperties[Self.tokenProperty] { tokens.append((token, .clientProperties)) }
        if let environment { tokens.append((environment.token, .processEnvironment(environment.variable))) }
        return tokens
    }

    private func environmentToken(of processID: Int32) -> (token: String, variable: String)? {
        for variable in Self.environmentVariables {
            if let text = processes.environmentVariable(variable, of: processID),
                let token = PropertyListText.properties(from: text)[Self.tokenProperty], !token.isEmpty
            {
                return (token, variable)
            }
        }
        return nil
    }

    private func byAncestry(of processID: Int32, among sessions: [SessionCandidate]) -> SessionResolution? {
        var current = processID
        for generations in 0..<Self.maximumGenerations {
            // PID 1 (and 0, the kernel) is everybody's ancestor; a session it registered says nothing.
            // A process the table does not know cannot be confirmed here; rule 5 may still tie it.
            guard current > 1, let parent = processes.parent(of: current) else { return nil }
            if let session = sessions.first(where: { $0.processID == current }) {
                return SessionResolution(
                    session: session.id, match: .processAncestry(sessionProcessID: current, generations: generations))
            }
            guard parent != current else { return nil }
            current = parent
        }
        return nil
    }

    private func byAppScope(of processID: Int32, among sessions: [SessionCandidate]) -> SessionResolution? {
        guard let scope = processes.appScope(of: processID) else { return nil }
        guard let session = sessions.first(where: { processes.appScope(of: $0.processID) == scope }) else { return nil }
        return SessionResolution(session: session.id, match: .appScope(scope))
    }

    private func byFlatpak(
        _ origin: StreamOrigin, processID: Int32?, among sessions: [SessionCandidate]
    ) -> SessionResolution? {
        guard let appID = origin.flatpakAppIDProperty ?? processID.flatMap(processes.flatpakAppID(of:)) else {
            return nil
        }
        let session = sessions.first { ($0.flatpakAppID ?? processes.flatpakAppID(of: $0.processID)) == appID }
        return session.map { SessionResolution(session: $0.id, match: .flatpakApp(appID)) }
    }
}
