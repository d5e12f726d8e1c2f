/// Reads a journal file's bytes back into pending restores (pure: the file I/O is the caller's).
///
/// A last line without its newline, or a last line whose checksum fails, is the write a crash
/// interrupted: it is dropped silently, since the change it announced was never made (entries
/// are recorded before the change). Any other unreadable line is damage: it is skipped, the
/// readable lines still count, and ``firstProblem`` says where it was.
struct JournalReplay {
    /// What the readable lines add up to.
    var ledger = JournalLedger()
    /// Lines read, the header included.
    var lines = 0
    /// The first damaged line (1-based) and why.
    var firstProblem: (line: Int, reason: String)?
    /// How many lines were damaged.
    var damagedLines = 0
    /// Whether a torn last line was dropped.
    var droppedTornLine = false

    init(bytes: [UInt8], serverInstance: String) {
        guard !bytes.isEmpty else { return }
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true {
            lines.removeLast()
        } else {
            lines.removeLast()
            droppedTornLine = true
        }
        var dialect = JournalDialect.current
        for (index, line) in lines.enumerated() {
            let isLast = index == lines.count - 1 && !droppedTornLine
            switch JournalLine.parse(line, dialect: dialect) {
            case .success(.header(let instance, _, let written)) where index == 0:
                guard instance == serverInstance else {
                    damaged(line: 1, "belongs to server instance \"\(instance)\", not \"\(serverInstance)\"")
                    return
                }
                dialect = written
            case .success(.header):
                damaged(line: index + 1, "a second header")
            case .success(.record) where index == 0, .failure where index == 0:
                // Without the header nothing says which server these serials belong to.
                damaged(line: 1, "not an audiosession journal header")
                return
            case .success(.record(let record)):
                ledger.apply(record)
            case .failure where isLast:
                droppedTornLine = true
                continue
            case .failure(let problem):
                damaged(line: index + 1, problem.reason)
                continue
            }
            self.lines += 1
        }
    }

    private mutating func damaged(line: Int, _ reason: String) {
        damagedLines += 1
        if firstProblem == nil { firstProblem = (line, reason) }
        if line == 1 { ledger = JournalLedger() }
    }
}
