/// Work the enforcer hands to the bus side; queued, never waited for.
enum MprisRequest: Sendable {
    /// A stream was silenced: pause the player behind `processID` if it is playing.
    case pause(MprisStreamKey, processID: Int32?)
    /// A stream was released with permission to resume; `afterwards` runs once the player was
    /// asked to play (or at once, when nothing is to be played).
    case resume(MprisStreamKey, afterwards: @Sendable () -> Void)
    /// A stream was released without permission to resume: forget it, play nothing.
    case release(MprisStreamKey)
}
