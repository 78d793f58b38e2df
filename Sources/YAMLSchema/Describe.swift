import YAMLComposer

/// Renders values and lists for violation messages: `string "8080"`, `integer 5`, `"a", "b" or "c"`.
enum Describe {
    /// `text` in double quotes with `"` and control characters escaped (backslashes stay as written, so
    /// patterns read as in the schema), shortened past 60
    /// characters.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for (i, scalar) in text.unicodeScalars.enumerated() {
            if i >= 60 { out += "…"; break }
            switch scalar {
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 { out += "\\u{" + String(scalar.value, radix: 16) + "}" } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    /// The type and a preview: `string "8080"`, `integer 5`, `boolean true`, `null`, `object`, `array`.
    static func value(_ value: InstanceValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return "boolean \(b)"
        case .integer: return "integer \(number(value))"
        case .number(let d): return (d.isFinite && d.rounded() == d ? "number " : "number ") + number(value)
        case .string(let s): return "string \(quoted(s))"
        case .array(let items): return items.isEmpty ? "empty array" : "array"
        case .object(let members): return members.list.isEmpty ? "empty object" : "object"
        }
    }

    /// A number as people write it (`5`, `1.5`, `.inf`).
    static func number(_ value: InstanceValue) -> String {
        switch value {
        case .integer(let i): return String(i)
        case .number(let d): return double(d)
        default: return ""
        }
    }

    /// `5` rather than `5.0` for integral doubles.
    static func double(_ d: Double) -> String {
        if d.isNaN { return ".nan" }
        if d.isInfinite { return d < 0 ? "-.inf" : ".inf" }
        if d.rounded() == d, abs(d) < 1e15 { return String(Int64(d)) }
        return String(d)
    }

    /// Compact JSON-like rendering of a schema value (`"a"`, `5`, `null`, `[...]`, `{...}`).
    static func json(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return String(b)
        case .integer(let i): return String(i)
        case .number(let d): return double(d)
        case .string(let s): return quoted(s)
        case .array(let a): return a.isEmpty ? "[]" : "[" + a.prefix(3).map(json).joined(separator: ", ") + (a.count > 3 ? ", …]" : "]")
        case .object(let o): return o.isEmpty ? "{}" : "{" + o.prefix(3).map { quoted($0.key) + ": " + json($0.value) }.joined(separator: ", ") + (o.count > 3 ? ", …}" : "}")
        }
    }

    /// `a`, `a or b`, `a, b or c`.
    static func list(_ items: [String], conjunction: String) -> String {
        switch items.count {
        case 0: return "nothing"
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items[items.count - 1]
        }
    }

    /// `1 item`, `3 items`; `property` becomes `properties`.
    static func count(_ n: Int, _ noun: String) -> String {
        if n == 1 { return "1 \(noun)" }
        return "\(n) " + (noun.hasSuffix("y") ? noun.dropLast() + "ies" : noun + "s")
    }
}
