import YAMLComposer
import YAMLParser
import YAMLSyntax

/// Builds the outline of a snapshot from its representation graphs.
///
/// - A single-document stream lists its root mapping's keys (or its sequence's items) at the top level.
/// - A stream of several documents gets one `.document` symbol per document, named `Document N`
///   (1-based) with a detail such as `Deployment web` when the document has `kind`/`metadata.name`.
/// - Sequence items are named after what identifies them: a scalar item by its text, a mapping item by
///   its `name`/`id`/`key`/`uses`/`run` value or else its first `key: value`; otherwise `[i]`.
/// - At most `limit` symbols are produced, shallower entries first (breadth first), and nesting stops
///   below `maxDepth` levels.
struct OutlineBuilder {
    let limit: Int
    let maxDepth = 128
    private(set) var count = 0
    private(set) var truncated = false

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

    mutating func build(_ snapshot: DocumentSnapshot) -> OutlineSurface {
        let docs = snapshot.composition.documents
        var top: [Draft] = []
        var queue: [Draft] = []
        if docs.count == 1 {
            top = drafts(under: docs[0].root, depth: 0)
            queue = top
        } else {
            for (i, doc) in docs.enumerated() {
                guard take() else { break }
                let range = doc.range
                let selection = TextRange(start: range.start, end: min(range.end, range.start + 3))
                let d = Draft(symbol: OutlineSymbol(name: "Document \(i + 1)", detail: Self.documentDetail(doc.root),
                                                    kind: .document, range: range, selectionRange: selection, children: []),
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
        // Breadth first: each level is complete before the next one starts.
        var head = 0
        while head < queue.count && !truncated {
            let d = queue[head]
            head += 1
            guard let node = d.node, d.depth + 1 < maxDepth else { continue }
            d.children = drafts(under: node, depth: d.depth + 1)
            queue += d.children
        }
        return OutlineSurface(symbols: top.map { $0.finish() }, truncated: truncated)
    }

    private mutating func take() -> Bool {
        if count >= limit { truncated = true; return false }
        count += 1
        return true
    }

    /// The entries directly under `node` (keys of a mapping, items of a sequence), children not yet filled.
    private mutating func drafts(under node: YAMLNode, depth: Int) -> [Draft] {
        switch node.content {
        case .mapping(let pairs):
            var out: [Draft] = []
            out.reserveCapacity(pairs.count)
            for pair in pairs {
                guard take() else { break }
                let value = pair.value
                let symbol = OutlineSymbol(name: Self.label(of: pair.key), detail: Self.detail(of: value),
                                           kind: Self.kind(of: value), range: pair.key.range.union(value.range),
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
                let symbol = OutlineSymbol(name: Self.itemName(item, index: i), detail: Self.detail(of: item),
                                           kind: Self.kind(of: item), range: item.range, selectionRange: selection,
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

    /// Longest label or detail shown.
    static let maxLabel = 60

    static func shorten(_ s: String) -> String {
        let firstLine = s.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? s
        if firstLine.count <= maxLabel && firstLine.count == s.count { return s }
        return String(firstLine.prefix(maxLabel)) + "…"
    }

    static func label(of key: YAMLNode) -> String {
        switch key.content {
        case .scalar(let s, _): return s.isEmpty ? "\"\"" : shorten(s)
        case .alias(let name, _): return "*" + name
        case .sequence: return "[…]"
        case .mapping: return "{…}"
        }
    }

    static func detail(of value: YAMLNode) -> String? {
        switch value.content {
        case .scalar(let s, _): return s.isEmpty ? nil : shorten(s)
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
        case .scalar(let s, _): return s.isEmpty ? "[\(index)]" : shorten(s)
        case .alias(let name, _): return "*" + name
        case .mapping(let pairs):
            for key in identifyingKeys {
                if let p = pairs.first(where: { scalarText($0.key) == key }), let v = scalarText(p.value), !v.isEmpty {
                    return shorten(v)
                }
            }
            if let first = pairs.first, let k = scalarText(first.key) {
                if let v = scalarText(first.value), !v.isEmpty { return shorten("\(k): \(v)") }
                return shorten(k)
            }
            return "[\(index)]"
        case .sequence: return "[\(index)]"
        }
    }

    static func scalarText(_ node: YAMLNode) -> String? {
        if case .scalar(let s, _) = node.resolved.content { return s }
        return nil
    }

    /// `Deployment web` for a Kubernetes-style document, else nil.
    static func documentDetail(_ root: YAMLNode) -> String? {
        guard case .mapping(let pairs) = root.content else { return nil }
        func value(_ key: String, in pairs: [(key: YAMLNode, value: YAMLNode)]) -> YAMLNode? {
            pairs.first { scalarText($0.key) == key }?.value
        }
        let kind = value("kind", in: pairs).flatMap(scalarText)
        var name: String?
        if let meta = value("metadata", in: pairs), case .mapping(let m) = meta.resolved.content {
            name = value("name", in: m).flatMap(scalarText)
        }
        let parts = [kind, name].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : shorten(parts.joined(separator: " "))
    }
}
