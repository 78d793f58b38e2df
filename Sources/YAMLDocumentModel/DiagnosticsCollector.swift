import YAMLComposer
import YAMLParser
import YAMLSyntax

/// Turns parser and composer findings into ``YAMLDiagnostic``s, sorted by position.
enum DiagnosticsCollector {
    static func collect(parse: ParseResult, composition: Composition) -> [YAMLDiagnostic] {
        var out: [YAMLDiagnostic] = []
        out.reserveCapacity(parse.errors.count + composition.errors.count)
        for e in parse.errors + composition.errors {
            out.append(YAMLDiagnostic(range: e.range, severity: e.severity == .error ? .error : .warning,
                                      code: e.code, message: e.message))
        }
        out += UnusedAnchors.diagnostics(parse.tree)
        out.sort { $0.range != $1.range ? $0.range < $1.range : $0.code < $1.code }
        return out
    }
}
