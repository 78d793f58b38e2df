import YAMLComposer

/// Writes JSON values as YAML scalars for insertion into a document: plain when the text reads back as the
/// same string under the YAML 1.2 core schema (§10.3.2) and holds no indicator that would change its
/// meaning, double-quoted (with JSON escapes, which YAML double-quoted scalars accept, §7.3.1) otherwise.
enum ScalarRendering {
    /// The YAML text of a scalar value; collections as one-line JSON (valid flow YAML).
    static func yaml(_ value: JSONValue, inFlow: Bool = false) -> String {
        switch value {
        case .string(let s): return isPlainSafe(s, inFlow: inFlow) ? s : value.jsonText
        case .null: return "null"
        default: return value.jsonText
        }
    }

    /// True when `s` can be written as a plain scalar and reads back as the string `s`.
    static func isPlainSafe(_ s: String, inFlow: Bool) -> Bool {
        guard let first = s.unicodeScalars.first, let last = s.unicodeScalars.last else { return false }
        if CoreSchema.resolvePlainScalarTag(s) != CoreSchema.strTag { return false }
        if " \t".unicodeScalars.contains(first) || " \t".unicodeScalars.contains(last) { return false }
        if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) { return false }
        if s.contains(": ") || s.contains(" #") || s.hasSuffix(":") { return false }
        if inFlow && s.unicodeScalars.contains(where: { ",[]{}".unicodeScalars.contains($0) }) { return false }
        return !s.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{FEFF}" || $0 == "\u{85}" || $0 == "\u{2028}" || $0 == "\u{2029}" }
    }

    /// `text` with the characters a snippet gives meaning to (`$`, `}`, `\`) escaped (LSP 3.17 "Snippet Syntax").
    static func snippetEscaped(_ text: String) -> String {
        var out = ""
        for c in text {
            if c == "$" || c == "}" || c == "\\" { out.append("\\") }
            out.append(c)
        }
        return out
    }
}
