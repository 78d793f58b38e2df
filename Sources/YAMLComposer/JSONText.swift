extension JSONValue {
    /// Compact JSON text (RFC 8259) of the value, without insignificant whitespace.
    ///
    /// Strings escape `"`, `\` and control characters (`\n`, `\t`, ... or `\u00XX`); integers are
    /// written as integers; finite numbers in the shortest form that reads back as the same `Double`
    /// (e.g. `0.278`, `1e+20`); NaN and infinities, which JSON cannot express, are written as `null`.
    /// Object members keep their order. Iterative, so any nesting depth is safe.
    public var jsonText: String {
        var out = ""
        enum Work { case value(JSONValue), literal(String) }
        var stack: [Work] = [.value(self)]
        while let work = stack.popLast() {
            switch work {
            case .literal(let s):
                out += s
            case .value(let v):
                switch v {
                case .null: out += "null"
                case .bool(let b): out += b ? "true" : "false"
                case .integer(let i): out += String(i)
                case .number(let d): out += JSONValue.numberText(d)
                case .string(let s): JSONValue.appendQuoted(s, to: &out)
                case .array(let items):
                    out += "["
                    stack.append(.literal("]"))
                    for (i, item) in items.enumerated().reversed() {
                        stack.append(.value(item))
                        if i > 0 { stack.append(.literal(",")) }
                    }
                case .object(let members):
                    out += "{"
                    stack.append(.literal("}"))
                    for (i, m) in members.enumerated().reversed() {
                        stack.append(.value(m.value))
                        var key = i > 0 ? "," : ""
                        JSONValue.appendQuoted(m.key, to: &key)
                        key += ":"
                        stack.append(.literal(key))
                    }
                }
            }
        }
        return out
    }

    /// JSON text of a number: `null` when not finite, otherwise Swift's shortest round-trip form, which
    /// is valid JSON (`5.0`, `0.278`, `1e+20`, `-0.0`, `1e-07`).
    static func numberText(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        return d.description
    }

    /// Appends `s` as a JSON string literal.
    static func appendQuoted(_ s: String, to out: inout String) {
        out += "\""
        var run = Substring.UnicodeScalarView()
        for u in s.unicodeScalars {
            let escape: String?
            switch u {
            case "\"": escape = "\\\""
            case "\\": escape = "\\\\"
            case "\n": escape = "\\n"
            case "\r": escape = "\\r"
            case "\t": escape = "\\t"
            case "\u{08}": escape = "\\b"
            case "\u{0C}": escape = "\\f"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    escape = nil
                }
            }
            if let escape {
                out += String(run)
                run = Substring.UnicodeScalarView()
                out += escape
            } else {
                run.append(u)
            }
        }
        out += String(run)
        out += "\""
    }
}
