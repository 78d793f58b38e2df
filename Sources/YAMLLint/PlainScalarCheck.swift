/// Whether a string written as a plain scalar in block context (after `key: `) scans back as exactly
/// that plain scalar, following the plain-scalar rules PyYAML's scanner applies (YAML 1.1 §9.1.3, which
/// agree with YAML 1.2.2 §7.3.3 for these cases). Used by `quoted-strings: {required: only-when-needed}`.
public enum PlainScalarCheck {
    /// True when `value` could be written plain without changing its content.
    public static func scansAsSamePlainScalar(_ value: String) -> Bool {
        let s = Array(value.unicodeScalars)
        guard let first = s.first, let last = s.last else { return false }
        func isSpace(_ c: Unicode.Scalar?) -> Bool { c == nil || c == " " || c == "\t" || c == "\n" || c == "\r" }
        if first == " " || first == "\t" || last == " " || last == "\t" { return false }
        // YAML 1.2.2 §7.3.3 allows a tab between the words of a plain scalar (`s-white`), but PyYAML's
        // scanner ends a plain scalar at a tab and then cannot start a token with it (a syntax error), so
        // yamllint counts quotes as needed, and unquoting such a value would break YAML 1.1 readers.
        if s.contains("\t") { return false }
        if s.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\u{85}" || $0 == "\u{2028}" || $0 == "\u{2029}" }) {
            return false
        }
        if s.contains(where: { !ValueRule.isPrintable($0) || $0 == "\u{FEFF}" }) { return false }
        if ",[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) { return false }
        if "-?:".unicodeScalars.contains(first) && isSpace(s.count > 1 ? s[1] : nil) { return false }
        for i in s.indices {
            if s[i] == ":" && isSpace(i + 1 < s.count ? s[i + 1] : nil) { return false }
            if s[i] == "#" && i > 0 && (s[i - 1] == " " || s[i - 1] == "\t") { return false }
        }
        return true
    }
}
