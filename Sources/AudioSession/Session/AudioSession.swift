@_exported public import AudioSessionModel
import Synchronization

/// An app's audio session: what its audio is (category, mode, options), whether it is active,
/// and what happens to it (interruptions, route changes, secondary-audio hints, media-services
/// resets). AVAudioSession's contract, on a Linux desktop.
///
/// The session talks to the per-user policy agent `audiosessiond` on the session bus, which
/// decides between apps (a call interrupts music, a navigation prompt ducks it) and tells each
/// session what happened. Without the agent the session still works: configurations are
/// validated, activation succeeds locally (with a logged warning), and the route and volumes are
/// read from the sound server directly. When the agent appears later, or comes back after a
/// restart, the session registers again and re-applies its category and activity.
///
/// Most apps use ``shared``. Apps with two independent kinds of audio, and tests, make their own
/// sessions with ``init(applicationID:options:)``; each has its own bus connection.
///
/// ```swift
/// import AudioSession
///
/// let session = AudioSession.shared
/// try session.setCategory(.playback, mode: .default, options: [])
/// try await session.setActive(true)
/// // open streams tagged with session.streamProperties, then play
/// for await interruption in session.interruptions {
///     switch interruption {
///     case .began: pause()
///     case .ended(let options):
///         if options.contains(.shouldResume) { try await session.setActive(true); resume() }
///     }
/// }
/// ```
///
/// The getters are synchronous and cheap: they read the session's state and its live mirror of
/// the sound server. Until the session has looked for the agent and the server (a few
/// milliseconds after it is made; ``waitUntilReady()`` waits for it), server facts read as empty.
public final class AudioSession: Sendable {
    let core: SessionCore
    /// The session's one listening task: the agent's signals and name, the server's changes.
    /// It holds the core, never the session, and ends when the session is closed or released.
    private let listener: Task<Void, Never>

    /// The session of this process: no application id (the agent knows the app by its process),
    /// the environment's bus and sound server.
    ///
    /// ```swift
    /// try AudioSession.shared.setCategory(.playback)
    /// ```
    public static let shared = AudioSession(applicationID: nil)

    /// Makes a session of its own, with its own bus connection.
    ///
    /// - Parameters:
    ///   - applicationID: The app's id, such as its desktop file id (`org.example.Maps`); policy
    ///     rules match on it. `nil` for none: the agent then knows the app by its process.
    ///   - options: Where the bus and the sound server are and how long to wait for the agent;
    ///     the defaults take them from the environment.
    ///
    /// ```swift
    /// let prompts = AudioSession(applicationID: "org.example.Maps")
    /// try prompts.setCategory(.playback, mode: .voicePrompt, options: [.duckOthers])
    /// ```
    public init(applicationID: String?, options: ConnectionOptions = ConnectionOptions()) {
        let core = SessionCore(applicationID: applicationID, options: options)
        self.core = core
        listener = Task { await core.run() }
    }

    /// Waits until the session has looked for the agent (and registered if it runs) and
    /// connected to the sound server. The asynchronous calls wait for it themselves; call it
    /// before reading server facts right after making a session.
    ///
    /// ```swift
    /// let session = AudioSession(applicationID: "org.example.Player")
    /// await session.waitUntilReady()
    /// print(session.currentRoute.outputs.first?.portName ?? "no output")
    /// ```
    public func waitUntilReady() async {
        await core.started.wait()
    }

    /// Ends the session: the agent treats it as a deactivation with notify-others, every
    /// notification sequence ends, and the bus and server connections close. The session is
    /// unusable afterwards. Releasing the last reference does the same.
    ///
    /// ```swift
    /// session.close()
    /// ```
    public func close() {
        listener.cancel()
        core.close()
    }

    deinit { close() }

    /// Whether the session is registered with the agent now (it runs and answered).
    ///
    /// ```swift
    /// if !session.isAgentConnected { print("no policy agent: audio is not coordinated with other apps") }
    /// ```
    public var isAgentConnected: Bool { core.state.withLock { $0.registration != nil } }

    /// The session's id at the agent (what `audiosessionctl status` lists), or `nil` while not
    /// registered.
    ///
    /// ```swift
    /// print(session.agentSessionID ?? "not registered")
    /// ```
    public var agentSessionID: String? { core.state.withLock { $0.registration?.sessionID } }
}
