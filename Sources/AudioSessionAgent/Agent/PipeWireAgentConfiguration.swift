public import Logging

/// How a ``PipeWireAgent`` reaches its server and keeps its journal.
///
/// ```swift
/// var configuration = PipeWireAgentConfiguration(journalDirectory: try .runtime())
/// configuration.recoveryGrace = .milliseconds(500)
/// ```
public struct PipeWireAgentConfiguration: Sendable {
    /// The server's socket (a path, or a name in the runtime directory); `nil` finds it like any
    /// client: `PIPEWIRE_REMOTE`, else `pipewire-0` in `PIPEWIRE_RUNTIME_DIR` or `XDG_RUNTIME_DIR`.
    public var remote: String?
    /// Where the journal lives, normally `$XDG_RUNTIME_DIR/audiosession`.
    public var journalDirectory: JournalDirectory
    /// How long a starting agent waits before undoing what a previous agent left in the journal.
    public var recoveryGrace: Duration
    /// Adds a player pause to silencing (MPRIS); `nil` pauses the node alone.
    public var pauser: (any StreamPauser)?
    /// Where the agent logs.
    public var logger: Logger

    /// A configuration with the pulse agent's defaults (a 750 ms grace period).
    public init(
        remote: String? = nil, journalDirectory: JournalDirectory, recoveryGrace: Duration = .milliseconds(750),
        pauser: (any StreamPauser)? = nil, logger: Logger = Logger(label: "org.audiosession.agent")
    ) {
        self.remote = remote
        self.journalDirectory = journalDirectory
        self.recoveryGrace = recoveryGrace
        self.pauser = pauser
        self.logger = logger
    }
}
