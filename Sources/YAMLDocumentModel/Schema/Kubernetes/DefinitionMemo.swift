import YAMLComposer
import YAMLSchema

/// The CustomResourceDefinition document read last after an edit (its root as composed from its chunk,
/// the root's JSON projection, and what it defines), kept so that the next edit of the same document
/// projects only the node the edit changed. On a large definition (the 810 KB `prometheuses` CRD of
/// `k8s-multidoc-stream`) projecting the whole document after every keystroke cost more than re-checking
/// its text. The model keeps one (that of the document edited last).
struct DefinitionMemo {
    /// The source (an open document's URI string) and the index of the document in its stream.
    var source: String
    var index: Int
    /// The snapshot the memo was read from (``SchemaRegistry/definitionsRead``'s value then).
    var read: ObjectIdentifier
    /// The document's root composed alone from its chunk (ranges relative to the chunk's start).
    var root: YAMLNode
    /// The length of that chunk, in UTF-8 bytes.
    var chunkLength: Int
    /// The root's JSON projection.
    var projection: JSONValue
    /// What the document defines (``CustomResourceSchemas/definitions(in:source:)``).
    var entries: [KubernetesResourceType: CustomResourceSchemas.Entry]
    /// The types whose entry the edit that made this memo changed in annotations only
    /// (``JSONSchema/validatesAlike(_:_:)``: a description, a default, an `x-kubernetes-*` extension): their
    /// resources' findings stay what they were.
    var alike: Set<KubernetesResourceType> = []
    /// The edits made since ``root`` was composed by re-checking one block mapping entry of the document
    /// (``DocumentChunks/EntryEdit``), in order, each as ``DocumentChunks/Recheck/changed`` gives it:
    /// ``root``'s ranges are those of the text before the first, and a node of the current text is found
    /// in it by moving its offset back through them (``pairPath(keyAt:)``).
    var entryEdits: [(start: Int, oldEnd: Int, newEnd: Int)] = []
    /// The pairs (paths as ``Change/below(path:)`` counts) whose values those edits replaced: below them,
    /// ``root`` no longer holds the document's nodes (above and beside them it does, at moved ranges).
    var replaced: Set<[Int]> = []

    /// At most this many edits are kept in ``entryEdits``; the next one reads the whole document again.
    static let maxEntryEdits = 1_000

    /// Where an edit changed a composed document.
    enum Change: Equatable {
        /// Nothing the JSON projection shows (an edit in a comment or in blank space).
        case none
        /// Every change lies below the node at `path` (child indices from the root: a mapping's pair, whose
        /// value is meant, or a sequence's item); `path` is empty when the root itself changed.
        case below(path: [Int])
    }

    /// Where the edit `changed` (``DocumentChunks/Recheck/changed``) changed the document `old` into
    /// `new` (both composed alone from their chunks, with no alias in `new`). A child is taken as unchanged
    /// when it lies wholly before the changed bytes at the same range, or wholly after them at its range
    /// moved by the edit, with the same tag and anchor: its text is then the same bytes in the same
    /// context, which compose to the same node. Descends while exactly one child of a collection changed,
    /// the collection keeping its size and kind.
    static func change(from old: YAMLNode, to new: YAMLNode, changed: (start: Int, oldEnd: Int, newEnd: Int)) -> Change {
        let delta = changed.newEnd - changed.oldEnd
        func same(_ o: YAMLNode, _ n: YAMLNode) -> Bool {
            guard o.tag == n.tag, o.anchor == n.anchor, o.hasExplicitTag == n.hasExplicitTag else { return false }
            let a = o.range, b = n.range
            if a == b && b.end <= changed.start { return true }
            return a.start >= changed.oldEnd && b.start == a.start + delta && b.end == a.end + delta
        }
        var o = old, n = new
        var path: [Int] = []
        while true {
            guard o.tag == n.tag, o.collectionStyle == n.collectionStyle else { return .below(path: path) }
            var children: [(old: YAMLNode, new: YAMLNode, key: (YAMLNode, YAMLNode)?)] = []
            switch (o.content, n.content) {
            case let (.mapping(op), .mapping(np)) where op.count == np.count:
                children = zip(op, np).map { ($0.value, $1.value, ($0.key, $1.key)) }
            case let (.sequence(os), .sequence(ns)) where os.count == ns.count:
                children = zip(os, ns).map { ($0, $1, nil) }
            default:
                return .below(path: path)
            }
            var changedChild: Int?
            for (i, child) in children.enumerated() {
                let keySame = child.key.map { same($0.0, $0.1) } ?? true
                if keySame && same(child.old, child.new) { continue }
                // A changed key, or two changed children: the collection itself is what changed.
                guard keySame, changedChild == nil else { return .below(path: path) }
                changedChild = i
            }
            guard let i = changedChild else { return .none }
            path.append(i)
            (o, n) = (children[i].old, children[i].new)
        }
    }

