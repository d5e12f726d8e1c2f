/// What ``DuckedStream/step(read:)`` asks the enforcer to do next.
///
/// ```swift
/// switch music.step(read: volume) {
/// case .write(let volume, let offset): schedule(volume, at: offset)
/// case .userChanged(let entry): try journal.record(entry)
/// case .finished(let restored): if restored { try journal.clear(.volume(music.serial)) }
/// }
/// ```
public enum DuckStep: Hashable, Sendable {
    /// Write `volume`, at `atMilliseconds` from the start of the ramp, then read and step again.
    case write(StreamVolume, atMilliseconds: Int)
    /// The user changed the volume: the duck has ended for this stream and its volume is kept.
    /// Record the entry (it carries the new base) and write nothing.
    case userChanged(JournalEntry)
    /// The ramp is done; `restored` when the stream is back at its user's volume, so its pending
    /// volume restore can be cleared.
    case finished(restored: Bool)
}
