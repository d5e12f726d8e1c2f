public import AudioPolicy
public import AudioSessionBus
public import Logging
public import ServiceLifecycle
public import SoundServer
import Synchronization

/// Pauses media players over MPRIS when the agent silences their streams, and plays them again
/// afterwards: the ``StreamPauser`` the agent's enforcer calls, and a `Service` that does the bus
/// work. Muting stays the enforcement (audio stops even if a player ignores `Pause`); the pause
/// lets the player stop its position instead of playing on inaudibly.
///
/// The pauser watches every `org.mpris.MediaPlayer2.*` name on the bus (listed at start, then
/// `NameOwnerChanged`), asks the bus for the process behind each player's connection, and follows
/// `PlaybackStatus` through `PropertiesChanged`.
///
/// - **Matching**: a stream belongs to the player whose connection's process is the stream's
///   app's process, as the enforcer names it from the stream and its client (a native PipeWire
///   client's `pipewire.sec.pid`, else `application.process.id`; never pipewire-pulse's own);
///   failing that, to the player
///   of the stream's nearest ancestor process, up to eight levels (a player that plays through a
///   helper process it started). Never through a process the player descends from: a shell or
///   launcher is another app. A stream with no process id, or whose process owns no player, is
///   only muted.
/// - **Pause**: only a player whose status, read fresh from it, is `Playing`; the pauser remembers
///   that it paused it.
/// - **Resume**: `Play` only for a player the pauser paused itself, after the last of its silenced
///   streams is released with permission to resume, and only when the player still reports
///   `Paused`. A player the user plays, pauses again or stops meanwhile is left alone; a release
///   without permission to resume forgets the pause.
/// - **Several streams**: the first silenced stream of a playing player pauses it; later ones join
///   that pause; the player plays again when the last of them is released. Players sharing one
///   process are each paused.
///
/// The enforcer calls ``pause(_:ofProcess:because:)`` and ``resume(_:)`` on the sound server's loop thread:
/// they only queue the request for ``run()``, which handles requests one at a time, in order.
///
/// ```swift
/// let bus = try BusConnection.sessionBus()
/// let pauser = MprisPauser(connection: bus, logger: logger)
/// let agent = try await PulseAgent.start(
///     policy: policy, configuration: PulseAgentConfiguration(journalDirectory: try .runtime(), pauser: pauser))
/// // run `pauser` next to the agent, e.g. in the same ServiceGroup
/// ```
public final class MprisPauser: StreamPauser, Service {
    let connection: BusConnection
    let processes: any ProcessTable
    let logger: Logger
    let book = Mutex(MprisPlayerBook())
    let requests: AsyncStream<MprisRequest>
    private let requestInput: AsyncStream<MprisRequest>.Continuation
    /// How long a player has to answer before the pauser gives up on it.
    let callTimeout: Duration = .seconds(2)

    /// A pauser that talks to players over `connection` (the session bus); run it with ``run()``.
    /// `processes` answers the ancestry questions of the matching rules.
    public init(connection: BusConnection, processes: any ProcessTable = LinuxProcessTable(), logger: Logger) {
        self.connection = connection
        self.processes = processes
        self.logger = logger
        (requests, requestInput) = AsyncStream.makeStream(of: MprisRequest.self)
    }

    deinit { requestInput.finish() }

    /// Queues a pause of the stream's player; returns at once.
    public func pause(_ stream: SoundStream, ofProcess processID: Int32?, because cause: SilenceCause) {
        requestInput.yield(.pause(MprisStreamKey(stream), processID: processID))
    }

    /// Queues a resume of the stream's player, if the pauser paused it; returns at once.
    public func resume(_ stream: SoundStream) {
        resume(stream, then: {})
    }

    /// Queues a resume of the stream's player, if the pauser paused it, and then `afterwards`
    /// (after the player's `Play` call, or at once when it is not to be played); returns at once.
    public func resume(_ stream: SoundStream, then afterwards: @escaping @Sendable () -> Void) {
        requestInput.yield(.resume(MprisStreamKey(stream), afterwards: afterwards))
    }

    /// Queues forgetting the stream's pause without playing; returns at once.
    public func release(_ stream: SoundStream) {
        requestInput.yield(.release(MprisStreamKey(stream)))
    }
}
