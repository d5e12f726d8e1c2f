/// A change of the agent's that is still in effect and must be undone when its cause ends, when
/// the agent stops, or by the next agent after a crash.
///
/// ```swift
/// for restore in journal.pendingRestores {
///     switch restore {
///     case .volume(let stream, let base, _): print("set the \(base) of \(stream) back")
///     case .silence(let stream, .mute(let wasMuted)): print("mute \(stream): \(wasMuted)")
///     case .silence(let stream, .pause): print("start \(stream)")
///     case .device(let stream, let device): print("move \(stream) back to \(device)")
///     case .module(let name, let argument): print("load-module \(name) \(argument)")
///     case .restoreEntry(let stream, let name): print("repair \(name) with the restores of \(stream)")
///     case .cardProfile(let card, let profile): print("set-card-profile \(card) \(profile)")
///     case .process(let pid, _, let command): print("end \(pid) (\(command))")
///     case .clockSetting(let key, let previous, _): print("pw-metadata -n settings 0 \(key) \(previous ?? "(none)")")
///     }
/// }
/// ```
public enum PendingRestore: Hashable, Sendable {
    /// Put the stream's volume (or node factor) back to the user's `base`. `appliedLevel` is the
    /// ducking level last recorded, or `nil` once the user took the stream over (its volume is
    /// `base` already).
    case volume(StreamSerial, base: LevelBase, appliedLevel: Double?)
    /// Let the stream sound again: its mute state back, or a Start for a paused node.
    case silence(StreamSerial, by: SilenceMechanism)
    /// Move the stream back to the device with this name.
    case device(StreamSerial, originalDevice: String)
    /// Load the module again with this argument.
    case module(name: String, argument: String)
    /// Not a change to undo but where to undo it after the stream has gone: the stream's entry in
    /// the server's restore database, to be written with the stream's other pending restores.
    case restoreEntry(StreamSerial, name: String)
    /// Switch the card with this name back to the profile it had.
    case cardProfile(card: String, originalProfile: String)
    /// End the helper process with this PID if it is still the one started at `startTime`.
    case process(pid: Int32, startTime: UInt64, command: String)
    /// Write `previous` back to the `settings` metadata's `key` (remove it when `nil`) if it still
    /// holds `written`, the agent's value.
    case clockSetting(key: String, previous: String?, written: String)

    /// What this restore puts back.
    public var key: RestoreKey {
        switch self {
        case .volume(let stream, _, _): .volume(stream)
        case .silence(let stream, _): .silence(stream)
        case .device(let stream, _): .device(stream)
        case .module(let name, let argument): .module(name: name, argument: argument)
        case .restoreEntry(let stream, _): .restoreEntry(stream)
        case .cardProfile(let card, _): .cardProfile(card: card)
        case .process(let pid, let startTime, _): .process(pid: pid, startTime: startTime)
        case .clockSetting(let key, _, _): .clockSetting(key: key)
        }
    }
}
