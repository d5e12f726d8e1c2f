/// What ``StreamDuck/step(shown:at:)`` asks the enforcer to do next.
///
/// ```swift
/// switch music.step(shown: volume, at: .now) {
/// case .write(let level, let isLast): server.set(level); if isLast { repairRestoreEntry() }
/// case .userChanged(let entry): try journal.record(entry)
/// case .wait: break
/// }
/// ```
public enum DuckStep: Hashable, Sendable {
    /// Write `level`; `isLast` when the ramp ends with it (at the user's level when
    /// ``StreamDuck/isAtBase``, so its pending volume restore can be cleared once written).
    case write(LevelBase, isLast: Bool)
    /// The user changed the level: the duck has ended for this stream and its level is kept.
    /// Record the entry (it carries the new base) and write nothing.
    case userChanged(JournalEntry)
    /// No step is due yet.
    case wait
}
