/// A regular expression written in the ECMA-262 dialect that JSON Schema's `pattern`,
/// `patternProperties` and `format: regex` use (JSON Schema 2020-12 Core §6.4), compiled once with the
/// standard library's `Regex`.
///
/// The translation covers the common differences: `\d` and `\w` are ASCII-only, `\s` includes U+FEFF,
/// `\cX` control escapes, `[^]` (any character) and `[]` (nothing); matching works on Unicode scalars
/// (so `.` is one code point, not a grapheme cluster) and is unanchored, like `RegExp.prototype.test`.
final class ECMARegex: @unchecked Sendable {
    // @unchecked: the compiled Regex is immutable after init and only read.
    /// The pattern as written in the schema.
    let source: String
    private let regex: Regex<AnyRegexOutput>

    /// Compiles `pattern`; nil when it is not a valid regular expression.
    init?(_ pattern: String) {
        source = pattern
        guard let translated = Self.translate(pattern),
              let compiled = try? Regex(translated) else { return nil }
        regex = compiled.matchingSemantics(.unicodeScalar).asciiOnlyDigits().asciiOnlyWordCharacters()
    }

    /// True when the pattern matches somewhere in `text`.
    func matches(_ text: String) -> Bool {
        (try? regex.firstMatch(in: text)) != nil
    }

    /// ECMA-262 pattern -> Swift regex syntax; nil for constructs ECMA-262 rejects that Swift would accept.
    static func translate(_ pattern: String) -> String? {
        let chars = Array(pattern.unicodeScalars)
        var out = ""
        var i = 0
        var inClass = false
        while i < chars.count {
            let c = chars[i]
            if c == "\\" {
                guard i + 1 < chars.count else { return nil }
                let e = chars[i + 1]
                i += 2
                switch e {
                case "c":
                    guard i < chars.count, chars[i].isASCIILetter else {
                        out += "\\\\c"
                        continue
                    }
                    let code = chars[i].value % 32
                    out += "\\u{" + String(code, radix: 16) + "}"
                    i += 1
                case "s": out += inClass ? "\\s\\u{FEFF}" : "[\\s\\u{FEFF}]"
                case "S": out += inClass ? "\\S" : "[^\\s\\u{FEFF}]"
                case "a", "e", "A", "z", "Z", "h", "H", "R", "X", "K", "G", "o", "O", "N", "Q", "E":
                    // Not escapes in ECMA-262 Unicode mode, but meaningful to Swift: reject.
                    return nil
                default:
                    out += "\\" + String(e)
                }
                continue
            }
            if inClass {
                if c == "]" { inClass = false }
                if c == "[" { out += "\\[" } else { out.unicodeScalars.append(c) }
                i += 1
                continue
            }
            if c == "(", i + 2 < chars.count, chars[i + 1] == "?" {
                // Python-style groups, comments and global inline flags are not ECMA-262.
                let next = chars[i + 2]
                if next == "P" || next == "#" { return nil }
                if next.isASCIILetter {
                    var j = i + 2
                    while j < chars.count, chars[j].isASCIILetter || chars[j] == "-" { j += 1 }
                    if j < chars.count, chars[j] == ")" { return nil }
                }
            }
            if c == "[" {
                if i + 2 < chars.count, chars[i + 1] == "^", chars[i + 2] == "]" {
                    out += "[\\s\\S]"
                    i += 3
                    continue
                }
                if i + 1 < chars.count, chars[i + 1] == "]" {
                    out += "(?!)"
                    i += 2
                    continue
                }
                inClass = true
                out += "["
                i += 1
                if i < chars.count, chars[i] == "^" { out += "^"; i += 1 }
                // A `]` first in a class is a literal in Swift but ends an empty class in ECMA-262;
                // handled above, so nothing more here.
                continue
            }
            out.unicodeScalars.append(c)
            i += 1
        }
        return out
    }
}

extension Unicode.Scalar {
    /// True for `A`–`Z` and `a`–`z`.
    var isASCIILetter: Bool { (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) }
}
