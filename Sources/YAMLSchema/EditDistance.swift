/// Levenshtein distance (insertions, deletions, substitutions on Unicode scalars), for "did you mean"
/// suggestions.
package enum EditDistance {
    /// The distance between `a` and `b`, or nil once it exceeds `limit`.
    package static func distance(_ a: String, _ b: String, limit: Int) -> Int? {
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        if abs(x.count - y.count) > limit { return nil }
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMinimum = Swift.min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return nil }
            swap(&previous, &current)
        }
        return previous[y.count] <= limit ? previous[y.count] : nil
    }

    /// The candidate closest to `word` when close enough to be a likely typo (at most a third of the
    /// word's length, at least 1, at most 3 edits; case-only differences count as closest); nil otherwise.
    package static func closest(to word: String, among candidates: [String]) -> String? {
        let limit = Swift.min(3, Swift.max(1, word.unicodeScalars.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != word {
            if candidate.lowercased() == word.lowercased() { return candidate }
            if let d = distance(word, candidate, limit: limit), d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        return best?.name
    }
}
