/// Why a journal line could not be read.
struct JournalLineProblem: Error, Hashable {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}
