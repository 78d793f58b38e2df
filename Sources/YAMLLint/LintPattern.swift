/// Regular expressions as yamllint uses them (Python `re.search` / `re.match` on scalar values), through
/// the standard library's `Regex`, compiled once per pattern per lint run. An invalid pattern matches
/// nothing (the configuration loader accepts any string, as yamllint does until it uses it).
struct LintPattern {
    private let regex: Regex<AnyRegexOutput>?

    init(_ pattern: String) { regex = try? Regex(pattern) }

    /// Python `re.search(pattern, value)`: true when the pattern matches anywhere in `value`.
    func search(_ value: String) -> Bool {
        guard let regex else { return false }
        return value.contains(regex)
    }

    /// True when the pattern matches the whole of `value`.
    func wholeMatch(_ value: String) -> Bool {
        guard let regex else { return false }
        return (try? regex.wholeMatch(in: value)) != nil
    }
}
