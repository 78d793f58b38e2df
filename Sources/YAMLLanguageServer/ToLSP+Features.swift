import JSONRPC
import LanguageServerProtocol
import YAMLDocumentModel
import YAMLSyntax

/// Conversions of the language-feature surfaces to wire types.
extension ToLSP {
    func location(_ uri: DocumentURI, _ r: TextRange) -> Location { Location(uri: uri.string, range: range(r)) }

    func highlight(_ h: AnchorHighlight) -> DocumentHighlight {
        DocumentHighlight(range: range(h.range), kind: h.isDefinition ? .write : .read)
    }

    /// A folding range; characters only when the client does not fold whole lines.
    func folding(_ r: FoldingRegion, lineFoldingOnly: Bool) -> FoldingRange {
        let kind: FoldingRangeKind? = r.kind == .comment ? .comment : nil
        if lineFoldingOnly { return FoldingRange(startLine: r.startLine, endLine: r.endLine, kind: kind) }
        // The region's lines are known: the searches for its ends start there.
        let start = lineIndex.position(of: r.range.start, encoding: encoding, lineHint: r.startLine)
        let end = lineIndex.position(of: r.range.end, encoding: encoding, lineHint: r.endLine)
        return FoldingRange(startLine: r.startLine, startCharacter: start.column,
                            endLine: r.endLine, endCharacter: end.column, kind: kind)
    }

    func link(_ l: DocumentLinkTarget) -> DocumentLink {
        let tooltip: String
        switch l.source {
        case .schemaModeline: tooltip = "Open the JSON Schema"
        case .reference: tooltip = "Open the referenced document"
        case .url: tooltip = "Open the URL"
        }
        return DocumentLink(range: range(l.range), target: l.target, tooltip: tooltip)
    }

    static func symbolKind(_ k: OutlineSymbol.Kind) -> SymbolKind {
        switch k {
        case .document: return .module
        case .mapping: return .object
        case .sequence: return .array
        case .string: return .string
        case .number: return .number
        case .boolean: return .boolean
        case .null: return .null
        }
    }

    /// The LSP relative encoding (LSP 3.17 §"Semantic Tokens"): per token, line delta, start delta (from
    /// the previous token's start on the same line), length, type index, modifier bits; columns and
    /// lengths in the negotiated encoding. A multi-line token's length counts its line breaks.
    func semanticTokens(_ tokens: [SemanticToken]) -> SemanticTokens {
        var data: [UInt32] = []
        data.reserveCapacity(tokens.count * 5)
        var previous = LineColumn(line: 0, column: 0)
        for t in tokens {
            let start = lineIndex.position(of: t.range.start, encoding: encoding)
            let end = lineIndex.position(of: t.range.end, encoding: encoding)
            let length = start.line == end.line ? end.column - start.column : units(t.range)
            let deltaLine = start.line - previous.line
            let deltaStart = deltaLine == 0 ? start.column - previous.column : start.column
            data += [UInt32(deltaLine), UInt32(deltaStart), UInt32(Swift.max(0, length)),
                     UInt32(t.type.rawValue), t.modifiers]
            previous = start
        }
        return SemanticTokens(data: data)
    }

    /// Length of `r` in the negotiated units.
    func units(_ r: TextRange) -> Int {
        let text = String(decoding: lineIndex.bytes[r.start..<r.end], as: UTF8.self)
        switch encoding {
        case .utf8: return r.length
        case .utf16: return text.utf16.count
        case .utf32: return text.unicodeScalars.count
        }
    }

    static let legend = SemanticTokensLegend(tokenTypes: SemanticTokenType.allCases.map(\.name),
                                             tokenModifiers: SemanticTokenType.modifierNames)

    /// A completion item: the candidate's text as a `textEdit` over its replace range (in the negotiated
    /// encoding), `insertTextFormat` 2 for snippets, documentation of `documentationKind`.
    /// `asIsSupported`: the client accepts `insertTextMode` 1 (asIs); a text that spans lines (whose later
    /// lines the model indents absolutely) then carries it, so that a client whose default is
    /// adjustIndentation does not add the cursor line's indentation again. Other clients get no mode and
    /// follow their own default (LSP 3.17 "InsertTextMode").
    func completionItem(_ c: CompletionCandidate, uri: DocumentURI, offset: Int,
                        documentationKind: MarkupKind = .markdown, asIsSupported: Bool = false) -> CompletionItem {
        let kind: CompletionItemKind
        var data: LSPAny?
        switch c.kind {
        case .key: kind = .property
        case .value: kind = .value
        case .alias:
            kind = .reference
            data = .object(["uri": .string(uri.string), "offset": .integer(offset), "alias": .string(c.label)])
        case .modeline: kind = .snippet
        }
        return CompletionItem(label: c.label, kind: kind, detail: c.detail,
                              documentation: c.documentation.map { MarkupContent(kind: documentationKind, value: $0) },
                              sortText: c.sortText, insertTextFormat: c.isSnippet ? .snippet : nil,
                              insertTextMode: asIsSupported && c.spansLines ? .asIs : nil,
                              textEdit: TextEdit(range: range(c.replaceRange), newText: c.insertText), data: data)
    }

    /// A code action whose edit is versioned (`documentChanges` for `version`) when `version` is given,
    /// so the client refuses it once the document has changed; else in the `changes` form. A candidate
    /// still to be resolved (``CodeActionCandidate/resolveReference`` set, no edits) gets no `edit` but the
    /// `data` that finds it again (``codeActionData(uri:_:)``); so does a resolved one, which keeps its
    /// `data` (LSP 3.17: the resolved action is the one the client sent).
    func codeAction(_ a: CodeActionCandidate, uri: DocumentURI, version: Int? = nil) -> CodeAction {
        let data = a.resolveReference.map { Self.codeActionData(uri: uri, $0) }
        var workspaceEdit: WorkspaceEdit?
        if a.resolveReference == nil || !a.edits.isEmpty {
            let edits = a.edits.map(edit)
            workspaceEdit = version.map {
                WorkspaceEdit(documentChanges: [TextDocumentEdit(textDocument: VersionedTextDocumentIdentifier(uri: uri.string, version: $0),
                                                                 edits: edits)])
            } ?? WorkspaceEdit(changes: [uri.string: edits])
        }
        return CodeAction(title: a.title, kind: a.kind.rawValue,
                          diagnostics: a.diagnostic.map { ([$0] + a.additionalDiagnostics).map(diagnostic) },
                          isPreferred: a.isPreferred ? true : nil, edit: workspaceEdit, data: data)
    }

    /// The `data` of a code action to resolve: everything the server needs to find it again, with no
    /// state of its own (``CodeActionReference``): `{"uri", "version", "id", "range": [start, end],
    /// "only": [kinds], "title"}` — the document, the version the action was offered at, its place in the
    /// list, the range (UTF-8 byte offsets) and kinds (absent: all) the list was asked for, and its title.
    static func codeActionData(uri: DocumentURI, _ reference: CodeActionReference) -> LSPAny {
        var data: [String: LSPAny] = ["uri": .string(uri.string), "version": .integer(reference.version), "id": .integer(reference.index),
                                      "range": .array([.integer(reference.range.start), .integer(reference.range.end)]),
                                      "title": .string(reference.title)]
        if let kinds = reference.kinds { data["only"] = .array(kinds.map(\.rawValue).sorted().map(LSPAny.string)) }
        return .object(data)
    }
}
