/// Checks for the `format` values the validator asserts (JSON Schema 2020-12 Validation §7.3):
/// `date-time`, `date`, `time` (RFC 3339 §5.6), `duration` (RFC 3339 Appendix A), `email` (RFC 5321
/// mailbox), `idn-email` (RFC 6531, lenient), `hostname` (RFC 1123; IDNA A-labels not decoded),
/// `ipv4`, `ipv6` (RFC 2673/4291), `uri`, `uri-reference` (RFC 3986), `iri`, `iri-reference`
/// (RFC 3987), `uri-template` (RFC 6570), `uuid` (RFC 4122), `regex` (ECMA-262), `json-pointer`
/// (RFC 6901), `relative-json-pointer`. `idn-hostname` and unknown formats are annotations only.
/// The URI-family formats first set shell/CI variable references aside (see `isInterpolatedURI`).
enum FormatChecker {
    /// True/false for a known format; nil for formats that are only annotations.
    static func check(_ format: String, _ s: String) -> Bool? {
        switch format {
        case "date-time": return isDateTime(s)
        case "date": return isDate(Array(s.utf8)[...])
        case "time": return isTime(Array(s.utf8)[...])
        case "duration": return isDuration(s)
        case "email": return isEmail(s, international: false)
        case "idn-email": return isEmail(s, international: true)
        case "hostname": return isHostname(s)
        case "ipv4": return isIPv4(s)
        case "ipv6": return isIPv6(s)
        case "uri": return isInterpolatedURI(s, absolute: true, international: false)
        case "uri-reference": return isInterpolatedURI(s, absolute: false, international: false)
        case "iri": return isInterpolatedURI(s, absolute: true, international: true)
        case "iri-reference": return isInterpolatedURI(s, absolute: false, international: true)
        case "uri-template": return isURITemplate(s)
        case "uuid": return isUUID(s)
        case "regex": return ECMARegex(s) != nil
        case "json-pointer": return isJSONPointer(s)
        case "relative-json-pointer": return isRelativeJSONPointer(s)
        default: return nil
        }
    }

    private static func digits(_ b: ArraySlice<UInt8>) -> Int? {
        guard !b.isEmpty, b.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return b.reduce(0) { $0 * 10 + Int($1 - 48) }
    }

    static func isDate(_ b: ArraySlice<UInt8>) -> Bool {
        guard b.count == 10 else { return false }
        let s = b.startIndex
        guard b[s + 4] == UInt8(ascii: "-"), b[s + 7] == UInt8(ascii: "-"),
              let year = digits(b[s..<s + 4]), let month = digits(b[s + 5..<s + 7]), let day = digits(b[s + 8..<s + 10]),
              (1...12).contains(month), day >= 1 else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= days[month - 1]
    }

    static func isTime(_ b: ArraySlice<UInt8>) -> Bool {
        let s = b.startIndex
        guard b.count >= 9, b[s + 2] == UInt8(ascii: ":"), b[s + 5] == UInt8(ascii: ":"),
              let hour = digits(b[s..<s + 2]), let minute = digits(b[s + 3..<s + 5]), let second = digits(b[s + 6..<s + 8]),
              hour <= 23, minute <= 59, second <= 60 else { return false }
        var i = s + 8
        if b[i] == UInt8(ascii: ".") {
            i += 1
            let start = i
            while i < b.endIndex, b[i] >= 48, b[i] <= 57 { i += 1 }
            guard i > start else { return false }
        }
        guard i < b.endIndex else { return false }
        var offsetMinutes = 0
        if b[i] == UInt8(ascii: "Z") || b[i] == UInt8(ascii: "z") {
            guard i + 1 == b.endIndex else { return false }
        } else {
            guard b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-"), b.endIndex - i == 6, b[i + 3] == UInt8(ascii: ":"),
                  let oh = digits(b[i + 1..<i + 3]), let om = digits(b[i + 4..<i + 6]), oh <= 23, om <= 59 else { return false }
            offsetMinutes = (oh * 60 + om) * (b[i] == UInt8(ascii: "+") ? 1 : -1)
        }
        if second == 60 {
            // A leap second is only valid at 23:59:60 UTC.
            let utc = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
            return utc == 23 * 60 + 59
        }
        return true
    }

