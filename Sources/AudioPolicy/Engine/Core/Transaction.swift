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

    init(release: Explanation, resume: Bool) {
        self.release = release
        self.resume = resume
    }
}
