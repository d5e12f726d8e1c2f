/// Finds the accepted name closest to a misspelt one, for "did you mean" hints.
enum NearestName {
    /// The closest candidate within a small edit distance (a third of the name, at least 2), or `nil`.
    static func suggestion(for name: String, among candidates: [String]) -> String? {
        let lowered = name.lowercased()
        let limit = max(2, lowered.count / 3)
        var best: (name: String, distance: Int)?
        let length = lowered.unicodeScalars.count
        // The distance is at least the difference in length: skip what cannot be near (and a
        // megabyte-long name costs nothing).
        for candidate in candidates where abs(candidate.unicodeScalars.count - length) <= limit {
            let distance = editDistance(Array(lowered.unicodeScalars), Array(candidate.lowercased().unicodeScalars))
            if distance <= limit, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
