import YAMLComposer
import YAMLParser
import YAMLSyntax

/// Builds the outline of a snapshot from its representation graphs.
///
/// - A single-document stream lists its root mapping's keys (or its sequence's items) at the top level.
/// - A stream of several documents gets one symbol per document, named by what it holds
///   (``DocumentTitle``: `Deployment web`, a `name` value, its schema's title, the first key, else `Document N`).
/// - Keys are named whole: a scalar key by its value on one line, another key by its source text on one
///   line (`[x, y]`); names are never shortened (LSP 3.17 sets no limit; clients elide). Only `detail`
///   (a scalar value, or an item count) is cut at ``maxDetail`` characters with `…`.
/// - Sequence items are named after what identifies them: a scalar item by its text, a mapping item by
///   its `name`/`id`/`key`/`uses`/`run` value or else its first `key: value`; otherwise `[i]`.
/// - A block entry's range runs on over its trailing comment and the comment lines indented under it
///   (``OutlineText/end(after:column:)``); a document's over every comment line up to the next document.
///   The selection of a document is its `---` marker, or the empty range where its content starts.
/// - At most `limit` symbols are produced, shallower entries first (breadth first), and nesting stops
///   below `maxDepth` levels.
struct OutlineBuilder {
    private(set) var limit: Int
    let maxDepth = 128
    private(set) var count = 0
    private(set) var truncated = false
    private var text: OutlineText?

    init(limit: Int) { self.limit = limit }

    /// A symbol under construction; children are filled level by level so that, when the cap is reached,
    /// every shallower entry is already listed (a huge `paths:` cannot hide later top-level keys).
    final class Draft {
        var symbol: OutlineSymbol
        let node: YAMLNode?
        let depth: Int
        var children: [Draft] = []
        init(symbol: OutlineSymbol, node: YAMLNode?, depth: Int) { self.symbol = symbol; self.node = node; self.depth = depth }
        func finish() -> OutlineSymbol {
            var s = symbol
            s.children = children.map { $0.finish() }
            return s
        }
    }

    /// The outline of `snapshot`; `schemaTitles[i]` is the title of the loaded schema of document `i` of a
    /// stream of several (``DocumentModel/SchemaResult/schemaTitles``; shorter or empty when none has one).
    mutating func build(_ snapshot: DocumentSnapshot, schemaTitles: [String?] = []) -> OutlineSurface {
        let docs = snapshot.composition.documents
        let text = OutlineText(tree: snapshot.tree, lines: snapshot.lineIndex)
        self.text = text
        var top: [Draft] = []
        var queue: [Draft] = []
        if docs.count == 1 {
            top = drafts(under: docs[0].root, depth: 0)
            queue = top
        } else {
            for (i, doc) in docs.enumerated() {
                guard take() else { break }
                let title = DocumentTitle(doc.root, index: i, text: text, schemaTitle: i < schemaTitles.count ? schemaTitles[i] : nil)
                let range = TextRange(start: doc.range.start, end: text.end(after: doc.range.end, column: -1))
                let d = Draft(symbol: OutlineSymbol(name: title.name, detail: title.detail, kind: title.kind, range: range,
                                                    selectionRange: Self.selection(of: doc, in: text), children: []),
                              node: doc.root, depth: 0)
                top.append(d)
            }
            // Documents' own entries come right after the document symbols.
            queue = []
            for d in top {
                guard let root = d.node else { continue }
                d.children = drafts(under: root, depth: 1)
                queue += d.children
            }
        }
        expand(queue)
        return OutlineSurface(symbols: top.map { $0.finish() }, truncated: truncated)
    }

    /// Fills the children of `queue`'s drafts and of theirs, breadth first: each level is complete before
    /// the next one starts, until the limit is reached.
    private mutating func expand(_ queue: [Draft]) {
        var queue = queue
        var head = 0
        while head < queue.count && !truncated {
            let d = queue[head]
            head += 1
            guard let node = d.node, d.depth + 1 < maxDepth else { continue }
            d.children = drafts(under: node, depth: d.depth + 1)
            queue += d.children
        }
    }

