import AudioSessionContract
import AudioSessionModel

/// Everything the session's synchronous getters read, behind the core's lock.
struct SessionState: Sendable {
    /// What the app declared (validated).
    var configuration = SessionConfiguration.initial
    /// Whether the session is active as far as the app is concerned: set by a successful
    /// `setActive(true)`, cleared by `setActive(false)` and by an interruption.
    var isActive = false
    /// The agent's registration; `nil` while no agent runs (or before it answered).
    var registration: AgentRegistration?
    /// The stream token the last agent gave, kept while no agent runs: streams opened meanwhile
    /// carry it, and the next registration asks to keep it.
    var lastStreamToken: String?
    /// The secret the token derives from: sent with it at the next registration to prove the
    /// token is this session's. Never put on a stream.
    var lastTokenSecret: String?
    /// The loss delivered and not yet followed by a reset: one loss is told once, however many
    /// parts went (the agent announces the server's loss, then exits itself).
    var outstandingLoss: MediaServicesCause?
    /// The last secondary-audio hint: `true` between `begin` and `end`.
    var secondaryAudioShouldBeSilenced = false
    /// Hardware preferences the app asked for.
    var preferredSampleRate: Double?
    var preferredIOBufferDuration: Duration?
    /// What the agent last reported of the server (`GetHardwareValues`); `nil` before it answered
    /// and while no agent runs.
    var hardwareValues: HardwareValuesReply?
    /// The app's echo-cancellation choice; `nil` until it made one (its mode then decides).
    var prefersEchoCancelledInput: Bool?
    /// The yes-or-no preferences the app set (`setPrefersInterruptionOnRouteDisconnect` and the
    /// like); one it never set is `false`.
    var preferences: [SessionPreference: Bool] = [:]
    /// The app's input mute (`setInputMuted`), as the agent last took it.
    var isInputMuted = false
    /// The input mute last published on ``SessionCore/inputMutes``.
    var publishedInputMuted = false
    /// The input the app prefers (a source name), or `nil` for the server's default.
    var preferredInputUID: String?
    /// The output override (`.speaker` routes the session's streams to a built-in speaker).
    var outputOverride: AudioSession.PortOverride = .none
    /// The route last seen by the session's own server reads, for local route-change events.
    var lastLocalRoute: AudioSession.RouteDescription?
    /// The default sink's volume last published.
    var lastOutputVolume: Float?
    /// Whether an input existed when the server last changed, for ``SessionCore/inputAvailabilities``.
    var lastInputAvailable: Bool?
    /// The channel counts the app prefers for its own players' and recorders' streams (0: their
    /// formats').
    var preferredOutputChannels = 0
    var preferredInputChannels = 0
    var isClosed = false
}
