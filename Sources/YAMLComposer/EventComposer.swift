import YAMLParser
import YAMLSyntax

/// The state machine behind ``Composer``: consumes events one at a time with an explicit stack of
/// open collections (no recursion, linear time), tolerating the imperfect event streams that error
/// recovery produces (missing ends are closed, stray ends ignored).
struct EventComposer: EventReader, ~Copyable {
    /// The text, for line numbers in messages (may be empty for hand-built events).
    let bytes: [UInt8]
    private var lineIndex: LineIndex?

    private(set) var documents: [ComposedDocument] = []
    private(set) var errors: [SyntaxError] = []

    // Current document.
    private(set) var inDocument = false
    private var documentStart = 0
    private var contentStart = 0
    private var version: String?
    private var root: YAMLNode?
    /// Anchor name → index in ``documentAnchors`` of the node it currently names (YAML 1.2.2 §7.1: the
    /// most recent anchor of that name). One lookup per anchor and per alias.
    private var anchors = AnchorTable()
    /// Every anchor of the current document, in text order; made at its first anchor.
    private var documentAnchors: DocumentAnchors?
    /// Per anchor of the current document (parallel to ``documentAnchors``): its node's tag as a
    /// ``TagCode``, so that an alias learns its tag, and whether its target is still open, from one byte
    /// in a small array instead of from the target.
    private var anchorTags: [TagCode] = []
    /// How many open collections have an anchor: an alias inside one holds its target directly (see
    /// ``DocumentAnchors``).
    private var openAnchoredCollections = 0
    private var stack: [CollectionFrame] = []
    /// The nodes of all open collections, innermost collection's last: sequence entries, or mapping keys
    /// and values alternately. One stack for all levels, so that a collection allocates no array of its
    /// own until it is closed.
    private var items = NodeStack()
    /// The keys of all open mappings, for duplicate detection.
    private var keySets = KeySetStack<Unmanaged<YAMLNode>>()

    /// An anchored node's tag in one byte: a core schema tag, another tag, or none yet (an open collection,
    /// which an alias must not refer to: the graph would be cyclic).
    private enum TagCode: UInt8 {
        case open, str, int, float, bool, null, map, seq, other

        /// The tag of a core schema code; nil for `.open` and `.other`.
        var coreTag: String? {
            switch self {
            case .str: return CoreSchema.strTag
            case .int: return CoreSchema.intTag
            case .float: return CoreSchema.floatTag
            case .bool: return CoreSchema.boolTag
            case .null: return CoreSchema.nullTag
            case .map: return CoreSchema.mapTag
            case .seq: return CoreSchema.seqTag
            case .open, .other: return nil
            }
        }

        /// The code of a resolved tag.
        init(_ tag: String) {
            switch tag {
            case CoreSchema.strTag: self = .str
            case CoreSchema.intTag: self = .int
            case CoreSchema.floatTag: self = .float
            case CoreSchema.boolTag: self = .bool
            case CoreSchema.nullTag: self = .null
            case CoreSchema.mapTag: self = .map
            case CoreSchema.seqTag: self = .seq
            default: self = .other
            }
        }
    }

    /// A collection whose end event has not come yet.
    private struct CollectionFrame {
        let isMapping: Bool
        let anchor: String?
        /// Index of the anchor in ``EventComposer/bindings``; -1 without an anchor.
        let binding: Int
        let tag: String?
        let style: CollectionStyle
        let range: TextRange
        /// Where this collection's nodes start in ``EventComposer/items``.
        let itemsStart: Int
    }

    /// Added to line numbers in messages, for a text that is a part of a larger one starting at that line.
    let lineOffset: Int
    /// Added to every range the events give (UTF-8 bytes), for a text that is a part of a larger one
    /// starting at that offset: nodes, documents and errors are then positioned in the larger text.
    let byteOffset: Int

    init(bytes: [UInt8], lineOffset: Int = 0, byteOffset: Int = 0) {
        self.bytes = bytes
        self.lineOffset = lineOffset
        self.byteOffset = byteOffset
    }

    mutating func scalar(_ value: String, style: ScalarStyle, anchor: String?, tag: String?, range: TextRange) {
        let (resolved, explicit) = Self.scalarTag(value, style: style, tag: tag)
        let node = YAMLNode(storage: .scalar(value, style), tag: resolved, hasExplicitTag: explicit,
                            anchor: anchor, range: range)
        if let anchor { bind(anchor, to: node) }
        add(node)
    }

