import JSONRPC
import LanguageServerProtocol
import YAMLDocumentModel

/// The `textDocument/documentSymbol` result, written straight from the model's outline: the JSON of
/// `ToLSP.symbols(symbols)` (the same bytes; HotPathJSONCorpusTests compares them) without building those
/// `DocumentSymbol` values first. On a 3,700-line stream (about 6,000 symbols) building, copying and
/// freeing them was about a quarter of the server's time per request (issue 19).
struct OutlineResult: Encodable, JSONWritable {
    let symbols: [OutlineSymbol]
    let to: ToLSP

    /// The slow path (`JSONEncoder`), for completeness: the converted symbols.
    func encode(to encoder: any Encoder) throws { try to.symbols(symbols).encode(to: encoder) }

    func write(to w: inout JSONWriter) throws {
        var hint = 0
        w.beginArray()
        write(symbols, to: &w, hint: &hint)
        w.endArray()
    }

    /// The elements of one array of symbols; positions searched from `hint` as ``ToLSP/symbols(_:)`` does.
    private func write(_ list: [OutlineSymbol], to w: inout JSONWriter, hint: inout Int) {
        // Members read in place (`list[i].name`), not from a copy of the symbol (three retains and releases).
        for i in list.indices {
            w.element()
            let range = to.range(list[i].range, hint: &hint)
            let selectionRange = to.range(list[i].selectionRange, hint: &hint)
            // LSP requires a non-empty name (as ToLSP.symbol).
            DocumentSymbol.write(to: &w, name: list[i].name.isEmpty ? " " : list[i].name, detail: list[i].detail,
                                 kind: ToLSP.symbolKind(list[i].kind), range: range, selectionRange: selectionRange, tags: nil,
                                 hasChildren: !list[i].children.isEmpty) { w in write(list[i].children, to: &w, hint: &hint) }
        }
    }
}
