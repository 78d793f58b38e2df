import YAMLComposer
import YAMLParser
import YAMLSyntax

/// The outline's symbol of one document of a stream opened document by document, without its entries: what
/// the outline lists of a document when the item limit leaves nothing for entries (a stream of at least
/// `maxItemsComputed` documents, such as a 10 MB Kubernetes stream). Made at the open from the document's
/// parse events while they are at hand (``init(events:chunk:documentRange:)``), so that such an outline reads
/// no document again. Offsets are UTF-8 bytes relative to the start of the document's chunk
/// (``DocumentChunks/starts``), so that an edit of another document leaves it as it is.
///
/// Only a document that ``DocumentTitle`` names by its content alone has one: a mapping root with
/// `apiVersion` and `kind` strings (`Deployment web`, its `metadata.namespace` as detail), or else with a
/// `name`, `id` or `title` string; the names of other documents may depend on their first key's source text or
/// on their schema's title, and are made from their chunk.
struct OutlineDocumentHead: Sendable, Equatable {
    /// As ``DocumentTitle/name`` and ``DocumentTitle/detail``; the kind is ``OutlineSymbol/Kind/mapping``.
    let name: String
    let detail: String?
    /// The document with its trailing comment lines, and its selection (its `---`, or the empty range where its
    /// content starts), as ``OutlineBuilder`` makes them, relative to the chunk's start.
    let range: TextRange
    let selection: TextRange

    /// The document's symbol without entries, its chunk starting at `start` in the whole text.
    func symbol(chunkStart start: Int) -> OutlineSymbol {
        OutlineSymbol(name: name, detail: detail, kind: .mapping, range: range.shifted(by: start),
                      selectionRange: selection.shifted(by: start), children: [])
    }

    /// The head of the one document of a chunk (`chunk`, its bytes alone) from the chunk's parse `events`, its
    /// document's range `documentRange` relative to the chunk's start; nil when ``DocumentTitle`` would not
    /// name it by its content alone (see the type), or when what names it passes through a tag, an alias or a
    /// merge key (`<<`), which the title reads from the composed graph.
    init?(events: ParseEvents, chunk bytes: [UInt8], documentRange: TextRange) {
        // The root: the first node after the document's start.
        var i = events.startIndex
        while i < events.endIndex, case .streamStart = events[i].kind { i += 1 }
        guard i < events.endIndex, case .documentStart = events[i].kind else { return nil }
        i += 1
        guard i < events.endIndex, case .mappingStart = events[i].kind else { return nil }
        let rootStart = events[i].range.start
        i += 1
        var walk = Walk(events: events, index: i)
        // The first value of each key read (nil: a value that is not a string; absent: no such key).
        var top: [String: String?] = [:]
        var metadata: [String: String?]?
        let keys: Set<String> = ["apiVersion", "kind", "name", "id", "title"]
        while true {
            guard let key = walk.key() else { return nil }
            guard case .key(let text) = key else { break }
            if text == "metadata", metadata == nil {
                guard let pairs = walk.mappingStrings(["name", "generateName", "namespace"]) else { return nil }
                metadata = pairs
            } else if keys.contains(text), top[text] == nil {
                guard let value = walk.string() else { return nil }
                top[text] = .some(value)
            } else {
                guard walk.skipValue() else { return nil }
            }
            // A resource's name is known once its kind, its apiVersion and its metadata are.
            if let kind = top["kind"] ?? nil, top["apiVersion"] ?? nil != nil, metadata != nil {
                self.init(resource: kind, metadata: metadata ?? [:], documentRange: documentRange, rootStart: rootStart, bytes: bytes)
                return
            }
        }
        if let kind = top["kind"] ?? nil, top["apiVersion"] ?? nil != nil {
            self.init(resource: kind, metadata: metadata ?? [:], documentRange: documentRange, rootStart: rootStart, bytes: bytes)
            return
        }
        guard let name = ["name", "id", "title"].lazy.compactMap({ top[$0] ?? nil }).first else { return nil }
        self.init(name: name, detail: nil, documentRange: documentRange, rootStart: rootStart, bytes: bytes)
    }

    private init(resource kind: String, metadata: [String: String?], documentRange: TextRange, rootStart: Int, bytes: [UInt8]) {
        let resourceName = (metadata["name"] ?? nil) ?? (metadata["generateName"] ?? nil)
        self.init(name: resourceName.map { "\(kind) \($0)" } ?? kind, detail: metadata["namespace"] ?? nil,
                  documentRange: documentRange, rootStart: rootStart, bytes: bytes)
    }

    private init(name: String, detail: String?, documentRange: TextRange, rootStart: Int, bytes: [UInt8]) {
        self.name = name
        self.detail = detail
        range = TextRange(start: documentRange.start, end: Self.end(after: documentRange.end, in: bytes))
        let s = documentRange.start
        if s + 3 <= bytes.count, bytes[s] == UInt8(ascii: "-"), bytes[s + 1] == UInt8(ascii: "-"), bytes[s + 2] == UInt8(ascii: "-") {
            selection = TextRange(start: s, end: s + 3)
        } else {
            selection = TextRange(empty: documentRange.contains(rootStart) || documentRange.end == rootStart ? rootStart : s)
        }
    }

