/// The D-Bus errors the agent replies with; each reply also carries a message saying what was
/// expected.
///
/// The standard `org.freedesktop.DBus.Error.*` names are used where they fit, so generic clients
/// understand them; the rest are the agent's own, under `org.audiosession.Error`.
///
/// ```swift
/// AgentErrorName.accessDenied.rawValue  // "org.freedesktop.DBus.Error.AccessDenied"
/// ```
public enum AgentErrorName: String, CaseIterable, Hashable, Sendable {
    /// A per-session method was called on a session another connection registered.
    case accessDenied = "org.freedesktop.DBus.Error.AccessDenied"
    /// The arguments do not have the method's signature, or a value is malformed (a property of
    /// the wrong type or too long).
    case invalidArguments = "org.freedesktop.DBus.Error.InvalidArgs"
    /// The interface has no such method.
    case unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
    /// Something failed inside the agent; the message says what.
    case failed = "org.freedesktop.DBus.Error.Failed"
    /// No session has the given id (never registered, or ended).
    case noSuchSession = "org.audiosession.Error.NoSuchSession"
    /// No stream has the given id.
    case noSuchStream = "org.audiosession.Error.NoSuchStream"
    /// No available device has the given port uid; the message lists the available ones.
    case noSuchPort = "org.audiosession.Error.NoSuchPort"
    /// A category, mode, option or property key that is not one of the accepted names; the
    /// message lists them.
    case unknownName = "org.audiosession.Error.UnknownName"
    /// A category, mode and options combination that breaks a validity rule; the message names it.
    case invalidConfiguration = "org.audiosession.Error.InvalidConfiguration"
    /// The connection, its app, or the agent as a whole holds as many sessions as it may.
    case tooManySessions = "org.audiosession.Error.TooManySessions"
    /// The calling app (all its connections) made more calls than the agent's rate limit allows;
    /// the message says which limit and when to retry.
    case tooManyCalls = "org.audiosession.Error.TooManyCalls"
    /// Activation refused: a higher-ranked non-mixable session (a call) is active.
    case insufficientPriority = "org.audiosession.Error.InsufficientPriority"
    /// Activation refused: no sound server is reachable (between MediaServicesLost and MediaServicesReset).
    case mediaServicesUnavailable = "org.audiosession.Error.MediaServicesUnavailable"
}
