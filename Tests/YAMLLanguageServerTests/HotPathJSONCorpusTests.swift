import Foundation
import JSONRPC
import LanguageServerProtocol
import TestSupport
import XCTest
import YAMLDocumentModel
import YAMLSyntax
@testable import YAMLLanguageServer

/// The outline, folding ranges, diagnostics and semantic tokens of real files, written by the hand-written
/// JSON writer (``JSONWriter``, the hot path) and by Foundation's `JSONEncoder` (the earlier path): the same
/// JSON values, once the encoder's empty `children`, `tags` and `relatedInformation` are left out.
final class HotPathJSONCorpusTests: XCTestCase {
    func testTheWriterAndTheEncoderGiveTheSameValuesOnCorpusFiles() throws {
        let corpus = try requireSharedFolder("corpus")
        let files = (FileManager.default.enumerator(atPath: corpus.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
        // Every 50th file (about 100, from each kind of corpus folder), but not the large ones below `big`.
        let chosen = files.enumerated().filter { $0.offset % 50 == 0 && !$0.element.hasPrefix("big/") }.map(\.element)
        XCTAssertGreaterThan(chosen.count, 80)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var symbols = 0, diagnostics = 0
        for name in chosen {
            let bytes = [UInt8](try Data(contentsOf: corpus.appendingPathComponent(name)))
            let model = DocumentModel()
            let uri = DocumentURI(filePath: "/corpus/" + name)
            model.perform(.openFile(uri, bytes: bytes))
            guard let snapshot = model.snapshot(uri) else { return XCTFail("\(name) did not open") }
            for encoding in [ColumnEncoding.utf16, .utf8] {
                let to = ToLSP(lineIndex: snapshot.lineIndex, encoding: encoding)
                let outline = to.symbols(model.outline(uri)?.symbols ?? [])
                // The server's conversion (positions searched from the line before) gives what one symbol at
                // a time does.
                XCTAssertEqual(outline, (model.outline(uri)?.symbols ?? []).map(to.symbol), "\(name) \(encoding)")
                // The reply written straight from the model's symbols: the bytes of the converted symbols' reply.
                let direct = OutlineResult(symbols: model.outline(uri)?.symbols ?? [], to: to)
                XCTAssertEqual(try MessageBody.response(id: .number(1), result: direct),
                               try MessageBody.response(id: .number(1), result: outline as [DocumentSymbol]?), "\(name) \(encoding)")
                let folding = (model.folding(uri)?.regions ?? []).map { to.folding($0, lineFoldingOnly: encoding == .utf8) }
                let found = (model.diagnostics(uri)?.diagnostics ?? []).map(to.diagnostic)
                let tokens = to.semanticTokens(model.semanticTokens(uri, multiline: encoding == .utf8)?.tokens ?? [])
                symbols += outline.count
                diagnostics += found.count
                // The writer's JSON of `value`, and the encoder's of `withoutEmpty` (the same value with nil for
                // the empty optional arrays the writer leaves out).
                func same<T: Encodable & JSONWritable, U: Encodable>(_ value: T, _ withoutEmpty: U, _ what: String) throws {
                    let written = try LSPAny(jsonData: MessageBody.response(id: .number(1), result: value))["result"]
                    XCTAssertEqual(written, try LSPAny(jsonData: encoder.encode(withoutEmpty)), "\(name) \(what) \(encoding)")
                }
                let plainDiagnostics = found.map(Self.withoutEmptyArrays)
                try same(outline, outline.map(Self.withoutEmptyArrays), "documentSymbol")
                try same(folding, folding, "foldingRange")
                try same(DocumentDiagnosticReport.full(resultId: "1", items: found),
                         DocumentDiagnosticReport.full(resultId: "1", items: plainDiagnostics), "diagnostic")
                try same(tokens, tokens, "semanticTokens")
                let published = PublishDiagnosticsParams(uri: uri.string, version: 1, diagnostics: found)
                let notification = try LSPAny(jsonData: MessageBody.notification(method: "textDocument/publishDiagnostics", params: published))
                XCTAssertEqual(notification["params"], try LSPAny(jsonData: encoder.encode(
                    PublishDiagnosticsParams(uri: uri.string, version: 1, diagnostics: plainDiagnostics))), name)
            }
        }
        XCTAssertGreaterThan(symbols, 1000)
        XCTAssertGreaterThan(diagnostics, 0)
    }

    static func withoutEmptyArrays(_ s: DocumentSymbol) -> DocumentSymbol {
        var s = s
        s.children = s.children.flatMap { $0.isEmpty ? nil : $0.map(withoutEmptyArrays) }
        if s.tags?.isEmpty == true { s.tags = nil }
        return s
    }

    static func withoutEmptyArrays(_ d: Diagnostic) -> Diagnostic {
        var d = d
        if d.tags?.isEmpty == true { d.tags = nil }
        if d.relatedInformation?.isEmpty == true { d.relatedInformation = nil }
        return d
    }
}
