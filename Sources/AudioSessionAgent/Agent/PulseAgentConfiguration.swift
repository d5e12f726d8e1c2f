public import Logging

/// How a ``PulseAgent`` reaches its server and keeps its journal.
///
/// ```swift
/// var configuration = PulseAgentConfiguration(journalDirectory: try .runtime())
/// configuration.recoveryGrace = .milliseconds(500)
/// ```
public struct PulseAgentConfiguration: Sendable {
    /// The server address (`unix:/run/user/1000/pulse/native`); `nil` finds the server like any
    /// client: `PULSE_SERVER`, client.conf, the user's socket.
    public var server: String?
    /// Where the journal lives, normally `$XDG_RUNTIME_DIR/audiosession`.
    public var journalDirectory: JournalDirectory
    /// How long a starting agent waits before undoing what a previous agent left in the journal,
    /// so sessions that still hold streams ducked or silenced can register again first.
    public var recoveryGrace: Duration
    /// Adds a player pause to silencing (MPRIS); `nil` silences by muting alone.
    public var pauser: (any StreamPauser)?
    /// Where the agent logs.
    public var logger: Logger

    /// A configuration with the defaults: libpulse's server and a 750 ms grace period, short enough
    /// that a crashed agent's ducks are undone within 1.5 s of the next start, long enough for apps
    /// to register again.
    public init(
        server: String? = nil, journalDirectory: JournalDirectory, recoveryGrace: Duration = .milliseconds(750),
        pauser: (any StreamPauser)? = nil, logger: Logger = Logger(label: "org.audiosession.agent")
    ) {
        self.server = server
        self.journalDirectory = journalDirectory
        self.recoveryGrace = recoveryGrace
        self.pauser = pauser
        self.logger = logger
    }
}
