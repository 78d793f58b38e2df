import Foundation
import JSONRPC
import LanguageServerProtocol
import YAMLDocumentModel
import YAMLSyntax

/// The formatting requests: `textDocument/formatting`, `rangeFormatting`, `onTypeFormatting` (on Enter)
/// and `willSaveWaitUntil`. The edge's only job beyond conversion is reading `.editorconfig` files for
/// `file://` documents; the model decides everything else (options precedence, the safety net).
extension LanguageServer {
    /// Adds the formatting capabilities (and `willSaveWaitUntil` in `textDocumentSync`).
    func addFormattingCapabilities(_ c: inout ServerCapabilities) {
        c.documentFormattingProvider = true
        c.documentRangeFormattingProvider = true
        let triggers = DocumentModel.onTypeFormattingTriggerCharacters
        c.documentOnTypeFormattingProvider = DocumentOnTypeFormattingOptions(
            firstTriggerCharacter: triggers[0], moreTriggerCharacter: triggers.count > 1 ? Array(triggers.dropFirst()) : nil)
        c.textDocumentSync?.willSaveWaitUntil = true
    }

    /// Registers the formatting requests in `t`.
    static func registerFormatting(_ t: inout HandlerTable) {
        t.on(DocumentFormattingRequest.self) { s, p, _ in
            s.edits(p.textDocument, "formatting") { uri, _ in s.model.formatting(uri, request: s.formattingRequest(uri, p.options)) }
        }
        t.on(DocumentRangeFormattingRequest.self) { s, p, _ in
            s.edits(p.textDocument, "rangeFormatting") { uri, snapshot in
                s.model.rangeFormatting(uri, range: FromLSP.range(p.range, in: snapshot, encoding: s.encoding),
                                        request: s.formattingRequest(uri, p.options))
            }
        }
        t.on(DocumentOnTypeFormattingRequest.self) { s, p, _ in s.onTypeFormatting(p) }
        t.on(WillSaveTextDocumentWaitUntilRequest.self) { s, p, _ in
            s.edits(p.textDocument, "willSaveWaitUntil") { uri, _ in s.model.willSaveFormatting(uri, request: s.formattingRequest(uri, nil)) }
        }
    }

    func onTypeFormatting(_ p: DocumentOnTypeFormattingParams) -> [TextEdit]? {
        let uri = FromLSP.uri(p.textDocument.uri)
        guard let s = model.snapshot(uri) else { return nil }
        let replacements = model.onTypeFormatting(uri, at: FromLSP.offset(p.position, in: s, encoding: encoding),
                                                  character: p.ch, request: formattingRequest(uri, p.options)) ?? []
        let to = ToLSP(lineIndex: s.lineIndex, encoding: encoding)
        return replacements.map(to.edit)
    }

    /// The model's request for `options` (nil for `willSaveWaitUntil`, which carries none); the model
    /// adds the `.editorconfig` properties of `file://` documents itself.
    func formattingRequest(_ uri: DocumentURI, _ options: FormattingOptions?) -> FormattingRequest {
        options.map(FromLSP.formattingRequest) ?? FormattingRequest()
    }

    /// The LSP edits of a formatting surface; nil when the document is not open. A refusal is logged.
    func edits(_ document: TextDocumentIdentifier, _ what: String,
                       _ body: (DocumentURI, DocumentSnapshot) -> FormattingSurface?) -> [TextEdit]? {
        let uri = FromLSP.uri(document.uri)
        guard let s = model.snapshot(uri), let surface = body(uri, s) else {
            log("\(what) for a document that is not open: \(uri)")
            return nil
        }
        if let why = surface.refusal { log("\(what) \(uri.displayName): no edits (\(why))") }
        let to = ToLSP(lineIndex: s.lineIndex, encoding: encoding)
        return surface.edits.map(to.edit)
    }
}