    static func isDateTime(_ s: String) -> Bool {
        let b = Array(s.utf8)
        guard b.count > 11, b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: "t") else { return false }
        return isDate(b[0..<10]) && isTime(b[11...])
    }

    static func isDuration(_ s: String) -> Bool {
        var chars = Substring(s)
        guard chars.first == "P" else { return false }
        chars = chars.dropFirst()
        guard !chars.isEmpty else { return false }
        let parts = chars.split(separator: "T", maxSplits: 1, omittingEmptySubsequences: false)
        // Units must form a contiguous run in order (`1Y2M3D`, `2M3D`, `3D`; not `1Y3D`).
        func units(_ text: Substring, allowed: [Character]) -> Int? {
            var count = 0
            var number = 0
            var previous: Int?
            for c in text {
                if c.isASCII, c.isNumber { number += 1; continue }
                guard number > 0, let position = allowed.firstIndex(of: c) else { return nil }
                if let previous, position != previous + 1 { return nil }
                previous = position
                number = 0
                count += 1
            }
            return number == 0 ? count : nil
        }
        if parts[0].contains("W") {
            return parts.count == 1 && units(parts[0], allowed: ["W"]) == 1
        }
        guard let dateUnits = units(parts[0], allowed: ["Y", "M", "D"]) else { return false }
        if parts.count == 2 {
            guard let timeUnits = units(parts[1], allowed: ["H", "M", "S"]), timeUnits > 0 else { return false }
            return true
        }
        return dateUnits > 0
    }

    static func isIPv4(_ s: String) -> Bool {
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        return parts.allSatisfy { p in
            guard !p.isEmpty, p.count <= 3, p.allSatisfy({ $0.isASCII && $0.isNumber }), let v = Int(p), v <= 255 else { return false }
            return p.count == 1 || p.first != "0"
        }
    }

    static func isIPv6(_ s: String) -> Bool {
        guard !s.isEmpty, s.allSatisfy({ $0.isASCII && ($0.isHexDigit || $0 == ":" || $0 == ".") }) else { return false }
        var text = Substring(s)
        var groupsNeeded = 8
        if let lastColon = text.lastIndex(of: ":"), text[text.index(after: lastColon)...].contains(".") {
            guard isIPv4(String(text[text.index(after: lastColon)...])) else { return false }
            text = text[...lastColon]
            if !text.hasSuffix("::") { text = text.dropLast() }
            groupsNeeded = 6
        }
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        func groups(_ part: Substring) -> [Substring]? {
            if part.isEmpty { return [] }
            let g = part.split(separator: ":", omittingEmptySubsequences: false)
            return g.allSatisfy({ !$0.isEmpty && $0.count <= 4 }) ? g : nil
        }
        if halves.count == 1 {
            guard let g = groups(halves[0]) else { return false }
            return g.count == groupsNeeded
        }
        guard let left = groups(halves[0]), let right = groups(halves[1]) else { return false }
        return left.count + right.count < groupsNeeded
    }

    static func isHostname(_ s: String) -> Bool {
        let host = Substring(s)
        guard !host.isEmpty, host.utf8.count <= 253 else { return false }
        return host.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            guard !label.isEmpty, label.utf8.count <= 63, label.first != "-", label.last != "-",
                  label.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else { return false }
            // Labels with `--` in positions 3-4 are reserved for IDNA (RFC 5891 §4.2.3.1) unless `xn--`.
            let chars = Array(label)
            if chars.count >= 4, chars[2] == "-", chars[3] == "-" { return label.lowercased().hasPrefix("xn--") && chars.count > 4 }
            return true
        }
    }

    /// RFC 5321 mailbox; `international` also allows non-ASCII (RFC 6531) in both parts.
    static func isEmail(_ s: String, international: Bool) -> Bool {
        guard let at = s.lastIndex(of: "@") else { return false }
        let local = s[..<at], domain = s[s.index(after: at)...]
        guard !local.isEmpty, !domain.isEmpty else { return false }
        if local.hasPrefix("\"") {
            guard local.count >= 2, local.hasSuffix("\"") else { return false }
        } else {
            let atext = "!#$%&'*+-/=?^_`{|}~"
            guard local.first != ".", local.last != ".", !local.contains(".."),
                  local.allSatisfy({ (!$0.isASCII && international) || ($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || atext.contains($0))) })
            else { return false }
        }
        if domain.hasPrefix("[") {
            guard domain.hasSuffix("]") else { return false }
            let literal = domain.dropFirst().dropLast()
            if literal.hasPrefix("IPv6:") { return isIPv6(String(literal.dropFirst(5))) }
            return isIPv4(String(literal))
        }
        if international {
            // Non-ASCII labels (U-labels) are accepted as they are; ASCII labels follow RFC 1123.
            return domain.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
                !label.isEmpty && (label.contains { !$0.isASCII } || isHostname(String(label)))
            }
        }
        return isHostname(String(domain))
    }

    static func isUUID(_ s: String) -> Bool {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        return parts.map(\.count) == [8, 4, 4, 4, 12] && parts.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isHexDigit } }
    }

    /// RFC 3986 URI (or reference); `international` allows RFC 3987 IRI characters (U+00A0 and up).
    static func isURI(_ s: String, absolute: Bool, international: Bool) -> Bool {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?#[]@!$&'()*+,;=%".unicodeScalars)
        let scalars = Array(s.unicodeScalars)
        for (i, c) in scalars.enumerated() {
            guard allowed.contains(c) || (international && c.value >= 0xA0) else { return false }
            if c == "%" {
                guard i + 2 < scalars.count, scalars[i + 1].properties.isASCIIHexDigit,
                      scalars[i + 2].properties.isASCIIHexDigit else { return false }
            }
        }
        let parts = SchemaURI.Parts(s)
        if absolute && parts.scheme == nil { return false }
        if parts.scheme == nil, let colon = s.firstIndex(of: ":"),
           !s[..<colon].contains("/"), !s[..<colon].contains("?"), !s[..<colon].contains("#") {
            return false  // `:` in the first segment of a relative reference (RFC 3986 §4.2).
        }
        if let fragment = parts.fragment, fragment.contains("#") || fragment.contains("[") || fragment.contains("]") { return false }
        if let authority = parts.authority {
            var hostPort = Substring(authority)
            if hostPort.count(where: { $0 == "@" }) > 1 { return false }
            if let at = hostPort.lastIndex(of: "@") {
                guard !hostPort[..<at].contains("[") && !hostPort[..<at].contains("]") else { return false }
                hostPort = hostPort[hostPort.index(after: at)...]
            }
            if hostPort.hasPrefix("[") {
                guard let close = hostPort.firstIndex(of: "]") else { return false }
                let literal = hostPort[hostPort.index(after: hostPort.startIndex)..<close]
                guard isIPv6(String(literal)) || literal.hasPrefix("v") || literal.hasPrefix("V") else { return false }
                hostPort = hostPort[hostPort.index(after: close)...]
                if !hostPort.isEmpty { guard hostPort.first == ":", hostPort.dropFirst().allSatisfy(\.isNumber) else { return false } }
            } else {
                guard !hostPort.contains("["), !hostPort.contains("]") else { return false }
                if let colon = hostPort.firstIndex(of: ":") {
                    guard hostPort[hostPort.index(after: colon)...].allSatisfy(\.isNumber) else { return false }
                }
            }
        } else if parts.path.contains("[") || parts.path.contains("]") {
            return false
        }
        return true
    }

    /// RFC 6570 URI Template (levels 1–4): literals and `{op varspec,...}` expressions.
    static func isURITemplate(_ s: String) -> Bool {
        let scalars = Array(s.unicodeScalars)
        let forbiddenLiterals = Set(" \"<>\\^`{|}".unicodeScalars)
        func isHex(_ c: Unicode.Scalar) -> Bool { c.properties.isASCIIHexDigit }
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if c == "%" {
                guard i + 2 < scalars.count, isHex(scalars[i + 1]), isHex(scalars[i + 2]) else { return false }
                i += 3
                continue
            }
            if c == "{" {
                guard let close = scalars[i...].firstIndex(of: "}") else { return false }
                guard isTemplateExpression(Array(scalars[(i + 1)..<close])) else { return false }
                i = close + 1
                continue
            }
            if c.value < 0x21 || c.value == 0x7F || forbiddenLiterals.contains(c) { return false }
            i += 1
        }
        return true
    }

    private static func isTemplateExpression(_ body: [Unicode.Scalar]) -> Bool {
        var rest = body[...]
        if let first = rest.first, "+#./;?&".unicodeScalars.contains(first) { rest = rest.dropFirst() }
        guard !rest.isEmpty else { return false }
        return rest.split(separator: ",", omittingEmptySubsequences: false).allSatisfy { spec in
            var name = spec[...]
            if name.last == "*" {
                name = name.dropLast()
            } else if let colon = name.firstIndex(of: ":") {
                let digits = name[(colon + 1)...]
                guard (1...4).contains(digits.count), digits.first != "0",
                      digits.allSatisfy({ $0.properties.numericType != nil && $0.isASCII }) else { return false }
                name = name[..<colon]
            }
            guard !name.isEmpty, name.first != ".", name.last != "." else { return false }
            var previousDot = false
            var j = name.startIndex
            while j < name.endIndex {
                let c = name[j]
                if c == "." {
                    if previousDot { return false }
                    previousDot = true
                } else if c == "%" {
                    guard j + 2 < name.endIndex, name[j + 1].properties.isASCIIHexDigit,
                          name[j + 2].properties.isASCIIHexDigit else { return false }
                    j += 2
                    previousDot = false
                } else {
                    guard c.isASCII, c.properties.isAlphabetic || c.properties.numericType != nil || c == "_" else { return false }
                    previousDot = false
                }
                j += 1
            }
            return true
        }
    }

    static func isJSONPointer(_ s: String) -> Bool {
        if s.isEmpty { return true }
        guard s.hasPrefix("/") else { return false }
        let c = Array(s)
        for (i, ch) in c.enumerated() where ch == "~" {
            guard i + 1 < c.count, c[i + 1] == "0" || c[i + 1] == "1" else { return false }
        }
        return true
    }

    static func isRelativeJSONPointer(_ s: String) -> Bool {
        let digitsPart = s.prefix { $0.isASCII && $0.isNumber }
        guard !digitsPart.isEmpty, digitsPart == "0" || digitsPart.first != "0" else { return false }
        let rest = String(s.dropFirst(digitsPart.count))
        return rest == "#" || isJSONPointer(rest)
    }
}

extension StringProtocol {
    /// Pieces separated by `separator` (stdlib stand-in for Foundation's `components(separatedBy:)`).
    func components(separatedBy separator: String) -> [Substring] {
        var out: [Substring] = []
        var rest = Substring(self)
        while let r = rest.firstRange(of: separator) {
            out.append(rest[..<r.lowerBound])
            rest = rest[r.upperBound...]
        }
        out.append(rest)
        return out
    }
}
