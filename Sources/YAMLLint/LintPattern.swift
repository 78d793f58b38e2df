/// Regular expressions as yamllint uses them (Python `re.search` / `re.match` on scalar values), through
/// the standard library's `Regex`, compiled once per pattern per lint run. An invalid pattern matches
/// nothing (the configuration loader accepts any string, as yamllint does until it uses it).
///
/// The regex sits in a box: `Regex` is a resilient standard-library type whose size is known only at run
/// time, and a rule holding one inline would make the linter's per-token state (``LintRun``) a type of
/// unknown layout, every access to it going through type metadata.
struct LintPattern: Sendable {
    /// `@unchecked`: `Regex<AnyRegexOutput>` is not `Sendable` only because of its output type; the
    /// regex is immutable (the standard library compiles it thread-safely on first use), and only
    /// match/no-match answers leave this type, never an output.
    private final class Box: @unchecked Sendable {
        let regex: Regex<AnyRegexOutput>
        init(_ regex: Regex<AnyRegexOutput>) { self.regex = regex }
    }
    private let box: Box?
    private var regex: Regex<AnyRegexOutput>? { box?.regex }

    init(_ pattern: String) { box = (try? Regex(pattern)).map(Box.init) }

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
