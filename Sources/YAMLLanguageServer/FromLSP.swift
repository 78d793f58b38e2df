import JSONRPC
import LanguageServerProtocol
import YAMLDocumentModel
import YAMLSyntax

/// Conversions from wire types to model values. No decisions about YAML happen here.
enum FromLSP {
    static func uri(_ s: String) -> DocumentURI { DocumentURI(s) }

    static func position(_ p: Position) -> LineColumn { LineColumn(line: p.line, column: p.character) }

    static func change(_ c: TextDocumentContentChangeEvent) -> TextChange {
        guard let r = c.range else { return .full(c.text) }
        return TextChange(range: (position(r.start), position(r.end)), text: c.text)
    }

    static func encoding(_ kind: PositionEncodingKind) -> ColumnEncoding {
        switch kind {
        case .utf8: return .utf8
        case .utf32: return .utf32
        default: return .utf16
        }
    }

    static func formattingRequest(_ o: FormattingOptions) -> FormattingRequest {
        FormattingRequest(tabSize: o.tabSize, trimTrailingWhitespace: o.trimTrailingWhitespace,
                          insertFinalNewline: o.insertFinalNewline, trimFinalNewlines: o.trimFinalNewlines)
    }

    /// Raw settings JSON as the model's settings value. Members of JSON objects are sorted by key so the
    /// result does not depend on dictionary order.
    static func settings(_ any: LSPAny) -> SettingsValue {
        switch any {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .integer(let i): return .integer(Int64(i))
        case .double(let d): return .number(d)
        case .string(let s): return .string(s)
        case .array(let a): return .array(a.map(settings))
        case .object(let o): return .object(o.sorted { $0.key < $1.key }.map { (key: $0.key, value: settings($0.value)) })
        }
    }
}

extension FromLSP {
    /// The UTF-8 byte offset of `p` (columns in `encoding`) in a snapshot's text, clamped to it.
    static func offset(_ p: Position, in snapshot: DocumentSnapshot, encoding: ColumnEncoding) -> Int {
        snapshot.lineIndex.offset(of: position(p), encoding: encoding)
    }

    /// The byte range of `r` in a snapshot's text (an end before the start is read as the start).
    static func range(_ r: LSPRange, in snapshot: DocumentSnapshot, encoding: ColumnEncoding) -> TextRange {
        let start = offset(r.start, in: snapshot, encoding: encoding)
        return TextRange(start: start, end: Swift.max(start, offset(r.end, in: snapshot, encoding: encoding)))
    }

    /// The model's code action kinds wanted by an LSP `only` list: a kind is wanted when it equals an
    /// entry or is a sub-kind of it (LSP 3.17 "CodeActionKind" hierarchy); nil when `only` is absent.
    static func codeActionKinds(_ only: [String]?) -> Set<CodeActionCandidate.Kind>? {
        guard let only else { return nil }
        return Set(CodeActionCandidate.Kind.allCases.filter { kind in
            only.contains { kind.rawValue == $0 || kind.rawValue.hasPrefix($0 + ".") }
        })
    }

    /// The document and the reference in a code action's `data` (``ToLSP/codeActionData(uri:_:)``); nil
    /// when `data` is not of that shape.
    static func codeActionReference(_ data: LSPAny?) -> (DocumentURI, CodeActionReference)? {
        guard case .object(let o)? = data, case .string(let uri)? = o["uri"], case .integer(let version)? = o["version"],
              case .integer(let index)? = o["id"], case .array(let bounds)? = o["range"], bounds.count == 2,
              case .integer(let start) = bounds[0], case .integer(let end) = bounds[1], 0 <= start, start <= end,
              case .string(let title)? = o["title"] else { return nil }
        var kinds: Set<CodeActionCandidate.Kind>?
        if case .array(let names)? = o["only"] {
            kinds = Set(names.compactMap { if case .string(let name) = $0 { CodeActionCandidate.Kind(rawValue: name) } else { nil } })
        }
        return (Self.uri(uri), CodeActionReference(version: version, range: TextRange(start: start, end: end), kinds: kinds,
                                                   index: index, title: title))
    }
}
