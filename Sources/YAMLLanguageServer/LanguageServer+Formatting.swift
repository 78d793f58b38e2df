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
        c.documentOnTypeFormattingProvider = DocumentOnTypeFormattingOptions(firstTriggerCharacter: "\n")
        c.textDocumentSync?.willSaveWaitUntil = true
    }

    /// Answers `request` when it is a formatting request; false otherwise.
    /// - Throws: the `ResponseError` of undecodable params (-32602).
    func handleFormattingRequest(_ request: RequestMessage) throws(ResponseError) -> Bool {
        let id = request.id
        switch request.method {
        case DocumentFormattingRequest.method.rawValue:
            let p = try request.decodeParams(DocumentFormattingRequest.self)
            connection.reply(DocumentFormattingRequest.self, id: id, result: edits(p.textDocument, "formatting") { uri, _ in
                model.formatting(uri, request: formattingRequest(uri, p.options))
            })
        case DocumentRangeFormattingRequest.method.rawValue:
            let p = try request.decodeParams(DocumentRangeFormattingRequest.self)
            connection.reply(DocumentRangeFormattingRequest.self, id: id, result: edits(p.textDocument, "rangeFormatting") { uri, s in
                model.rangeFormatting(uri, range: FromLSP.range(p.range, in: s, encoding: encoding),
                                      request: formattingRequest(uri, p.options))
            })
        case DocumentOnTypeFormattingRequest.method.rawValue:
            let p = try request.decodeParams(DocumentOnTypeFormattingRequest.self)
            let uri = FromLSP.uri(p.textDocument.uri)
            guard let s = model.snapshot(uri) else {
                connection.reply(DocumentOnTypeFormattingRequest.self, id: id, result: nil)
                return true
            }
            let replacements = model.onTypeFormatting(uri, at: FromLSP.offset(p.position, in: s, encoding: encoding),
                                                      character: p.ch, request: formattingRequest(uri, p.options)) ?? []
            let to = ToLSP(lineIndex: s.lineIndex, encoding: encoding)
            connection.reply(DocumentOnTypeFormattingRequest.self, id: id, result: replacements.map(to.edit))
        case WillSaveTextDocumentWaitUntilRequest.method.rawValue:
            let p = try request.decodeParams(WillSaveTextDocumentWaitUntilRequest.self)
            connection.reply(WillSaveTextDocumentWaitUntilRequest.self, id: id, result: edits(p.textDocument, "willSaveWaitUntil") { uri, _ in
                model.willSaveFormatting(uri, request: formattingRequest(uri, nil))
            })
        default:
            return false
        }
        return true
    }

    /// The model's request for `options` (nil for `willSaveWaitUntil`, which carries none); the model
    /// adds the `.editorconfig` properties of `file://` documents itself.
    private func formattingRequest(_ uri: DocumentURI, _ options: FormattingOptions?) -> FormattingRequest {
        options.map(FromLSP.formattingRequest) ?? FormattingRequest()
    }

    /// The LSP edits of a formatting surface; nil when the document is not open. A refusal is logged.
    private func edits(_ document: TextDocumentIdentifier, _ what: String,
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
