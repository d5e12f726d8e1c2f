import AudioSessionModel

/// The bookkeeping of one event: stream effects before it, session signals so far, and how
/// releases happen (resume or not), so decisions are the diff between before and after.
struct Transaction: Sendable {
    /// Why things that end during this event end (`deactivated with notify-others`, ...).
    var release: Explanation
    /// Whether streams unsilenced during this event may resume.
    var resume: Bool
    var effectsBefore: [StreamID: StreamEffect] = [:]
    var touchedOrder: [StreamID] = []
    var sessionDecisions: [PolicyDecision] = []
    /// Participants whose sounding or mixability may have changed.
    var dirty: Set<Participant> = []
    /// Sessions whose category may have changed, for the secondary-audio hint.
    var hintCandidates: Set<SessionID> = []
    /// Why routes that change during this event change, when the event says (a device came or went).
    var routeReason: RouteChangeReason?
    /// Streams released during this event that must not resume: a player paused after its device
    /// was unplugged stays paused ("not resumed by accident").
    var neverResume: Set<StreamID> = []
    /// Whether a card appeared or changed, so profiles are decided again.
    var cardsDirty = false
    /// Whether every session's route must be computed again (a device or default changed).
    var allRoutesDirty = false
    /// Sessions whose route may have changed.
    var routesDirty: Set<SessionID> = []
    /// Default-device changes and moves, carried out after the stream effects.
    var routingDecisions: [PolicyDecision] = []
    /// A reason for one session only (its category changed, it overrode its output).
    var sessionRouteReasons: [SessionID: RouteChangeReason] = [:]
    /// Whether sessions are told their route even when it did not change (the system woke).
    var announceUnchangedRoutes = false

    init(release: Explanation, resume: Bool) {
        self.release = release
        self.resume = resume
    }
}
