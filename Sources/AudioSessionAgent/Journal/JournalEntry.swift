/// A change the agent is about to make on the server, recorded so it can be undone.
///
/// Record the entry *before* making the change: a crash in between then leaves a restore that
/// is harmless to carry out, never a change nobody knows about.
///
/// ```swift
/// try journal.record(.duck(4711, base: .streamVolume(StreamVolume([65536, 65536])), level: 0.3))
/// try journal.record(.duck(4712, base: .nodeFactor(1), level: 0.3))
/// try journal.record(.silence(4713, by: .pause))
/// try journal.record(.moduleUnloaded(name: "module-role-cork", argument: ""))
/// ```
///
/// The entries say what was done in words either backend reads: a level (``LevelBase``) and a
/// silence (``SilenceMechanism``) name the control that was used, so an agent can undo what its
/// backend can and say what it cannot.
public enum JournalEntry: Hashable, Sendable {
    /// The stream is being ducked to `level` (a linear amplitude factor) from the user's `base`,
    /// which also names the control scaled. A second duck of the same stream keeps the first
    /// base: the base is always the user's.
    case duck(StreamSerial, base: LevelBase, level: Double)
    /// The user changed the stream's volume while it was ducked: the duck has ended for this
    /// stream and `base` is its volume now.
    case userVolume(StreamSerial, base: LevelBase)
    /// The stream is being silenced by the given mechanism (its mute, or a node's Pause).
    case silence(StreamSerial, by: SilenceMechanism)
    /// The stream is being moved away from the device named `originalDevice`.
    case move(StreamSerial, originalDevice: String)
    /// A server module is being unloaded; `argument` reloads it as it was.
    case moduleUnloaded(name: String, argument: String)
    /// The server's restore database keeps the stream's volume, mute state and device under
    /// `name` (stream-restore's `sink-input-by-media-role:music`, a WirePlumber route-settings
    /// key): after the stream has gone, possibly with the agent that ducked it, the entry can
    /// still be repaired to the user's values.
    case restoreEntry(StreamSerial, name: String)
    /// The card named `card` is being switched away from `originalProfile` (a Bluetooth headset
    /// to its headset profile for a call). A second switch keeps the first original.
    case cardProfile(card: String, originalProfile: String)
    /// The agent is starting a helper process (a native echo canceller) that must end with the
    /// agent: `startTime` (clock ticks after boot, `/proc/PID/stat`) tells it from a later process
    /// that got the same PID, and `command` is what it runs, for the log.
    case spawnedProcess(pid: Int32, startTime: UInt64, command: String)
    /// A key of PipeWire's `settings` metadata (`clock.force-rate`, `clock.force-quantum`) is being
    /// set to `written` for a session's hardware preference; `previous` is what it was (`nil`:
    /// absent). A second write keeps the first `previous`.
    case clockSetting(key: String, previous: String?, written: String)

    /// What undoing this entry restores.
    public var key: RestoreKey {
        switch self {
        case .duck(let stream, _, _), .userVolume(let stream, _): .volume(stream)
        case .silence(let stream, _): .silence(stream)
        case .move(let stream, _): .device(stream)
        case .moduleUnloaded(let name, let argument): .module(name: name, argument: argument)
        case .restoreEntry(let stream, _): .restoreEntry(stream)
        case .cardProfile(let card, _): .cardProfile(card: card)
        case .spawnedProcess(let pid, let startTime, _): .process(pid: pid, startTime: startTime)
        case .clockSetting(let key, _, _): .clockSetting(key: key)
        }
    }
}