    /// The outline of a stream whose documents are read from their chunks
    /// (``DocumentSnapshot/buildsSurfacesFromChunks``): each document's chunk is parsed and composed alone
    /// (YAML 1.2.2 §9.2: the documents of such a stream share nothing), its symbols made, and its tree and
    /// graph freed before the next one, so that the whole text's tree and graph are never held at once. The
    /// outline is the one ``build(_:schemaTitles:)`` makes from the whole composition; nil when a chunk does
    /// not hold exactly one document (never for chunks that qualify).
    ///
    /// That outline lists the symbols breadth first over the stream (every document, then each document's
    /// top-level entries, document by document, then the next level in the same order, ...) until `limit`.
    /// So each document is read once, for its symbol with at most what the limit leaves for entries (plus one,
    /// breadth first), counting its entries per level; when the limit cuts the entries, each document's symbol
    /// is then cut to its share (``keeping(perLevel:)``): its entries above the level where the cut falls, and
    /// at that level those before it. No document is read twice.
    func build(chunksOf snapshot: DocumentSnapshot, chunks: DocumentChunks, schemaTitles: [String?] = []) -> OutlineSurface? {
        let listed = Swift.min(chunks.starts.count, limit)
        // What the documents' own symbols leave for their entries.
        let budget = limit - listed
        var symbols: [OutlineSymbol] = []
        var levels: [[Int]] = []
        var entries = 0
        symbols.reserveCapacity(listed)
        levels.reserveCapacity(listed)
        for i in 0..<listed {
            // When the limit leaves nothing for entries, a document's head made at the open is its symbol (its
            // root mapping has an entry at least: its `kind` or its name).
            if budget == 0, let head = snapshot.outlineHeads?.head(i) {
                symbols.append(head.symbol(chunkStart: chunks.starts[i]))
                levels.append([1])
                entries += 1
                continue
            }
            guard let (symbol, perLevel) = Self.document(i, of: snapshot, chunks: chunks, schemaTitles: schemaTitles,
                                                         entryLimit: budget + 1) else { return nil }
            levels.append(perLevel)
            entries += perLevel.reduce(0, +)
            symbols.append(symbol)
        }
        guard entries > budget else { return OutlineSurface(symbols: symbols, truncated: chunks.starts.count > limit) }
        return OutlineSurface(symbols: Self.cut(symbols, levels: levels, budget: budget), truncated: true)
    }

    /// The document symbols `symbols` (each with its entries breadth first, `levels[i]` of document `i` per
    /// level) cut to `budget` entries as the whole text's breadth-first outline cuts them: level by level,
    /// document by document, until the budget is spent.
    static func cut(_ symbols: [OutlineSymbol], levels: [[Int]], budget: Int) -> [OutlineSymbol] {
        var shares = levels.map { _ in [Int]() }
        var left = budget
        var level = 0
        cut: while true {
            var deeper = false
            for i in levels.indices where level < levels[i].count {
                deeper = true
                let taken = Swift.min(levels[i][level], left)
                shares[i].append(taken)
                left -= taken
                if taken < levels[i][level] { break cut }
            }
            guard deeper else { break }
            level += 1
        }
        return symbols.indices.map { symbols[$0].keeping(perLevel: shares[$0]) }
    }

    /// The symbol of document `index` of `snapshot`'s stream, made from its chunk alone, with at most
    /// `entryLimit` entries under it (breadth first), and how many entries it has on each level (the first:
    /// its top-level entries), counted up to `entryLimit`. Nil when the chunk does not hold one document.
    private static func document(_ index: Int, of snapshot: DocumentSnapshot, chunks: DocumentChunks, schemaTitles: [String?],
                                 entryLimit: Int) -> (OutlineSymbol, [Int])? {
        let start = chunks.starts[index]
        let end = chunks.end(of: index, textCount: snapshot.bytes.count)
        let bytes = Array(snapshot.bytes[start..<end])
        let parse = Parser.parse(bytes)
        let documents = Composer.compose(parse).documents
        guard documents.count == 1, let doc = documents.first else { return nil }
        // A chunk starts at a line start: columns are the whole text's; offsets are moved by `start` below.
        let text = OutlineText(tree: parse.tree, lines: LineIndex(bytes))
        let title = DocumentTitle(doc.root, index: index, text: text,
                                  schemaTitle: index < schemaTitles.count ? schemaTitles[index] : nil)
        let range = TextRange(start: doc.range.start, end: text.end(after: doc.range.end, column: -1))
        var builder = OutlineBuilder(limit: entryLimit)
        builder.text = text
        let entries = builder.drafts(under: doc.root, depth: 1)
        builder.expand(entries)
        var levels: [Int] = []
        var queue = entries
        while !queue.isEmpty {
            levels.append(queue.count)
            queue = queue.flatMap(\.children)
        }
        let symbol = OutlineSymbol(name: title.name, detail: title.detail, kind: title.kind, range: range,
                                   selectionRange: selection(of: doc, in: text), children: entries.map { $0.finish() })
        return (symbol.shifted(by: start), levels)
    }

