import YAMLFormatter
import YAMLSyntax

extension DocumentModel {
    /// Formatting edits limited to `range` (LSP `textDocument/rangeFormatting`, UTF-8 byte offsets): the
    /// whole document is laid out, then only the edits inside the lines of the block entries overlapping
    /// `range` are kept, and the partly formatted text goes through the safety net again. nil when the
    /// document is not open; no edits for documents with syntax errors.
    public func rangeFormatting(_ uri: DocumentURI, range: TextRange,
                                request: FormattingRequest = FormattingRequest()) -> FormattingSurface? {
        guard let s = records[uri]?.snapshot else { return nil }
        guard settings(for: uri).formatEnabled else {
            return FormattingSurface(edits: [], refusal: "formatting is disabled in the settings", formattedText: s.bytes)
        }
        return FormattingPlanner.planRange(s, range: range, options: formatOptions(request, for: uri))
    }

    /// Edits after the user typed `character` at byte offset `offset` (LSP
    /// `textDocument/onTypeFormatting`; only `"\n"` is acted on): the new line's indentation. See
    /// ``OnTypeIndentation``. nil when the document is not open; no edits when it has syntax errors.
    public func onTypeFormatting(_ uri: DocumentURI, at offset: Int, character: String,
                                 request: FormattingRequest = FormattingRequest()) -> [TextReplacement]? {
        guard let s = records[uri]?.snapshot else { return nil }
        // Like every formatting request, none for a document with syntax errors (the safety rule is
        // the same everywhere, even though only white space of a blank line would change).
        guard settings(for: uri).formatEnabled, character == "\n", s.isSyntaxValid, offset >= 0, offset <= s.bytes.count else { return [] }
        let indentWidth = formatOptions(request, for: uri).indentWidth
        // The lines read lie in the chunk holding `offset` when the stream is read from its chunks.
        return atOffset(uri, offset) { s, o, base in
            OnTypeIndentation.edits(s, at: o, indentWidth: indentWidth).map { TextReplacement(range: $0.range.shifted(by: base), newText: $0.newText) }
        }
    }

    /// Formatting edits before a save (LSP `textDocument/willSaveWaitUntil`): the whole-document edits
    /// when `pureyaml.format.onSave` is on, else none (with a refusal saying why). nil when not open.
    public func willSaveFormatting(_ uri: DocumentURI, request: FormattingRequest = FormattingRequest()) -> FormattingSurface? {
        guard let s = records[uri]?.snapshot else { return nil }
        guard settings(for: uri).formatOnSave else {
            return FormattingSurface(edits: [], refusal: "format on save is off (pureyaml.format.onSave)", formattedText: s.bytes)
        }
        return formatting(uri, request: request)
    }
}