    mutating func alias(_ name: String, range: TextRange) {
        add(aliasNode(name: name, range: range))
    }

    // MARK: - Documents

    mutating func beginDocument(at range: TextRange, version: String?) {
        inDocument = true
        documentStart = range.start
        contentStart = range.end
        self.version = version
        root = nil
        anchors.removeAll()
        documentAnchors = nil
        anchorTags.removeAll(keepingCapacity: true)
        openAnchoredCollections = 0
        stack = []
        items.removeAll()
        keySets = KeySetStack<Unmanaged<YAMLNode>>()
    }

    mutating func finishDocument(end: Int) {
        while !stack.isEmpty { closeCollection(end: end) }
        let rootNode = root ?? YAMLNode(content: .scalar("", .plain), tag: CoreSchema.nullTag, anchor: nil,
                                        range: TextRange(empty: contentStart))
        let range = TextRange(start: documentStart, end: Swift.max(documentStart, end, rootNode.range.end))
        documents.append(ComposedDocument(root: rootNode, range: range, version: version))
        inDocument = false
        root = nil
        anchors.removeAll()
        // The document's aliases keep its anchors; the composer starts afresh.
        documentAnchors = nil
        anchorTags.removeAll(keepingCapacity: true)
    }

    /// Makes `name` refer to `node` (nil: a collection still open) from here on; returns its binding index.
    @discardableResult
    private mutating func bind(_ name: String, to node: YAMLNode?) -> Int {
        let store: DocumentAnchors
        if let documentAnchors { store = documentAnchors } else { store = DocumentAnchors(); documentAnchors = store }
        let index = anchors.add(name)
        store.append(name, node: node)
        anchorTags.append(node.map { TagCode($0.tag) } ?? .open)
        return index
    }

    // MARK: - Nodes

    /// The tag of a scalar with content `value` and `tag` as written: the core schema's for a plain scalar
    /// without a tag (YAML 1.2.2 §10.3.2), str for other untagged ones; and whether it was explicit.
    static func scalarTag(_ value: String, style: ScalarStyle, tag: String?) -> (String, Bool) {
        resolveTag(tag, default: style == .plain && tag == nil ? CoreSchema.resolvePlainScalarTag(value) : CoreSchema.strTag)
    }

    /// The tag of a node: the explicit tag as given, or `defaultTag` when there is none or it is the
    /// non-specific `!` (YAML 1.2.2 §6.9.1). Also whether the tag was explicit.
    static func resolveTag(_ tag: String?, default defaultTag: String) -> (String, Bool) {
        guard let tag, tag != CoreSchema.nonSpecificTag, !tag.isEmpty else { return (defaultTag, false) }
        return (tag, true)
    }

    mutating func openCollection(isMapping: Bool, anchor: String?, tag: String?, style: CollectionStyle, range: TextRange) {
        let binding = anchor.map { bind($0, to: nil) } ?? -1
        if binding >= 0 { openAnchoredCollections += 1 }
        if isMapping { keySets.push() }
        stack.append(CollectionFrame(isMapping: isMapping, anchor: anchor, binding: binding, tag: tag,
                                     style: style, range: range, itemsStart: items.count))
    }

    mutating func closeCollection(end: Int) {
        guard let frame = stack.popLast() else { return }
        let range = TextRange(start: frame.range.start, end: Swift.max(frame.range.end, end, frame.range.start))
        let content: YAMLNode.Storage
        if frame.isMapping {
            keySets.pop()
            if (items.count - frame.itemsStart) % 2 == 1 {
                // A key without a value (only in recovered streams): its value is an empty null.
                items.append(YAMLNode(storage: .scalar("", .plain), tag: CoreSchema.nullTag, anchor: nil,
                                      range: TextRange(empty: range.end)))
            }
            content = .mapping(items.removePairs(from: frame.itemsStart))
        } else {
            content = .sequence(items.removeSequence(from: frame.itemsStart))
        }
        let (tag, explicit) = Self.resolveTag(frame.tag, default: frame.isMapping ? CoreSchema.mapTag : CoreSchema.seqTag)
        let node = YAMLNode(storage: content, tag: tag, hasExplicitTag: explicit, anchor: frame.anchor,
                            range: range, collectionStyle: frame.style)
        // The binding is this collection's own: a later anchor of the same name inside it has its own
        // binding, which the name keeps referring to.
        if frame.binding >= 0 {
            documentAnchors?.setNode(node, at: frame.binding)
            anchorTags[frame.binding] = frame.tag == nil ? (frame.isMapping ? .map : .seq) : TagCode(tag)
            openAnchoredCollections -= 1
        }
        add(node)
    }

