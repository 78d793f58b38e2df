import JSONRPC
import LanguageServerProtocol
import YAMLDocumentModel
import YAMLSyntax

/// Conversions from model surfaces to wire types, through the document's `LineIndex` and the
/// negotiated position encoding.
struct ToLSP {
    let lineIndex: LineIndex
    let encoding: ColumnEncoding

    func position(_ offset: Int) -> Position {
        let p = lineIndex.position(of: offset, encoding: encoding)
        return Position(line: p.line, character: p.column)
    }

    func range(_ r: TextRange) -> LSPRange { LSPRange(start: position(r.start), end: position(r.end)) }

    func diagnostic(_ d: YAMLDiagnostic) -> Diagnostic {
        let severity: DiagnosticSeverity
        switch d.severity {
        case .error: severity = .error
        case .warning: severity = .warning
        case .information: severity = .information
        case .hint: severity = .hint
        }
        let tags: [DiagnosticTag] = d.tags.map { $0 == .deprecated ? .deprecated : .unnecessary }
        // The schema's URL rides in `data`; a note (closest alternative, ...) goes on its own line.
        return Diagnostic(range: range(d.range), severity: severity, code: d.code, source: d.source,
                          message: d.note.map { d.message + "\n" + $0 } ?? d.message, tags: tags.isEmpty ? nil : tags,
                          data: d.schemaURI.map { .object(["schemaURI": .string($0)]) })
    }

    func symbol(_ s: OutlineSymbol) -> DocumentSymbol {
        // LSP requires a non-empty name.
        return DocumentSymbol(name: s.name.isEmpty ? " " : s.name, detail: s.detail, kind: Self.symbolKind(s.kind),
                              range: range(s.range), selectionRange: range(s.selectionRange),
                              children: s.children.map(symbol))
    }

    func edit(_ e: TextReplacement) -> TextEdit { TextEdit(range: range(e.range), newText: e.newText) }
}
