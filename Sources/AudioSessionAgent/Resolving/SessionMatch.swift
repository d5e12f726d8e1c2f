/// Which rule tied a stream to its session, for `audiosessionctl explain`.
///
/// ```swift
/// switch resolution.match {
/// case .processAncestry(let pid, let generations)?: print("child of \(pid), \(generations) levels down")
/// default: print(resolution)
/// }
/// ```
public enum SessionMatch: Hashable, Sendable, CustomStringConvertible {
    /// The library put the session's token on the stream.
    case libraryToken(String)
    /// A launcher passed the token through the environment (`PULSE_PROP` / `PIPEWIRE_PROPS`);
    /// `source` says where it was found.
    case environmentToken(String, source: TokenSource)
    /// The stream's process is the session's process (`generations` 0) or one of its descendants.
    case processAncestry(sessionProcessID: Int32, generations: Int)
    /// The stream's process runs in the same systemd app unit as the session's.
    case appScope(String)
    /// The stream's app and the session's are the same Flatpak app.
    case flatpakApp(String)
    /// The process id the stream names is the session's, though the process table cannot
    /// confirm it (the process has gone, or lives in another PID namespace).
    case clientProcessID(Int32)

    /// Where an environment token was found.
    public enum TokenSource: Hashable, Sendable, CustomStringConvertible {
        /// In the client's properties (libpulse copies `PULSE_PROP` there).
        case clientProperties
        /// In the process's environment, in this variable.
        case processEnvironment(String)

        /// `client properties`, `PULSE_PROP of the process`.
        public var description: String {
            switch self {
            case .clientProperties: "client properties"
            case .processEnvironment(let variable): "\(variable) of the process"
            }
        }
    }

    /// One line for `explain`.
    public var description: String {
        switch self {
        case .libraryToken(let token): "the stream carries session token \(token)"
        case .environmentToken(let token, let source): "session token \(token) from the environment (\(source))"
        case .processAncestry(let pid, 0): "the stream's process \(pid) registered the session"
        case .processAncestry(let pid, let generations):
            "the stream's process descends from \(pid) (\(generations) generations)"
        case .appScope(let unit): "same app unit \(unit)"
        case .flatpakApp(let id): "same Flatpak app \(id)"
        case .clientProcessID(let pid): "the stream's client process id \(pid)"
        }
    }
}