    /// `json` (the projection of a document whose tree has the shape of `node` along `path`) with the value
    /// at `path` replaced by `value`; nil when a collection on the way is not projected member for member
    /// (a merge key, a duplicate key, a key that is not a scalar).
    static func replacing(in json: JSONValue, at path: ArraySlice<Int>, of node: YAMLNode, with value: JSONValue) -> JSONValue? {
        guard let i = path.first else { return value }
        switch (json, node.content) {
        case (.object(var members), .mapping(let pairs)):
            guard members.count == pairs.count, i < pairs.count else { return nil }
            for (member, pair) in zip(members, pairs) {
                guard let key = pair.key.scalarValue?.canonicalText, key == member.key, key != "<<" else { return nil }
            }
            guard let inner = replacing(in: members[i].value, at: path.dropFirst(), of: pairs[i].value, with: value) else { return nil }
            members[i].value = inner
            return .object(members)
        case (.array(var items), .sequence(let nodes)):
            guard items.count == nodes.count, i < nodes.count,
                  let inner = replacing(in: items[i], at: path.dropFirst(), of: nodes[i], with: value) else { return nil }
            items[i] = inner
            return .array(items)
        default:
            return nil
        }
    }

    /// The memo after an edit of its document gave `root` (composed alone from a chunk of `chunkLength`
    /// bytes, with no alias; `changed` as ``DocumentChunks/Recheck/changed``), read from the snapshot
    /// `read`: the changed node projected and put in place of the old one, and the definitions read again
    /// from the new projection when the edit is in the root's `apiVersion`, `kind` or `spec` (all that
    /// ``CustomResourceDefinition`` reads). Nil when that cannot be done (the root changed, or a collection
    /// on the way is not projected member for member): the caller reads the whole document.
    func updated(_ root: YAMLNode, chunkLength: Int, changed: (start: Int, oldEnd: Int, newEnd: Int), read: ObjectIdentifier) -> DefinitionMemo? {
        // The memo's chunk is the edited one as it was before the edit, and its root that chunk's.
        guard chunkLength - (changed.newEnd - changed.oldEnd) == self.chunkLength, entryEdits.isEmpty else { return nil }
        var next = self
        next.root = root
        next.chunkLength = chunkLength
        next.read = read
        next.alike = []
        guard case .below(let path) = Self.change(from: self.root, to: root, changed: changed) else { return next }
        guard let node = Self.node(at: path[...], in: root) else { return nil }
        return next.replacing(below: path, with: node, in: root)
    }

    /// The memo after an edit that re-checked one block mapping entry of its document (`edit`, of a chunk
    /// starting at `chunkStart`, now `chunkLength` bytes long; `changed` as ``DocumentChunks/Recheck/changed``),
    /// read from the snapshot `read`: the entry's value projected and put in place of the old one (its key
    /// is unchanged), and the definitions read again as ``updated(_:chunkLength:changed:read:)`` reads them.
    /// ``root`` is kept, with the edit noted (``entryEdits``, ``replaced``). Nil when that cannot be done:
    /// the edit may change the root's `apiVersion` or `kind`, the entry is not found in ``root`` (its key
    /// lies in text an earlier edit inserted, or below a value one replaced), or a collection on the way is
    /// not projected member for member; the caller reads the whole document.
    func updated(entry edit: DocumentChunks.EntryEdit, chunkStart: Int, chunkLength: Int, changed: (start: Int, oldEnd: Int, newEnd: Int),
                 read: ObjectIdentifier) -> DefinitionMemo? {
        guard chunkLength - (changed.newEnd - changed.oldEnd) == self.chunkLength, edit.keepsRootSummary,
              entryEdits.count < Self.maxEntryEdits, case .mapping(let pairs) = edit.entry.content, pairs.count == 1,
              let key = edit.keyOffset, let path = pairPath(keyAt: key - chunkStart),
              case .mapping(let siblings)? = Self.node(at: path.dropLast(), in: root)?.content,
              let oldKey = siblings[path[path.count - 1]].key.scalarValue, oldKey == pairs[0].key.scalarValue else { return nil }
        var next = self
        next.chunkLength = chunkLength
        next.read = read
        next.alike = []
        next.entryEdits.append(changed)
        next.replaced.insert(path)
        return next.replacing(below: path, with: pairs[0].value, in: root)
    }

