/// The YAML 1.2 core schema (YAML 1.2.2 §10.3): tag resolution of plain scalars and typed values.
///
/// Resolution (§10.3.2) of a plain scalar's text, in this order:
/// - null: `null`, `Null`, `NULL`, `~` and the empty scalar;
/// - bool: `true`, `True`, `TRUE`, `false`, `False`, `FALSE` (`yes`, `on`, ... are strings in YAML 1.2);
/// - int: `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`;
/// - float: `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?`, `[-+]?\.(inf|Inf|INF)`, `\.nan|\.NaN|\.NAN`;
/// - everything else: str.
/// Quoted and block scalars are always str; the non-specific tag `!` makes a node str, seq or map by
/// its kind (§6.9.1).
public enum CoreSchema {
    /// `tag:yaml.org,2002:null`.
    public static let nullTag = "tag:yaml.org,2002:null"
    /// `tag:yaml.org,2002:bool`.
    public static let boolTag = "tag:yaml.org,2002:bool"
    /// `tag:yaml.org,2002:int`.
    public static let intTag = "tag:yaml.org,2002:int"
    /// `tag:yaml.org,2002:float`.
    public static let floatTag = "tag:yaml.org,2002:float"
    /// `tag:yaml.org,2002:str`.
    public static let strTag = "tag:yaml.org,2002:str"
    /// `tag:yaml.org,2002:seq`.
    public static let seqTag = "tag:yaml.org,2002:seq"
    /// `tag:yaml.org,2002:map`.
    public static let mapTag = "tag:yaml.org,2002:map"
    /// `tag:yaml.org,2002:merge`, the YAML 1.1 merge key type (`<<`), which is not part of YAML 1.2.
    public static let mergeTag = "tag:yaml.org,2002:merge"
    /// The non-specific tag `!` (§6.9.1).
    public static let nonSpecificTag = "!"

    /// The core-schema tag of a plain (unquoted, untagged) scalar whose content is `text`.
    public static func resolvePlainScalarTag(_ text: String) -> String {
        var copy = text
        return copy.withUTF8 { isIntegerForm($0) ? intTag : resolve($0)?.tag ?? strTag }
    }

    /// ``resolvePlainScalarTag(_:)`` of the UTF-8 bytes `text`, without a `String` (``EventCheck``'s mapping keys).
    package static func resolvePlainScalarTag(bytes text: UnsafeBufferPointer<UInt8>) -> String {
        isIntegerForm(text) ? intTag : resolve(text)?.tag ?? strTag
    }

    /// False when a plain scalar whose content starts with `byte` is a str whatever follows (no null, bool,
    /// int or float form starts with it: what ``resolvePlainScalarTag(bytes:)`` reads first).
    package static func mayResolveToNonString(startingWith byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "t"), UInt8(ascii: "T"),
             UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"),
             UInt8(ascii: "+"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }

    /// The typed value of a plain (unquoted, untagged) scalar whose content is `text`.
    public static func value(ofPlainScalar text: String) -> ScalarValue {
        var copy = text
        return copy.withUTF8 { resolve($0) } ?? .string(text)
    }

    /// The value of a scalar whose content is `text` under the explicit core-schema `tag`
    /// (e.g. `!!int "0x1F"` is 31). Returns nil when `tag` is not a core-schema scalar tag or when
    /// `text` is not a form of that type; a float tag also accepts the int forms, as floats.
    public static func value(of text: String, tag: String) -> ScalarValue? {
        switch tag {
        case strTag: return .string(text)
        case nullTag, boolTag, intTag, floatTag:
            var copy = text
            guard let v = copy.withUTF8({ resolve($0) }) else { return nil }
            switch (tag, v) {
            case (nullTag, .null), (boolTag, .bool), (intTag, .integer), (intTag, .bigInteger),
                 (floatTag, .float):
                return v
            case (floatTag, .integer(let i)): return .float(Double(i))
            case (floatTag, .bigInteger(let s)): return .float(Double(s) ?? .infinity)
            default: return nil
            }
        default: return nil
        }
    }

    // MARK: - Matching

    /// The non-string value `bytes` denotes, nil for a string.
    private static func resolve(_ b: UnsafeBufferPointer<UInt8>) -> ScalarValue? {
        let n = b.count
        if n == 0 { return .null }
        switch b[0] {
        case UInt8(ascii: "~"): return n == 1 ? .null : nil
        // The length first: most words starting with these letters are strings (keys such as `name`).
        case UInt8(ascii: "n"), UInt8(ascii: "N"):
            return n == 4 && matchesAny(b, ["null", "Null", "NULL"]) ? .null : nil
        case UInt8(ascii: "t"), UInt8(ascii: "T"):
            return n == 4 && matchesAny(b, ["true", "True", "TRUE"]) ? .bool(true) : nil
        case UInt8(ascii: "f"), UInt8(ascii: "F"):
            return n == 5 && matchesAny(b, ["false", "False", "FALSE"]) ? .bool(false) : nil
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            return number(b)
        default: return nil
        }
    }

