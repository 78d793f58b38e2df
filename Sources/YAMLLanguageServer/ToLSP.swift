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

    /// `r` with its start's line searched from line `hint` onwards and its end's from its start's line
    /// (``LineIndex/position(of:encoding:lineHint:)``: the same positions as ``range(_:)``); `hint` becomes
    /// the start's line. Offsets visited in text order then cost a few comparisons each.
    func range(_ r: TextRange, hint: inout Int) -> LSPRange {
        let start = lineIndex.position(of: r.start, encoding: encoding, lineHint: hint)
        let end = lineIndex.position(of: r.end, encoding: encoding, lineHint: start.line)
        hint = start.line
        return LSPRange(start: Position(line: start.line, character: start.column),
                        end: Position(line: end.line, character: end.column))
    }

    func symbol(_ s: OutlineSymbol) -> DocumentSymbol {
        var hint = 0
        return symbol(s, hint: &hint)
    }

    /// The symbols of an outline, in text order: each position is searched from the line of the start
    /// before it (a 3,700-line stream's outline has about 6,000 symbols; a binary search for each of their
    /// 24,000 positions was an eighth of the server's time per `documentSymbol`).
    func symbols(_ list: [OutlineSymbol]) -> [DocumentSymbol] {
        var hint = 0
        return symbols(list, hint: &hint)
    }

    /// By index: each symbol is borrowed in place, not copied out (retaining its strings and children).
    private func symbols(_ list: [OutlineSymbol], hint: inout Int) -> [DocumentSymbol] {
        var converted: [DocumentSymbol] = []
        converted.reserveCapacity(list.count)
        for i in list.indices { converted.append(symbol(list[i], hint: &hint)) }
        return converted
    }

    private func symbol(_ s: OutlineSymbol, hint: inout Int) -> DocumentSymbol {
        let range = range(s.range, hint: &hint)
        let selectionRange = self.range(s.selectionRange, hint: &hint)
        let children = s.children.isEmpty ? [] : symbols(s.children, hint: &hint)
        // LSP requires a non-empty name.
        return DocumentSymbol(name: s.name.isEmpty ? " " : s.name, detail: s.detail, kind: Self.symbolKind(s.kind),
                              range: range, selectionRange: selectionRange, children: children)
    }

    /// `e` in the negotiated encoding.
    ///
    /// An edit that ends at the end of a text without a final line break and whose new text ends with one
    /// (the final newline the formatter or a fix adds) ends at the start of the line after the last one,
    /// `(lineCount, 0)`, instead of the end of the last line: the document has no such line, and clients
    /// clamp the position to the end of the text (VS Code, Eglot, Helix), so the text they get is the
    /// same; an editor that keeps the final line break outside its buffer (Neovim with `'fixeol'`) takes an
    /// edit reaching past the last line as one that also gives the file its final line break, and drops
    /// the empty last line it would otherwise keep, so the file it writes ends in exactly one line break
    /// rather than two.
    func edit(_ e: TextReplacement) -> TextEdit {
        var r = range(e.range)
        let text = lineIndex.bytes
        let isLineBreak = { (b: UInt8) in b == 0x0A || b == 0x0D }
        if e.range.end == text.count, let last = text.last, !isLineBreak(last),
           let newLast = e.newText.utf8.last, isLineBreak(newLast) {
            r.end = Position(line: r.end.line + 1, character: 0)
        }
        return TextEdit(range: r, newText: e.newText)
    }
}
