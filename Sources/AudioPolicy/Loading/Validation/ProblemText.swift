/// Bounds on what a problem quotes from a file.
enum ProblemText {
    /// The first `limit` characters of `text`, ending in `…` when it was longer.
    static func abbreviated(_ text: String, to limit: Int) -> String {
        var end = text.startIndex
        var count = 0
        while end < text.endIndex, count < limit {
            text.formIndex(after: &end)
            count += 1
        }
        return end == text.endIndex ? text : String(text[..<end]) + "…"
    }
}