    private mutating func aliasNode(name: String, range: TextRange) -> YAMLNode {
        guard let index = anchors.binding(of: name), let store = documentAnchors else {
            // A '*' without a name is the parser's `invalid-alias` already: one finding per mistake.
            if name.isEmpty {
                return YAMLNode(storage: .alias(name: name, target: nil), tag: CoreSchema.nullTag, anchor: nil, range: range)
            }
            errors.append(Self.undefinedAlias(name, at: range))
            return YAMLNode(storage: .alias(name: name, target: nil), tag: CoreSchema.nullTag, anchor: nil, range: range)
        }
        let code = anchorTags[index]
        if openAnchoredCollections == 0, let tag = code.coreTag {
            // Through the document's anchors, without reading the target or anything shared.
            return YAMLNode(storage: .anchorsEntry(store, index: index), tag: tag, anchor: nil, range: range)
        }
        guard code != .open, let target = store.node(at: index) else {
            errors.append(Self.recursiveAlias(name, at: range))
            return YAMLNode(storage: .alias(name: name, target: nil), tag: CoreSchema.nullTag, anchor: nil, range: range)
        }
        if openAnchoredCollections == 0 {
            return YAMLNode(storage: .anchorsEntry(store, index: index), tag: target.tag, anchor: nil, range: range)
        }
        // Inside an anchored collection, which `store` holds once it closes: holding `store` here would make
        // a cycle, so the alias holds its target.
        return YAMLNode(storage: .alias(name: name, target: target), tag: target.tag, anchor: nil, range: range)
    }

    /// Attaches a finished node to the open collection, or makes it the document's root.
    private mutating func add(_ node: YAMLNode) {
        guard !stack.isEmpty else {
            if root == nil { root = node }
            return
        }
        let top = stack.count - 1
        if stack[top].isMapping && (items.count - stack[top].itemsStart) % 2 == 0, let first = keySets.insert(node) {
            reportDuplicate(node, first: first)
        }
        items.append(node)
    }

    // MARK: - Messages

    private mutating func reportDuplicate(_ key: YAMLNode, first: YAMLNode) {
        let text: String
        switch key.content {
        case .scalar(let value, _): text = value
        case .alias(let name, _): text = "*" + name
        case .sequence, .mapping:
            let r = TextRange(start: key.range.start - byteOffset, end: key.range.end - byteOffset)
            text = r.start >= 0 && r.end <= bytes.count ? String(decoding: bytes[r.start..<r.end], as: UTF8.self) : "complex key"
        }
        errors.append(Self.duplicateKey(at: key.range, text: text, firstAt: first.range.start, bytes: bytes,
                                        lineIndex: &lineIndex, lineOffset: lineOffset, byteOffset: byteOffset))
    }

    /// The `duplicate-key` error of the key at `range` (in the larger text) whose text is `text` (a scalar's
    /// content, `*name` for an alias, the source of a collection), the first key with its identity starting
    /// at `first`; the line is counted in `bytes` (indexed on first use into `lineIndex`) as ``lineOffset``
    /// and ``byteOffset`` say.
    static func duplicateKey(at range: TextRange, text: String, firstAt first: Int, bytes: [UInt8], lineIndex: inout LineIndex?,
                             lineOffset: Int, byteOffset: Int) -> SyntaxError {
        if lineIndex == nil { lineIndex = LineIndex(bytes) }
        let line = (lineIndex?.line(containing: first - byteOffset) ?? 0) + 1 + lineOffset
        var flat = String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\t" ? " " : $0 })
        if flat.count > 40 { flat = String(flat.prefix(39)) + "…" }
        return SyntaxError(range: range, code: "duplicate-key",
                           message: "Duplicate key '\(flat)' in this mapping; it was first defined on line \(line).")
    }

    /// The `undefined-alias` error of the alias `*name` at `range`.
    static func undefinedAlias(_ name: String, at range: TextRange) -> SyntaxError {
        SyntaxError(range: range, code: "undefined-alias",
                    message: "The alias '*\(name)' refers to no anchor '&\(name)' defined before it in this document.")
    }

    /// The `recursive-alias` error of the alias `*name` at `range`.
    static func recursiveAlias(_ name: String, at range: TextRange) -> SyntaxError {
        SyntaxError(range: range, code: "recursive-alias",
                    message: "The alias '*\(name)' refers to a node that contains it; recursive aliases are not supported.")
    }
}
