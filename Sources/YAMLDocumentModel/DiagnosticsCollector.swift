import YAMLComposer
import YAMLParser
import YAMLSyntax

/// Turns parser and composer findings into ``YAMLDiagnostic``s, sorted by position.
///
/// Character problems (invalid UTF-8, NUL and other non-printable characters, YAML 1.2.2 §5.1–5.2) come
/// from ``CharacterCheck``, which reports whole byte sequences and caps the count; the parser's own
/// reports of the same bytes are left out so that each problem is reported once.
enum DiagnosticsCollector {
    /// Parser codes that ``CharacterCheck`` reports instead.
    static let characterCodes: Set<String> = ["invalid-utf8", "non-printable-character"]

    static func syntaxDiagnostics(_ parse: ParseResult) -> [YAMLDiagnostic] {
        parse.errors.filter { !characterCodes.contains($0.code) }.map {
            YAMLDiagnostic(range: $0.range, severity: $0.severity == .error ? .error : .warning, code: $0.code, message: $0.message)
        }
    }

    static func collect(parse: ParseResult, composition: Composition) -> [YAMLDiagnostic] {
        var out = syntaxDiagnostics(parse)
        for e in composition.errors {
            out.append(YAMLDiagnostic(range: e.range, severity: e.severity == .error ? .error : .warning,
                                      code: e.code, message: e.message))
        }
        out += UnusedAnchors.diagnostics(parse.tree)
        out += CharacterCheck.diagnostics(parse.tree.bytes)
        sort(&out)
        return out
    }

    /// Sorts diagnostics by range, then code: the order every diagnostics list is published in.
    static func sort(_ diagnostics: inout [YAMLDiagnostic]) {
        diagnostics.sort { $0.range != $1.range ? $0.range < $1.range : $0.code < $1.code }
    }

    /// The diagnostics of a text above the full-analysis limit of `limit` bytes: syntax errors, character
    /// problems, and a `file-too-large` note at the start of the text saying what was skipped.
    static func collectSyntaxOnly(parse: ParseResult, limit: Int) -> [YAMLDiagnostic] {
        let bytes = parse.tree.bytes
        var out = syntaxDiagnostics(parse)
        out += CharacterCheck.diagnostics(bytes)
        out.append(YAMLDiagnostic(
            range: TextRange(empty: 0), severity: .information, code: "file-too-large",
            message: "This file has \(bytes.count) bytes, more than pureyaml.maxFileSize (\(limit) bytes): only syntax is checked; duplicate keys, aliases, schemas, hints and formatting are skipped."))
        out.sort { $0.range != $1.range ? $0.range < $1.range : $0.code < $1.code }
        return out
    }
}