    private static func matchesAny(_ b: UnsafeBufferPointer<UInt8>, _ words: [StaticString]) -> Bool {
        words.contains { w in
            w.utf8CodeUnitCount == b.count
                && w.withUTF8Buffer { wb in wb.elementsEqual(b) }
        }
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    /// True when `b` is one of the int forms ``number(_:)`` accepts (`[-+]?[0-9]+`, `0o[0-7]+`,
    /// `0x[0-9a-fA-F]+`): its tag is known without building the value (and its digit array). False for
    /// everything else, including the other int spellings `number` does not accept.
    private static func isIntegerForm(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = b.count
        guard n > 0 else { return false }
        if n > 2 && b[0] == UInt8(ascii: "0") && (b[1] == UInt8(ascii: "o") || b[1] == UInt8(ascii: "x")) {
            let radix = b[1] == UInt8(ascii: "o") ? 8 : 16
            for c in b[2...] {
                guard let d = digitValue(c), d < radix else { return false }
            }
            return true
        }
        let i = b[0] == UInt8(ascii: "-") || b[0] == UInt8(ascii: "+") ? 1 : 0
        guard i < n else { return false }
        for c in b[i...] where !isDigit(c) { return false }
        return true
    }

    /// int or float forms, nil otherwise.
    private static func number(_ b: UnsafeBufferPointer<UInt8>) -> ScalarValue? {
        let n = b.count
        if n > 2 && b[0] == UInt8(ascii: "0") && (b[1] == UInt8(ascii: "o") || b[1] == UInt8(ascii: "x")) {
            let radix = b[1] == UInt8(ascii: "o") ? 8 : 16
            var digits: [UInt8] = []
            digits.reserveCapacity(n - 2)
            for c in b[2...] {
                guard let d = digitValue(c), d < radix else { return nil }
                digits.append(UInt8(d))
            }
            return integer(negative: false, digits: digits, radix: radix)
        }
        var i = 0
        var negative = false
        if b[0] == UInt8(ascii: "-") || b[0] == UInt8(ascii: "+") { negative = b[0] == UInt8(ascii: "-"); i = 1 }
        guard i < n else { return nil }
        // Special floats.
        if b[i] == UInt8(ascii: ".") && n - i == 4 {
            let rest = UnsafeBufferPointer(rebasing: b[i...])
            if matchesAny(rest, [".inf", ".Inf", ".INF"]) { return .float(negative ? -.infinity : .infinity) }
            if i == 0 && matchesAny(rest, [".nan", ".NaN", ".NAN"]) { return .float(.nan) }
        }
        // Integer part.
        let intStart = i
        while i < n && isDigit(b[i]) { i += 1 }
        let intDigits = i - intStart
        if i == n {
            guard intDigits > 0 else { return nil }
            return integer(negative: negative, digits: b[intStart..<n].map { $0 - 0x30 }, radix: 10)
        }
        // Fraction.
        if b[i] == UInt8(ascii: ".") {
            i += 1
            let fracStart = i
            while i < n && isDigit(b[i]) { i += 1 }
            if intDigits == 0 && i == fracStart { return nil }
        } else if intDigits == 0 {
            return nil
        }
        // Exponent.
        if i < n && (b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E")) {
            i += 1
            if i < n && (b[i] == UInt8(ascii: "-") || b[i] == UInt8(ascii: "+")) { i += 1 }
            let expStart = i
            while i < n && isDigit(b[i]) { i += 1 }
            if i == expStart { return nil }
        }
        guard i == n else { return nil }
        let text = String(decoding: b, as: UTF8.self)
        guard let d = Double(text) else { return nil }
        return .float(d)
    }

    private static func digitValue(_ c: UInt8) -> Int? {
        switch c {
        case 0x30...0x39: return Int(c - 0x30)
        case 0x61...0x66: return Int(c - 0x61 + 10)
        case 0x41...0x46: return Int(c - 0x41 + 10)
        default: return nil
        }
    }

    /// Longest hexadecimal/octal digit run converted to decimal for `.bigInteger`; longer literals keep
    /// a lowercase `0x`/`0o` canonical text so that conversion stays cheap.
    private static let maxConvertedDigits = 4096

    /// The integer whose digits (most significant first, each < radix) are `digits`.
    private static func integer(negative: Bool, digits: [UInt8], radix: Int) -> ScalarValue {
        let significant = digits.drop { $0 == 0 }
        var magnitude: UInt64 = 0
        var overflow = false
        for d in significant {
            let (m, o1) = magnitude.multipliedReportingOverflow(by: UInt64(radix))
            let (a, o2) = m.addingReportingOverflow(UInt64(d))
            if o1 || o2 { overflow = true; break }
            magnitude = a
        }
        if !overflow {
            if !negative && magnitude <= UInt64(Int64.max) { return .integer(Int64(magnitude)) }
            if negative && magnitude <= UInt64(Int64.max) + 1 {
                return .integer(magnitude == UInt64(Int64.max) + 1 ? .min : -Int64(magnitude))
            }
        }
        let sign = negative ? "-" : ""
        let digitChars = Array("0123456789abcdef".utf8)
        if radix == 10 {
            return .bigInteger(sign + String(decoding: significant.map { digitChars[Int($0)] }, as: UTF8.self))
        }
        if significant.count > maxConvertedDigits {
            let prefix = radix == 8 ? "0o" : "0x"
            return .bigInteger(sign + prefix + String(decoding: significant.map { digitChars[Int($0)] }, as: UTF8.self))
        }
        // Base conversion into limbs of 10^9, least significant first.
        var limbs: [UInt64] = [0]
        for d in significant {
            var carry = UInt64(d)
            for k in limbs.indices {
                let v = limbs[k] * UInt64(radix) + carry
                limbs[k] = v % 1_000_000_000
                carry = v / 1_000_000_000
            }
            while carry > 0 { limbs.append(carry % 1_000_000_000); carry /= 1_000_000_000 }
        }
        var text = sign + String(limbs[limbs.count - 1])
        for limb in limbs.dropLast().reversed() {
            let s = String(limb)
            text += String(repeating: "0", count: 9 - s.count) + s
        }
        return .bigInteger(text)
    }
}
