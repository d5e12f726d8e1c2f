public import Logging

/// What `audiosessiond` was asked to do: backend, policy, where the bus, the sound server and the
/// journal are, and where it logs.
///
/// ```swift
/// let configuration = AgentDaemonConfiguration(
///     backend: .pulse, policy: PolicySource(explicitFile: nil, environment: environment), logger: logger)
/// ```
public struct AgentDaemonConfiguration: Sendable {
    /// The sound-server protocol.
    public var backend: AgentBackend
    /// Where the policy comes from (read again on SIGHUP).
    public var policy: PolicySource
    /// The bus address; `nil` for the session bus of `DBUS_SESSION_BUS_ADDRESS`.
    public var busAddress: String?
    /// The sound server's address; `nil` finds it like any client (`PULSE_SERVER`, client.conf, the user's socket).
    public var soundServer: String?
    /// Where the journal lives; `nil` for `$XDG_RUNTIME_DIR/audiosession`.
    public var journalDirectory: JournalDirectory?
    /// How long a starting agent lets sessions re-register before undoing a crashed agent's changes.
    public var recoveryGrace: Duration
    /// Where the agent logs.
    public var logger: Logger

    /// A configuration; everything not given is found as a client finds it.
    public init(
        backend: AgentBackend, policy: PolicySource, busAddress: String? = nil, soundServer: String? = nil,
        journalDirectory: JournalDirectory? = nil, recoveryGrace: Duration = .milliseconds(750), logger: Logger
    ) {
        self.backend = backend
        self.policy = policy
        self.busAddress = busAddress
        self.soundServer = soundServer
        self.journalDirectory = journalDirectory
        self.recoveryGrace = recoveryGrace
        self.logger = logger
    }
}