    private mutating func take() -> Bool {
        if count >= limit { truncated = true; return false }
        count += 1
        return true
    }

    /// The entries directly under `node` (keys of a mapping, items of a sequence), children not yet filled.
    private mutating func drafts(under node: YAMLNode, depth: Int) -> [Draft] {
        guard let text else { return [] }
        let block = node.collectionStyle == .block
        switch node.content {
        case .mapping(let pairs):
            var out: [Draft] = []
            out.reserveCapacity(pairs.count)
            for pair in pairs {
                guard take() else { break }
                let value = pair.value
                var range = pair.key.range.union(value.range)
                if block {
                    range.end = text.end(after: range.end, column: text.column(of: pair.key.range.start, indicator: UInt8(ascii: "?")))
                }
                let symbol = OutlineSymbol(name: Self.label(of: pair.key, text: text), detail: Self.detail(of: value),
                                           kind: Self.kind(of: value), range: range,
                                           selectionRange: pair.key.range, children: [])
                out.append(Draft(symbol: symbol, node: Self.expandable(value), depth: depth))
            }
            return out
        case .sequence(let items):
            var out: [Draft] = []
            out.reserveCapacity(items.count)
            for (i, item) in items.enumerated() {
                guard take() else { break }
                var selection = item.range
                if case .mapping(let pairs) = item.content, let first = pairs.first { selection = first.key.range }
                var range = item.range
                if block {
                    range.end = text.end(after: range.end, column: text.column(of: item.range.start, indicator: UInt8(ascii: "-")))
                }
                let symbol = OutlineSymbol(name: Self.itemName(item, index: i), detail: Self.detail(of: item),
                                           kind: Self.kind(of: item), range: range, selectionRange: selection,
                                           children: [])
                out.append(Draft(symbol: symbol, node: Self.expandable(item), depth: depth))
            }
            return out
        case .scalar, .alias:
            return []
        }
    }

    /// Collections have children in the outline; aliases are not expanded (their target is listed where
    /// it is defined).
    static func expandable(_ node: YAMLNode) -> YAMLNode? {
        switch node.content {
        case .mapping, .sequence: return node
        case .scalar, .alias: return nil
        }
    }

    /// Longest detail shown (names are never shortened).
    static let maxDetail = 60

    /// The first line of `s` (up to its first `\n` character: a `\r\n` is one character, which does not end
    /// it), cut at ``maxDetail`` characters; `…` marks a cut.
    static func shortened(_ s: String) -> String {
        // Found in the UTF-8 bytes: an LF not after a CR is the character `\n` (grapheme clusters break
        // around LF, except CR LF: Unicode UAX #29 GB3–GB5). Splitting the whole string into lines, then
        // counting its characters, took a tenth of a 4.9 MB stream's outline (its block scalars).
        var previous: UInt8 = 0
        var lineEnd: String.Index?
        for i in s.utf8.indices {
            let b = s.utf8[i]
            if b == 0x0A && previous != 0x0D { lineEnd = i; break }
            previous = b
        }
        if let lineEnd { return String(s[..<lineEnd].prefix(maxDetail)) + "…" }
        if s.utf8.count <= maxDetail || s.count <= maxDetail { return s }
        return String(s.prefix(maxDetail)) + "…"
    }

    /// A key's name, whole and on one line: a scalar by its value, an alias as `*name`, a collection
    /// by its source text (`[x, y]`); `""` for the empty string.
    static func label(of key: YAMLNode, text: OutlineText) -> String {
        switch key.content {
        case .scalar(let s, _): return s.isEmpty ? "\"\"" : OutlineText.collapsed(s)
        case .alias(let name, _): return "*" + name
        case .sequence, .mapping:
            let source = text.oneLine(key.range)
            return source.isEmpty ? "\"\"" : source
        }
    }