    /// ``OutlineText/end(after:column:)`` with column -1 (a document's: every comment line after it) for a
    /// document that ends at `end` in `bytes`, its chunk: after a document's last node its chunk holds only
    /// blank lines and comments, so every `#` after blanks is a comment, read from the bytes alone.
    static func end(after end: Int, in bytes: [UInt8]) -> Int {
        guard end > 0, end <= bytes.count else { return end }
        func isBlank(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 }
        func isBreak(_ c: UInt8) -> Bool { c == 0x0A || c == 0x0D }
        /// The end of the comment starting at `p` without its trailing blanks.
        func commentEnd(_ p: Int) -> Int {
            var e = p
            while e < bytes.count, !isBreak(bytes[e]) { e += 1 }
            while e > p, isBlank(bytes[e - 1]) { e -= 1 }
            return e
        }
        var last = end
        while last > 1, isBlank(bytes[last - 1]) || isBreak(bytes[last - 1]) { last -= 1 }
        var result = end
        var p = last
        while p < bytes.count, isBlank(bytes[p]) { p += 1 }
        if p < bytes.count, bytes[p] == UInt8(ascii: "#") { result = Swift.max(end, commentEnd(p)) }
        // The start of the line after the one holding `last - 1`.
        var q = last - 1
        while q < bytes.count, !isBreak(bytes[q]) { q += 1 }
        while q < bytes.count {
            // `q` is at a line break: the next line starts after it (`\r\n` is one).
            if bytes[q] == 0x0D, q + 1 < bytes.count, bytes[q + 1] == 0x0A { q += 1 }
            q += 1
            while q < bytes.count, isBlank(bytes[q]) { q += 1 }
            guard q < bytes.count else { break }
            if isBreak(bytes[q]) { continue }
            guard bytes[q] == UInt8(ascii: "#") else { break }
            let e = commentEnd(q)
            result = Swift.max(result, e)
            q = e
            while q < bytes.count, !isBreak(bytes[q]) { q += 1 }
        }
        return result
    }

    /// Reads the events of a mapping's entries one at a time.
    private struct Walk {
        let events: ParseEvents
        var index: Int

        enum Key { case key(String), end }

        /// The next key of the mapping being read: a scalar's content, or `.end` at the mapping's end; a key
        /// that is a collection is skipped and read as the empty string (it names nothing the title reads).
        /// Nil for a key with a tag or an alias, `<<`, or a broken event stream.
        mutating func key() -> Key? {
            guard index < events.endIndex else { return nil }
            let event = events[index]
            switch event.kind {
            case .mappingEnd:
                index += 1
                return .end
            case .scalar(let value, _, _, let tag):
                index += 1
                guard tag == nil, value != "<<" else { return nil }
                return .key(value)
            case .mappingStart, .sequenceStart:
                guard skipValue() else { return nil }
                return .key("")
            default:
                return nil
            }
        }

        /// The next value read as ``DocumentTitle/string(_:in:)`` reads it: `.some(text)` for a string or an
        /// integer without a tag (on one line, nil when empty), `.some(nil)` for another node (skipped); nil for
        /// a tag or an alias on a scalar, or a broken event stream.
        mutating func string() -> String?? {
            guard index < events.endIndex else { return nil }
            switch events[index].kind {
            case .scalar(let value, let style, _, let tag):
                index += 1
                guard tag == nil else { return nil }
                if style == .plain {
                    let resolved = CoreSchema.resolvePlainScalarTag(value)
                    guard resolved == CoreSchema.strTag || resolved == CoreSchema.intTag else { return .some(nil) }
                }
                let text = OutlineText.collapsed(value)
                return .some(text.isEmpty ? nil : text)
            case .alias:
                return nil
            default:
                return skipValue() ? .some(nil) : nil
            }
        }

        /// The first value (as ``string()``) of each of `keys` in the mapping that is the next value; the empty
        /// dictionary for a value that is not a mapping; nil as ``string()``.
        mutating func mappingStrings(_ keys: Set<String>) -> [String: String?]? {
            guard index < events.endIndex else { return nil }
            switch events[index].kind {
            case .mappingStart:
                index += 1
            case .alias:
                return nil
            default:
                return skipValue() ? [:] : nil
            }
            var found: [String: String?] = [:]
            while true {
                guard let key = key() else { return nil }
                guard case .key(let text) = key else { return found }
                if keys.contains(text), found[text] == nil {
                    guard let value = string() else { return nil }
                    found[text] = .some(value)
                } else {
                    guard skipValue() else { return nil }
                }
            }
        }

        /// Skips the next node (a collection with everything in it); false for a broken event stream.
        mutating func skipValue() -> Bool {
            var depth = 0
            while index < events.endIndex {
                let kind = events[index].kind
                index += 1
                switch kind {
                case .mappingStart, .sequenceStart: depth += 1
                case .mappingEnd, .sequenceEnd: depth -= 1
                case .scalar, .alias: break
                default: return false
                }
                if depth == 0 { return true }
                if depth < 0 { return false }
            }
            return false
        }
    }
}

/// The outline heads of a stream's documents (``DocumentSnapshot/outlineHeads``), made at the open, with the
/// documents edited since left out (their heads are made from their chunks again). Shared by the snapshots
/// that follow one another: an edit copies no head.
struct OutlineHeads: Sendable {
    /// Per document (chunk) of the stream at the open, its head relative to its chunk's start.
    let heads: [OutlineDocumentHead?]
    /// The documents edited since the open.
    private(set) var edited: Set<Int> = []

    init(heads: [OutlineDocumentHead?]) { self.heads = heads }

    /// The head of document `index`, nil when it has none or was edited since the open.
    func head(_ index: Int) -> OutlineDocumentHead? {
        index < heads.count && !edited.contains(index) ? heads[index] : nil
    }

    /// These heads with document `index`'s left out (after an edit of that document alone).
    func leavingOut(_ index: Int) -> OutlineHeads {
        var copy = self
        copy.edited.insert(index)
        return copy
    }
}
