import YAMLSyntax

/// Regular expressions as yamllint uses them (Python `re.search` / `re.fullmatch` on scalar values),
/// through our bounded backtracking matcher (``BoundedRegex``, dialect ``BoundedRegex/Dialect/python``),
/// compiled once per pattern per lint run. An invalid pattern matches nothing (the configuration loader
/// accepts any string, as yamllint does until it uses it).
///
/// Every match has a step budget (``BoundedRegex/defaultStepBudget``), so a pattern such as `^(a+)+$`
/// in `quoted-strings: extra-required` cannot hang the linter: a match the budget cannot decide counts
/// as no match.
///
/// The regex sits in a box so the linter's per-token state (``LintRun``) stays small.
struct LintPattern: Sendable {
    private final class Box: Sendable {
        let regex: BoundedRegex
        init(_ regex: BoundedRegex) { self.regex = regex }
    }
    private let box: Box?

    init(_ pattern: String) { box = (try? BoundedRegex(pattern, dialect: .python)).map(Box.init) }

    /// Python `re.search(pattern, value)`: true when the pattern matches anywhere in `value`.
    func search(_ value: String) -> Bool {
        box?.regex.firstMatch(in: value) == .match
    }

    /// True when the pattern matches the whole of `value`.
    func wholeMatch(_ value: String) -> Bool {
        box?.regex.firstMatch(in: value, whole: true) == .match
    }
}
