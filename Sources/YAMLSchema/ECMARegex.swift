import YAMLSyntax

/// A regular expression written in the ECMA-262 dialect that JSON Schema's `pattern`,
/// `patternProperties` and `format: regex` use (JSON Schema 2020-12 Core §6.4), compiled once with our
/// bounded backtracking matcher (``BoundedRegex``, dialect ``BoundedRegex/Dialect/ecma262``).
///
/// `\d` and `\w` are ASCII-only, `\s` includes U+FEFF, `\cX` control escapes, `[^]` (any character)
/// and `[]` (nothing); matching works on Unicode scalars (so `.` is one code point, not a grapheme
/// cluster) and is unanchored, like `RegExp.prototype.test`. Every match attempt has a step budget
/// (``BoundedRegex/defaultStepBudget``): a pattern that backtracks catastrophically on some text gives
/// the answer "too complex" (nil from ``test(_:)``) instead of hanging.
final class ECMARegex: Sendable {
    /// The pattern as written in the schema.
    let source: String
    private let regex: BoundedRegex

    /// Compiles `pattern`; nil when it is not a valid regular expression (or one larger than
    /// ``BoundedRegex/maxProgramSize`` once counted repetitions are expanded).
    init?(_ pattern: String) {
        source = pattern
        guard let compiled = try? BoundedRegex(pattern, dialect: .ecma262) else { return nil }
        regex = compiled
    }

    /// True when the pattern matches somewhere in `text`, false when not, nil when `budget` steps ran
    /// out before an answer.
    func test(_ text: String, budget: Int = BoundedRegex.defaultStepBudget) -> Bool? {
        switch regex.firstMatch(in: text, budget: budget) {
        case .match: return true
        case .noMatch: return false
        case .budgetExceeded: return nil
        }
    }

    /// True when the pattern matches somewhere in `text`; a match the budget could not decide counts as
    /// no match (`patternProperties` then does not apply the member's schema).
    func matches(_ text: String) -> Bool {
        test(text) == true
    }
}