    static func detail(of value: YAMLNode) -> String? {
        switch value.content {
        case .scalar(let s, _): return s.isEmpty ? nil : shortened(s)
        case .alias(let name, _): return "*" + name
        case .sequence(let items): return items.count == 1 ? "1 item" : "\(items.count) items"
        case .mapping(let pairs): return pairs.count == 1 ? "1 key" : "\(pairs.count) keys"
        }
    }

    static func kind(of node: YAMLNode) -> OutlineSymbol.Kind {
        let n = node.resolved
        switch n.content {
        case .mapping: return .mapping
        case .sequence: return .sequence
        case .alias: return .null
        case .scalar:
            switch n.tag {
            case "tag:yaml.org,2002:int", "tag:yaml.org,2002:float": return .number
            case "tag:yaml.org,2002:bool": return .boolean
            case "tag:yaml.org,2002:null": return .null
            default: return .string
            }
        }
    }

    static let identifyingKeys = ["name", "id", "key", "uses", "run"]

    static func itemName(_ item: YAMLNode, index: Int) -> String {
        switch item.content {
        case .scalar(let s, _): return s.isEmpty ? "[\(index)]" : OutlineText.collapsed(s)
        case .alias(let name, _): return "*" + name
        case .mapping(let pairs):
            for key in identifyingKeys {
                if let p = pairs.first(where: { scalarText($0.key) == key }), let v = scalarText(p.value), !v.isEmpty {
                    return OutlineText.collapsed(v)
                }
            }
            if let first = pairs.first, let k = scalarText(first.key) {
                if let v = scalarText(first.value), !v.isEmpty { return OutlineText.collapsed("\(k): \(v)") }
                return OutlineText.collapsed(k)
            }
            return "[\(index)]"
        case .sequence: return "[\(index)]"
        }
    }

    static func scalarText(_ node: YAMLNode) -> String? {
        if case .scalar(let s, _) = node.resolved.content { return s }
        return nil
    }

    /// The selection of a document: its `---` marker, else the empty range where its content starts
    /// (an implicit document has no marker to select).
    static func selection(of doc: ComposedDocument, in text: OutlineText) -> TextRange {
        let b = text.bytes, s = doc.range.start
        if s + 3 <= b.count, b[s] == UInt8(ascii: "-"), b[s + 1] == UInt8(ascii: "-"), b[s + 2] == UInt8(ascii: "-") {
            return TextRange(start: s, end: s + 3)
        }
        let at = doc.root.range.start
        return TextRange(empty: doc.range.contains(at) || doc.range.end == at ? at : s)
    }
}

extension OutlineSymbol {
    /// The symbol with, on each level of entries under it (`perLevel[0]`: its children), only the first
    /// `perLevel[level]` of that level's entries in the outline's order (a parent's children before the next
    /// parent's), none on levels past `perLevel`'s end. Breadth first, a kept entry's parent comes before it
    /// and is kept too, so the symbol keeps the first `perLevel.reduce(0, +)` entries of its breadth-first order
    /// when `perLevel` counts them so (every level full before the last).
    func keeping(perLevel: [Int]) -> OutlineSymbol {
        var taken = [Int](repeating: 0, count: perLevel.count)
        func kept(_ symbol: OutlineSymbol, level: Int) -> OutlineSymbol {
            var s = symbol
            guard level < perLevel.count else { s.children = []; return s }
            var children: [OutlineSymbol] = []
            for child in symbol.children {
                guard taken[level] < perLevel[level] else { break }
                taken[level] += 1
                children.append(child)
            }
            // Depth first over the kept children: on each level, entries are met in the outline's order.
            s.children = children.map { kept($0, level: level + 1) }
            return s
        }
        return kept(self, level: 0)
    }

    /// The symbol with its ranges and its children's moved by `delta` bytes.
    func shifted(by delta: Int) -> OutlineSymbol {
        OutlineSymbol(name: name, detail: detail, kind: kind, range: range.shifted(by: delta),
                      selectionRange: selectionRange.shifted(by: delta), children: children.map { $0.shifted(by: delta) })
    }
}
