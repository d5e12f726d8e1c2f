/// Bounds on what a problem quotes from a file.
enum ProblemText {
    /// The first `limit` characters of `text`, ending in `…` when it was longer.
    static func abbreviated(_ text: String, to limit: Int) -> String {
        let head = text.prefix(limit)
        return head.endIndex == text.endIndex ? text : String(head) + "…"
    }
}
