/// One line of a journal file after its header: a change recorded, or a restore done.
enum JournalRecord: Hashable, Sendable {
    case entry(JournalEntry)
    case clear(RestoreKey)
}
