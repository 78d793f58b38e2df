/// Regular expressions as yamllint uses them (Python `re.search` / `re.match` on scalar values), through
/// the standard library's `Regex`. An invalid pattern matches nothing (the configuration loader reports it).
enum LintPattern {
    /// Python `re.search(pattern, value)`: true when the pattern matches anywhere in `value`.
    static func search(_ pattern: String, in value: String) -> Bool {
        guard let regex = try? Regex(pattern) else { return false }
        return value.contains(regex)
    }

    /// True when `pattern` compiles.
    static func isValid(_ pattern: String) -> Bool { (try? Regex(pattern)) != nil }

    /// A whole-string match of `pattern` (Python `re.match(pattern + '$')` semantics for patterns that
    /// are anchored at the end).
    static func wholeMatch(_ pattern: String, _ value: String) -> Bool {
        guard let regex = try? Regex(pattern) else { return false }
        return (try? regex.wholeMatch(in: value)) != nil
    }
}
