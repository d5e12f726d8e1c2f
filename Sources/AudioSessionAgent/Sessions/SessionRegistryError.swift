public import AudioPolicy
public import AudioSessionModel
import AudioSessionContract

/// A session call the registry refuses, with a message that says what was expected.
///
/// A public struct over a private code, so refusals can be added without breaking callers. Compare
/// with the static constructors; ``busErrorName`` gives the D-Bus error the agent replies with.
///
/// ```swift
/// do { _ = try registry.activate("7", by: ":1.9") } catch {
///     error == .accessDenied("7")  // true when session 7 belongs to another connection
///     print(error)  // session 7 belongs to another connection; a connection acts only on sessions it registered
/// }
/// ```
public struct SessionRegistryError: Error, Hashable, Sendable, CustomStringConvertible {
    enum Code: Hashable, Sendable {
        case accessDenied(SessionID)
        case noSuchSession(SessionID)
        case tooManyForConnection(String, limit: Int)
        case tooManyForApp(AppAccount, limit: Int)
        case tooManyInAll(limit: Int)
        case unknownName(UnknownNameError)
        case invalidConfiguration(SessionConfigurationError)
        case unknownProperty(String)
        case invalidProperty(String, String)
        case tokenInUse
        case tokenNotProven
    }

    let code: Code

    init(_ code: Code) { self.code = code }

    /// The session belongs to another connection.
    public static func accessDenied(_ session: SessionID) -> Self { Self(.accessDenied(session)) }

    /// No session has this id (never registered, or ended).
    public static func noSuchSession(_ session: SessionID) -> Self { Self(.noSuchSession(session)) }

    /// The connection already holds as many sessions as it may.
    public static func tooManySessions(connection: String, limit: Int) -> Self {
        Self(.tooManyForConnection(connection, limit: limit))
    }

    /// The app (all its connections together) already holds as many sessions as it may.
    public static func tooManySessions(app: AppAccount, limit: Int) -> Self { Self(.tooManyForApp(app, limit: limit)) }

    /// The agent already holds as many sessions as it may, from all connections together.
    public static func tooManySessions(limit: Int) -> Self { Self(.tooManyInAll(limit: limit)) }

    /// A category, mode or option name that is not one of the accepted kebab-case names.
    public static func unknownName(_ error: UnknownNameError) -> Self { Self(.unknownName(error)) }

    /// A combination of category, mode and options that breaks a validity rule.
    public static func invalidConfiguration(_ error: SessionConfigurationError) -> Self {
        Self(.invalidConfiguration(error))
    }

    /// A registration property key the agent does not know.
    public static func unknownProperty(_ key: String) -> Self { Self(.unknownProperty(key)) }

    /// A registration property whose value is not what the key takes; `expected` says what it takes.
    public static func invalidProperty(_ key: String, expected: String) -> Self { Self(.invalidProperty(key, expected)) }

    /// The stream token given for a new session already belongs to another one.
    public static var tokenInUse: Self { Self(.tokenInUse) }

    /// The earlier stream token asked for came without the secret it derives from (or with another
    /// one): only the app that registered it may have it again.
    public static var tokenNotProven: Self { Self(.tokenNotProven) }

    /// What was refused and what would have been accepted.
    public var description: String {
        switch code {
        case .accessDenied(let session):
            "session \(session) belongs to another connection; a connection acts only on sessions it registered"
        case .noSuchSession(let session):
            "no session \(UntrustedText.excerpt(session.rawValue)): it was never registered or has ended (ListSessions shows the live ones)"
        case .tooManyForConnection(let connection, let limit):
            "connection \(connection) already holds \(limit) sessions, the most one connection may hold; "
                + "unregister one (UnregisterSession) or reconfigure one it has"
        case .tooManyForApp(let app, let limit):
            "the app (\(UntrustedText.excerpt(app.description))) already holds \(limit) sessions over all its "
                + "connections, the most one app may hold; unregister one (UnregisterSession) or reuse one it has"
        case .tooManyInAll(let limit):
            "the agent already holds \(limit) sessions, the most it keeps; try again when some have ended"
        case .unknownName(let error):
            UnknownNameError(kind: error.kind, name: UntrustedText.excerpt(error.name), accepted: error.accepted).description
        case .invalidConfiguration(let error):
            error.description
        case .unknownProperty(let key):
            "unknown session property \"\(UntrustedText.excerpt(key))\"; accepted: \(SessionProperties.acceptedKeys.joined(separator: ", "))"
        case .invalidProperty(let key, let expected):
            "session property \"\(key)\" must be \(expected)"
        case .tokenInUse:
            "the stream token already belongs to another session; draw a new one"
        case .tokenNotProven:
            "stream-token is kept only with the stream-token-secret RegisterSessionWithSecret returned with it; "
                + "register without stream-token for a new token"
        }
    }
}
