/// One row of `ListSessions`.
struct ListedSession: Sendable, CustomStringConvertible {
    var id: String
    var category: String
    var options: [String]
    var activity: String

    var description: String { "\(id) \(category) \(options) \(activity)" }
}
