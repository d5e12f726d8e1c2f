/// One read of the restore database at a time: a change while it is on its way asks for one more
/// read after it, so a burst of changes (a ramp's steps, each saved) costs two reads, not one per
/// change, and the last change is always read.
///
/// ```swift
/// guard read.begin() else { return }          // a read is on its way: it is read again after
/// connection.readStreamRestoreEntries { entries in
///     compare(entries)
///     if read.end() { restoreStoreChanged() } // changed meanwhile
/// }
/// ```
struct RestoreStoreRead {
    private var isReading = false
    private var changedMeanwhile = false

    /// Whether a read may start now; otherwise the change is kept for ``end()``.
    mutating func begin() -> Bool {
        guard !isReading else {
            changedMeanwhile = true
            return false
        }
        isReading = true
        return true
    }

    /// Ends the read; `true` when the database changed while it was on its way.
    mutating func end() -> Bool {
        defer { isReading = false; changedMeanwhile = false }
        return changedMeanwhile
    }
}
