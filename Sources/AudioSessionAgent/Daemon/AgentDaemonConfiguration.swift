import AudioPolicy
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
    /// The system bus's address, where logind announces sleeps and screen locks; `nil` does not
    /// follow the desktop's state at all (no logind, no screen savers: an embedded agent, a test).
    /// ``systemBusAddress(in:)`` is what the executable passes.
    public var systemBusAddress: String?
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
        backend: AgentBackend, policy: PolicySource, busAddress: String? = nil, systemBusAddress: String? = nil,
        soundServer: String? = nil,
        journalDirectory: JournalDirectory? = nil, recoveryGrace: Duration = .milliseconds(750), logger: Logger
    ) {
        self.backend = backend
        self.policy = policy
        self.busAddress = busAddress
        self.systemBusAddress = systemBusAddress
        self.soundServer = soundServer
        self.journalDirectory = journalDirectory
        self.recoveryGrace = recoveryGrace
        self.logger = logger
    }

    /// The system bus as a client finds it: `DBUS_SYSTEM_BUS_ADDRESS`, else the standard socket.
    ///
    /// ```swift
    /// AgentDaemonConfiguration.systemBusAddress(in: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/tmp/system"])
    /// // "unix:path=/tmp/system"
    /// ```
    public static func systemBusAddress(in environment: [String: String]) -> String {
        if let address = environment["DBUS_SYSTEM_BUS_ADDRESS"], !address.isEmpty { return address }
        return LogindNames.defaultSystemBusAddress
    }

    /// ``systemBusAddress(in:)`` of this process's environment.
    public static func systemBusAddressOfThisProcess() -> String {
        systemBusAddress(in: ProcessEnvironment.current)
    }
}
