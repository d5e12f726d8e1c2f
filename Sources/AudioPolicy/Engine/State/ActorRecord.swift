/// What an active participant is doing to others, so it can undo exactly that.
struct ActorRecord: Hashable, Sendable {
    var interruptedSessions: Set<SessionID> = []
    var silencedStreams: Set<StreamID> = []
    var duckedStreams: Set<StreamID> = []
    var isDucking = false
}
