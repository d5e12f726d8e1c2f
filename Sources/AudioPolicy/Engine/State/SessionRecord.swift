import AudioSessionModel

/// A session as the engine tracks it.
struct SessionRecord: Hashable, Sendable {
    var id: SessionID
    var app: AppIdentity
    var configuration: SessionConfiguration = .initial
    var activity: SessionActivity = .inactive
    /// Everyone whose interruption still holds; the interruption ends when this empties.
    var interruptedBy: Set<Participant> = []
    /// Whether the system's sleep interrupted it (`app-was-suspended`): like an interrupter in
    /// ``interruptedBy``, it holds the interruption until the system woke.
    var suspendedBySleep = false
    /// The input whose mute interrupted it (`built-in-mic-muted`): like an interrupter in
    /// ``interruptedBy``, it holds the interruption until the input is unmuted.
    var mutedInput: DeviceID?
    /// The device whose going away interrupted it (`route-disconnected`, for an app that prefers
    /// it): like ``mutedInput`` it holds the interruption, until the device is back.
    var disconnectedDevice: DeviceID?
    var streams: Set<StreamID> = []
    /// Its playback streams that are running; ducking and primary audio need at least one.
    var soundingPlayback: Set<StreamID> = []
    var registrationOrder: Int
    var activationOrder: Int = 0
    var hintBegun = false
    /// Whether the app has declared a configuration or activated. Hints wait for it: apps register
    /// and then declare their category, and the default solo-ambient in between must not flicker a hint.
    var hasDeclared = false
    /// The route last announced to the session; `nil` until it was first computed.
    var announcedRoute: RouteDescription?
    /// Why the route is settling: the reason a change held back while the route was briefly empty
    /// (a device gone, the server not yet naming its new default) is announced with when it settles.
    var settlingReason: RouteChangeReason?
    /// Whether the session was told that no device suits its category, until one does.
    var noRouteAnnounced = false
    /// `overrideOutputAudioPort(.speaker)`: reverts on a route change and on an interruption.
    var speakerOverride = false
    /// `setPreferredInput`: the input the app chose, while it exists.
    var preferredInput: DeviceID?
    /// `setPrefersEchoCancelledInput`: `nil` until the app asks; the policy weighs it against the mode.
    var echoCancellationRequest: Bool?
    /// The preferences the app set to `true` (`SetSessionPreference`); the policy decides which count.
    var preferences: Set<SessionPreference> = []
    /// `setInputMuted`: the app muted all of its input; its capture streams are silenced.
    var inputMuted = false
    /// Its rank for its configuration, kept current by ``PolicyEngine/refreshStanding(of:)``.
    var standing: RankStanding?
    /// Whether an app rule exempts its app (the app and the policy never change under a record).
    var appExempt = false

    /// Whether an interruption holds it: an interrupter, the system's sleep, a muted input or a
    /// device gone from its route.
    var isInterrupted: Bool { !interruptedBy.isEmpty || suspendedBySleep || mutedInput != nil || disconnectedDevice != nil }
}
