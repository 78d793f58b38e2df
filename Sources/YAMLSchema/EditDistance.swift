/// Levenshtein distance (insertions, deletions, substitutions on Unicode scalars), for "did you mean"
/// suggestions.
package enum EditDistance {
    /// The distance between `a` and `b`, or nil once it exceeds `limit`. Only the diagonal band of width
    /// `2 × limit + 1` is computed (cells farther from the diagonal exceed the limit anyway), so two long
    /// strings cost O(length × limit), not O(length²).
    package static func distance(_ a: String, _ b: String, limit: Int) -> Int? {
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        if abs(x.count - y.count) > limit { return nil }
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        let outside = limit + 1
        var previous = (0...y.count).map { Swift.min($0, outside) }
        var current = [Int](repeating: outside, count: y.count + 1)
        for i in 1...x.count {
            let low = Swift.max(1, i - limit), high = Swift.min(y.count, i + limit)
            current[0] = i <= limit ? i : outside
            if low > 1 { current[low - 1] = outside }
            var rowMinimum = current[0]
            if low <= high {
                for j in low...high {
                    let cost = x[i - 1] == y[j - 1] ? 0 : 1
                    current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost, outside)
                    rowMinimum = Swift.min(rowMinimum, current[j])
                }
            }
            if high < y.count { current[high + 1] = outside }
            if rowMinimum > limit { return nil }
            swap(&previous, &current)
        }
        return previous[y.count] <= limit ? previous[y.count] : nil
    }

    /// Lists of more than this many candidates, and words longer than ``maximumWordLength`` scalars, get
    /// no suggestion, so a huge `enum` or `properties` list cannot make one search slow (and the answer
    /// never depends on which candidates came first).
    package static let maximumCandidates = 2_000
    package static let maximumWordLength = 200

    /// The candidate closest to `word` when close enough to be a likely typo (at most a third of the
    /// word's length, at least 1, at most 3 edits; case-only differences count as closest); nil otherwise.
    package static func closest(to word: String, among candidates: [String]) -> String? {
        let limit = Swift.min(3, Swift.max(1, word.unicodeScalars.count / 3))
        guard word.unicodeScalars.count <= maximumWordLength, candidates.count <= maximumCandidates else { return nil }
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != word {
            if candidate.lowercased() == word.lowercased() { return candidate }
            if let d = distance(word, candidate, limit: limit), d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        return best?.name
    }
}