    /// The path (as ``Change/below(path:)`` counts, ending at a mapping's pair) in ``root`` of the pair whose key
    /// starts at byte `offset` of the current chunk (its offset moved back through ``entryEdits``); nil when
    /// there is none, the offset lies in text those edits inserted, or the way to it passes below a
    /// value they replaced (``replaced``).
    func pairPath(keyAt offset: Int) -> [Int]? {
        var p = offset
        for e in entryEdits.reversed() {
            if p >= e.newEnd { p -= e.newEnd - e.oldEnd } else if p >= e.start { return nil }
        }
        var node = root, path: [Int] = []
        while true {
            switch node.content {
            case .mapping(let pairs):
                // The last pair whose key starts at or before `p`.
                var lo = 0, hi = pairs.count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if pairs[mid].key.range.start <= p { lo = mid + 1 } else { hi = mid }
                }
                guard lo > 0 else { return nil }
                path.append(lo - 1)
                let pair = pairs[lo - 1]
                if pair.key.range.start == p { return path }
                guard !replaced.contains(path), pair.value.range.start <= p, p < pair.value.range.end else { return nil }
                node = pair.value
            case .sequence(let items):
                var lo = 0, hi = items.count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if items[mid].range.start <= p { lo = mid + 1 } else { hi = mid }
                }
                guard lo > 0, p < items[lo - 1].range.end else { return nil }
                path.append(lo - 1)
                node = items[lo - 1]
            default:
                return nil
            }
        }
    }

    /// This memo with the projection of `node` (the document's node at `path`, non-empty) put in place, and
    /// the definitions read again when `path` lies in the root's `apiVersion`, `kind` or `spec`; `root`
    /// holds the document's collections along `path` (with their keys). Nil when a collection on the way
    /// is not projected member for member.
    private func replacing(below path: [Int], with node: YAMLNode, in root: YAMLNode) -> DefinitionMemo? {
        guard let first = path.first, case .mapping(let pairs) = root.content, first < pairs.count else { return nil }
        guard case .success(let value) = JSONProjection.project(node, maxDepth: JSONProjection.defaultMaxDepth - path.count),
              let projection = Self.replacing(in: projection, at: path[...], of: root, with: value) else { return nil }
        var next = self
        next.projection = projection
        guard let key = pairs[first].key.scalarValue?.canonicalText, ["apiVersion", "kind", "spec"].contains(key) else { return next }
        if let entries = updatedEntries(projection, changedBelow: Self.keys(path, in: projection)) {
            next.entries = entries
            // The entry made again shares with the old one all it did not change: comparing them looks at the
            // path to the change only.
            next.alike = Set(entries.compactMap { type, entry in
                guard let old = self.entries[type], old.schemaURI == entry.schemaURI, old.source == entry.source,
                      JSONSchema.validatesAlike(old.schema, entry.schema) else { return nil }
                return type
            })
        } else {
            next.entries = CustomResourceDefinition.isDefinition(root)
                ? CustomResourceSchemas.entries(CustomResourceDefinition(projection: projection), source: source) : [:]
        }
        return next
    }

    /// The JSON keys and indices of the child indices `path` (``Change/below(path:)``) in `json`, which
    /// is projected member for member along it (``replacing(in:at:of:with:)`` checked that).
    static func keys(_ path: [Int], in json: JSONValue) -> [String] {
        var tokens: [String] = []
        var current = json
        for i in path {
            switch current {
            case .object(let members) where i < members.count:
                tokens.append(members[i].key)
                current = members[i].value
            case .array(let items) where i < items.count:
                tokens.append(String(i))
                current = items[i]
            default:
                return tokens
            }
        }
        return tokens
    }

    /// ``entries`` after a change below `path` (JSON keys and indices) that gave the projection `json`,
    /// when the change lies inside the `openAPIV3Schema` of a version in `spec.versions` (a keystroke in a
    /// definition's schema): that version's schema made again only where it changed
    /// (``CustomResourceDefinition/jsonSchema(_:updating:changedBelow:)``). Nil for any other change.
    private func updatedEntries(_ json: JSONValue, changedBelow path: [String]) -> [KubernetesResourceType: CustomResourceSchemas.Entry]? {
        guard path.count > 5, path[0] == "spec", path[1] == "versions", let k = Int(path[2]), path[3] == "schema",
              path[4] == "openAPIV3Schema", case .array(let versions)? = json["spec"]?["versions"], k < versions.count,
              case .string(let name)? = versions[k]["name"] else { return nil }
        // The version whose schema the entry was made from: the first served one of that name.
        guard let chosen = versions.firstIndex(where: { $0["name"] == .string(name) && $0["served"] != .bool(false) && $0["schema"]?["openAPIV3Schema"] != nil }),
              chosen == k else { return versions.contains { $0["name"] == .string(name) } ? entries : nil }
        guard let (type, entry) = entries.first(where: { $0.key.version == name }), let openAPI = versions[k]["schema"]?["openAPIV3Schema"],
              let schema = CustomResourceDefinition.jsonSchema(openAPI, updating: entry.schema, changedBelow: Array(path[5...])) else { return nil }
        var out = entries
        out[type] = CustomResourceSchemas.Entry(schemaURI: entry.schemaURI, schema: schema, source: entry.source)
        return out
    }

    /// The node at `path` below `node` (as ``Change/below(path:)`` counts).
    static func node(at path: ArraySlice<Int>, in node: YAMLNode) -> YAMLNode? {
        guard let i = path.first else { return node }
        switch node.content {
        case .mapping(let pairs) where i < pairs.count: return self.node(at: path.dropFirst(), in: pairs[i].value)
        case .sequence(let items) where i < items.count: return self.node(at: path.dropFirst(), in: items[i])
        default: return nil
        }
    }
}
