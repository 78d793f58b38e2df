import JSONRPC

// The results and params the server sends most and largest, written by ``JSONRPC/JSONWriter`` instead of
// `JSONEncoder` (a measured hot path, issue 19: `documentSymbol` spent about 79 % of its server CPU time in
// the encoder). Members in sorted key order, nil members left out, as the encoder wrote them; empty
// `children`, `tags` and `relatedInformation` are left out too (LSP 3.17: all three are optional, and a
// missing one means none). DirectMessageCodingTests compares the JSON values with the encoder's.

// Positions and ranges, four of each per symbol, are written as fixed fragments around their numbers: the
// same text as `beginObject`, `key`, ..., `endObject`.
extension Position: JSONWritable {
    public func write(to w: inout JSONWriter) {
        w.fragment("{\"character\":"); w.int(character)
        w.fragment(",\"line\":"); w.int(line)
        w.fragment("}")
    }
}

extension LSPRange: JSONWritable {
    public func write(to w: inout JSONWriter) {
        w.fragment("{\"end\":"); end.write(to: &w)
        w.fragment(",\"start\":"); start.write(to: &w)
        w.fragment("}")
    }
}

extension DocumentSymbol: JSONWritable {
    public func write(to w: inout JSONWriter) throws {
        try Self.write(to: &w, name: name, detail: detail, kind: kind, range: range, selectionRange: selectionRange,
                       tags: tags, hasChildren: !(children ?? []).isEmpty) { w in
            for child in children ?? [] {
                w.element()
                try child.write(to: &w)
            }
        }
    }

    /// Writes a symbol from its members, as ``write(to:)`` does: `writeChildren` writes the elements of the
    /// `children` array (each after ``JSONRPC/JSONWriter/element()``), called only when `hasChildren`. For
    /// writers of symbols that are not built as `DocumentSymbol` values first (the server's outline).
    public static func write(to w: inout JSONWriter, name: String, detail: String?, kind: SymbolKind, range: LSPRange,
                             selectionRange: LSPRange, tags: [Int]?, hasChildren: Bool,
                             writeChildren: (inout JSONWriter) throws -> Void) rethrows {
        w.beginObject()
        if hasChildren {
            w.key("children")
            w.beginArray()
            try writeChildren(&w)
            w.endArray()
        }
        if let detail { w.key("detail"); w.string(detail) }
        w.key("kind"); w.int(kind.rawValue)
        w.key("name"); w.string(name)
        w.key("range"); range.write(to: &w)
        w.key("selectionRange"); selectionRange.write(to: &w)
        if let tags, !tags.isEmpty {
            w.key("tags")
            w.beginArray()
            for tag in tags { w.element(); w.int(tag) }
            w.endArray()
        }
        w.endObject()
    }
}

extension FoldingRange: JSONWritable {
    public func write(to w: inout JSONWriter) {
        w.beginObject()
        if let collapsedText { w.key("collapsedText"); w.string(collapsedText) }
        if let endCharacter { w.key("endCharacter"); w.int(endCharacter) }
        w.key("endLine"); w.int(endLine)
        if let kind { w.key("kind"); w.string(kind.rawValue) }
        if let startCharacter { w.key("startCharacter"); w.int(startCharacter) }
        w.key("startLine"); w.int(startLine)
        w.endObject()
    }
}

extension Location: JSONWritable {
    public func write(to w: inout JSONWriter) {
        w.beginObject()
        w.key("range"); range.write(to: &w)
        w.key("uri"); w.string(uri)
        w.endObject()
    }
}

extension DiagnosticRelatedInformation: JSONWritable {
    public func write(to w: inout JSONWriter) {
        w.beginObject()
        w.key("location"); location.write(to: &w)
        w.key("message"); w.string(message)
        w.endObject()
    }
}

extension Diagnostic: JSONWritable {
    public func write(to w: inout JSONWriter) throws {
        w.beginObject()
        if let code { w.key("code"); w.string(code) }
        if let codeDescription {
            w.key("codeDescription")
            w.beginObject()
            w.key("href"); w.string(codeDescription.href)
            w.endObject()
        }
        if let data { w.key("data"); try data.write(to: &w) }
        w.key("message"); w.string(message)
        w.key("range"); range.write(to: &w)
        if let relatedInformation, !relatedInformation.isEmpty { w.key("relatedInformation"); try w.array(relatedInformation) }
        if let severity { w.key("severity"); w.int(severity.rawValue) }
        if let source { w.key("source"); w.string(source) }
        if let tags, !tags.isEmpty {
            w.key("tags")
            w.beginArray()
            for tag in tags { w.element(); w.int(tag.rawValue) }
            w.endArray()
        }
        w.endObject()
    }
}

extension PublishDiagnosticsParams: JSONWritable {
    public func write(to w: inout JSONWriter) throws {
        w.beginObject()
        w.key("diagnostics"); try w.array(diagnostics)
        w.key("uri"); w.string(uri)
        if let version { w.key("version"); w.int(version) }
        w.endObject()
    }
}

extension DocumentDiagnosticReport: JSONWritable {
    public func write(to w: inout JSONWriter) throws {
        w.beginObject()
        switch self {
        case .full(let resultId, let items):
            w.key("items"); try w.array(items)
            w.key("kind"); w.string("full")
            if let resultId { w.key("resultId"); w.string(resultId) }
        case .unchanged(let resultId):
            w.key("kind"); w.string("unchanged")
            w.key("resultId"); w.string(resultId)
        }
        w.endObject()
    }
}

extension SemanticTokens: JSONWritable {
    public func write(to w: inout JSONWriter) {
        w.beginObject()
        w.key("data")
        w.beginArray()
        for n in data { w.element(); w.unsigned(n) }
        w.endArray()
        if let resultId { w.key("resultId"); w.string(resultId) }
        w.endObject()
    }
}
