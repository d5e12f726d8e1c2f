/// Work the enforcer hands to the bus side; queued, never waited for.
enum MprisRequest: Sendable {
    /// A stream was silenced: pause the player behind `processID` if it is playing.
    case pause(MprisStreamKey, processID: Int32?)
    /// A stream was released with permission to resume.
    case resume(MprisStreamKey)
    /// A stream was released without permission to resume: forget it, play nothing.
    case release(MprisStreamKey)
}
