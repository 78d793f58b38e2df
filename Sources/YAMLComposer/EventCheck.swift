import YAMLParser
import YAMLSyntax

/// The state machine behind ``Composer/check(_:lineOffset:byteOffset:rootKeys:)``: ``EventComposer``'s
/// checks without its graph. It reads the events exactly as ``EventComposer`` does (the same documents,
/// the same tolerance of recovered event streams: missing ends closed, stray ends ignored, content outside
/// a document starting one), and keeps per open collection only what the checks read: for a mapping, the
/// identities of its keys so far (YAML 1.2.2 §3.2.1.1: scalars equal by tag and canonical value, see
/// ``KeyIdentity``); per anchor (§7.1, the most recent of a name), whether it names a collection still
/// open (an alias to it is `recursive-alias`), a scalar (its node, the identity of an alias used as a key),
/// or a closed collection.
///
/// A key that is a collection (a complex key, §8.2.2, or a flow key), or an alias to a collection, is
/// compared by the composer structurally over its nodes; the check does not keep them, so it sets
/// ``needsGraph`` and stops: the caller composes the text instead. Aliases that name no anchor, or a
/// collection still open, are keys equal to no other (as the composer's, whose nodes have no target).
struct EventCheck: EventReader, ~Copyable {
    /// The text, for line numbers in messages (may be empty for hand-built events).
    let bytes: [UInt8]
    private var lineIndex: LineIndex?
    /// As ``EventComposer/lineOffset`` and ``EventComposer/byteOffset``.
    let lineOffset: Int
    let byteOffset: Int
    /// The contents of the root's scalar keys whose entries ``roots`` keep.
    let rootKeys: Set<String>

    private(set) var documentRanges: [TextRange] = []
    private(set) var roots: [YAMLNode] = []
    private(set) var errors: [SyntaxError] = []
    /// True once a key was found that only the graph can compare (the events after it are not read).
    private(set) var needsGraph = false

    // Current document.
    private(set) var inDocument = false
    private var documentStart = 0
    private var contentStart = 0
    /// The root as ``CompositionCheck/roots`` has it, once its node is complete.
    private var root: YAMLNode?
    /// True while the root mapping is open (its kept entries are in ``rootPairs``).
    private var collectingRoot = false
    private var rootPairs: [(key: YAMLNode, value: YAMLNode)] = []
    /// A kept key of the root mapping whose value has not come yet.
    private var pendingRootKey: YAMLNode?
    /// Anchor name → binding index (YAML 1.2.2 §7.1), as in ``EventComposer``.
    private var anchors: AnchorTable
    /// What each binding names (parallel to the bindings of ``anchors``).
    private var bindings: [Binding]
    private var stack: [Frame]
    /// The keys of all open mappings, each with its first key's start offset.
    private var keySets: ScalarKeySetStack

    /// What an anchor names.
    enum Binding {
        /// A collection still open.
        case open
        /// A scalar: its node as composed.
        case scalar(YAMLNode)
        /// A closed collection: an empty collection node of its kind and tag.
        case collection(YAMLNode)
    }

    /// A collection whose end event has not come yet.
    struct Frame {
        let isMapping: Bool
        let anchor: String?
        /// Index of the anchor in ``EventCheck/bindings``; -1 without an anchor.
        let binding: Int
        let tag: String?
        let style: CollectionStyle
        /// The start event's range (moved by ``EventCheck/byteOffset``).
        let range: TextRange
        /// How many nodes (keys and values) it has so far.
        var count = 0
    }

    /// A finished node, as much of it as the checks read.
    private enum Item {
        case node(YAMLNode)
        /// A scalar without anchor, `tag` as written: its tag is resolved and a node made only when read.
        case scalar(value: String, style: ScalarStyle, tag: String?)
        /// An alias: what its binding names (nil for a name without anchor, or a collection still open).
        case alias(name: String, target: Binding?)
        /// A closed collection (not kept).
        case collection(isMapping: Bool, tag: String, explicit: Bool, anchor: String?, style: CollectionStyle)
    }

    /// A check of the events of `bytes` (see ``EventComposer``), its working storage taken from `buffers`
    /// (empty; ``takeBuffers()`` gives it back).
    init(bytes: [UInt8], lineOffset: Int, byteOffset: Int, rootKeys: Set<String>, buffers: consuming EventCheckBuffers) {
        self.bytes = bytes
        self.lineOffset = lineOffset
        self.byteOffset = byteOffset
        self.rootKeys = rootKeys
        anchors = buffers.anchors
        bindings = buffers.bindings
        stack = buffers.stack
        keySets = buffers.keySets
    }

    /// The working storage, emptied (its capacity kept), for the check of the next text.
    mutating func takeBuffers() -> EventCheckBuffers {
        anchors.removeAll()
        bindings.removeAll(keepingCapacity: true)
        stack.removeAll(keepingCapacity: true)
        keySets.removeAll()
        let buffers = EventCheckBuffers(anchors: anchors, bindings: bindings, stack: stack, keySets: keySets)
        // The check keeps no reference: the buffers' storage is unique again, and grows in place next time.
        anchors = AnchorTable()
        bindings = []
        stack = []
        keySets = ScalarKeySetStack()
        return buffers
    }

    mutating func scalar(_ value: String, style: ScalarStyle, anchor: String?, tag: String?, range: TextRange) {
        if let anchor {
            let (resolved, explicit) = EventComposer.scalarTag(value, style: style, tag: tag)
            let node = YAMLNode(storage: .scalar(value, style), tag: resolved, hasExplicitTag: explicit,
                                anchor: anchor, range: range)
            bind(anchor, to: .scalar(node))
            add(.node(node), range: range)
        } else {
            add(.scalar(value: value, style: style, tag: tag), range: range)
        }
    }

    /// True when a scalar without properties coming next would be read for its place only: inside a
    /// collection, not as a mapping's key, not as the value of a kept root key (``countScalar()`` then
    /// stands for ``handle(_:)``).
    var ignoresScalarValue: Bool {
        guard inDocument, let top = stack.last, !(top.isMapping && top.count % 2 == 0) else { return false }
        return !(stack.count == 1 && collectingRoot && pendingRootKey != nil)
    }

    /// A scalar without properties where ``ignoresScalarValue``: what ``handle(_:)`` does with it.
    mutating func countScalar() {
        stack[stack.count - 1].count += 1
    }

    /// True when a scalar without properties coming next would be a mapping's key read for its identity
    /// only (not a key of the root mapping whose entries ``roots`` keep): ``scalarKey(_:_:isPlain:at:)``
    /// then stands for ``handle(_:)``.
    var readsScalarKeyAsBytes: Bool {
        guard inDocument, let top = stack.last, top.isMapping, top.count % 2 == 0 else { return false }
        return !(stack.count == 1 && collectingRoot)
    }

    /// A scalar key without properties where ``readsScalarKeyAsBytes``, its content the bytes `range` of
    /// `buffer` (UTF-8): what ``handle(_:)`` does with it, without a `String` unless it is a duplicate.
    /// Measured hot path (building each key's `String` and ``KeyIdentity`` was most of the duplicate-key check).
    mutating func scalarKey(_ buffer: [UInt8], _ range: Range<Int>, isPlain: Bool, at keyRange: TextRange) {
        stack[stack.count - 1].count += 1
        let first = buffer.withUnsafeBufferPointer { all -> Int? in
            let value = UnsafeBufferPointer(rebasing: all[range])
            // YAML 1.2.2 §10.3.2: a plain scalar's tag is resolved from its content; quoted and block ones are str.
            guard isPlain, value.isEmpty || CoreSchema.mayResolveToNonString(startingWith: value[0]) else {
                return keySets.insert(tag: ScalarKeySetStack.strTagID, value, first: keyRange.start)
            }
            let tag = CoreSchema.resolvePlainScalarTag(bytes: value)
            if tag == CoreSchema.strTag { return keySets.insert(tag: ScalarKeySetStack.strTagID, value, first: keyRange.start) }
            return insertKey(tag: tag, text: String(decoding: value, as: UTF8.self), at: keyRange.start)
        }
        if let first {
            reportDuplicate(at: keyRange, text: String(decoding: buffer[range], as: UTF8.self), firstAt: first)
        }
    }

    // MARK: - Documents

    mutating func beginDocument(at range: TextRange, version: String?) {
        inDocument = true
        documentStart = range.start
        contentStart = range.end
        root = nil
        collectingRoot = false
        rootPairs = []
        pendingRootKey = nil
        anchors.removeAll()
        bindings.removeAll(keepingCapacity: true)
        stack.removeAll(keepingCapacity: true)
        keySets.removeAll()
    }

    mutating func finishDocument(end: Int) {
        while !stack.isEmpty && !needsGraph { closeCollection(end: end) }
        let rootNode = root ?? YAMLNode(storage: .scalar("", .plain), tag: CoreSchema.nullTag, anchor: nil,
                                        range: TextRange(empty: contentStart))
        documentRanges.append(TextRange(start: documentStart, end: Swift.max(documentStart, end, rootNode.range.end)))
        roots.append(rootNode)
        inDocument = false
        root = nil
        rootPairs = []
        anchors.removeAll()
        bindings.removeAll(keepingCapacity: true)
    }

    @discardableResult
    private mutating func bind(_ name: String, to binding: Binding) -> Int {
        let index = anchors.add(name)
        bindings.append(binding)
        return index
    }

    // MARK: - Nodes

    mutating func openCollection(isMapping: Bool, anchor: String?, tag: String?, style: CollectionStyle, range: TextRange) {
        let binding = anchor.map { bind($0, to: .open) } ?? -1
        if isMapping { keySets.push() }
        if stack.isEmpty && root == nil && isMapping {
            collectingRoot = true
            rootPairs = []
            pendingRootKey = nil
        }
        stack.append(Frame(isMapping: isMapping, anchor: anchor, binding: binding, tag: tag, style: style, range: range))
    }

    mutating func closeCollection(end: Int) {
        guard let frame = stack.popLast() else { return }
        let range = TextRange(start: frame.range.start, end: Swift.max(frame.range.end, end, frame.range.start))
        if frame.isMapping {
            keySets.pop()
            if frame.count % 2 == 1, stack.isEmpty, collectingRoot, let key = pendingRootKey {
                // A key without a value (only in recovered streams): its value is an empty null.
                rootPairs.append((key, YAMLNode(storage: .scalar("", .plain), tag: CoreSchema.nullTag, anchor: nil,
                                                range: TextRange(empty: range.end))))
            }
        }
        if frame.binding < 0, let top = stack.last, !(top.isMapping && top.count % 2 == 0), !(stack.count == 1 && collectingRoot) {
            // Neither anchored, nor a key, nor the root or inside the root mapping whose entries ``roots`` keep:
            // only its place is read (measured hot path: the item made for it cost 4 % of `check`).
            stack[stack.count - 1].count += 1
            return
        }
        let (tag, explicit) = EventComposer.resolveTag(frame.tag, default: frame.isMapping ? CoreSchema.mapTag : CoreSchema.seqTag)
        if frame.binding >= 0 {
            bindings[frame.binding] = .collection(YAMLNode(storage: frame.isMapping ? .mapping([]) : .sequence([]), tag: tag,
                                                           hasExplicitTag: explicit, anchor: frame.anchor, range: range,
                                                           collectionStyle: frame.style))
        }
        if stack.isEmpty && collectingRoot {
            collectingRoot = false
            pendingRootKey = nil
            add(.node(YAMLNode(storage: .mapping(rootPairs), tag: tag, hasExplicitTag: explicit, anchor: frame.anchor,
                               range: range, collectionStyle: frame.style)), range: range)
            rootPairs = []
        } else {
            add(.collection(isMapping: frame.isMapping, tag: tag, explicit: explicit, anchor: frame.anchor, style: frame.style),
                range: range)
        }
    }

    /// An alias, as ``EventComposer`` makes its node (and its errors).
    mutating func alias(_ name: String, range: TextRange) {
        guard let index = anchors.binding(of: name) else {
            // A '*' without a name is the parser's `invalid-alias` already: one finding per mistake.
            if !name.isEmpty { errors.append(EventComposer.undefinedAlias(name, at: range)) }
            add(.alias(name: name, target: nil), range: range)
            return
        }
        let target = bindings[index]
        if case .open = target {
            errors.append(EventComposer.recursiveAlias(name, at: range))
            add(.alias(name: name, target: nil), range: range)
            return
        }
        add(.alias(name: name, target: target), range: range)
    }

    /// Attaches a finished node to the open collection, or makes it the document's root.
    private mutating func add(_ item: Item, range: TextRange) {
        guard !stack.isEmpty else {
            if root == nil { root = node(item, range: range) }
            return
        }
        let top = stack.count - 1
        let isKey = stack[top].isMapping && stack[top].count % 2 == 0
        stack[top].count += 1
        if isKey { checkKey(item, range: range) }
        guard top == 0, collectingRoot else { return }
        if isKey {
            pendingRootKey = nil
            switch item {
            case .node(let n):
                if case .scalar(let text, _) = n.content, rootKeys.contains(text) { pendingRootKey = n }
            case .scalar(let value, _, _) where rootKeys.contains(value):
                pendingRootKey = node(item, range: range)
            default:
                break
            }
        } else if let key = pendingRootKey {
            rootPairs.append((key, node(item, range: range)))
            pendingRootKey = nil
        }
    }

    /// Adds a key to the innermost mapping's key set, reporting it when an earlier key has its identity.
    /// A key's content is an owned `String`, as the composer's: identities compare as Swift strings do (by
    /// canonical equivalence, `é` and `e` + U+0301 alike), which the bytes alone would not; only values
    /// nothing reads are left unbuilt (``ignoresScalarValue``).
    private mutating func checkKey(_ item: Item, range: TextRange) {
        let first: Int?, text: String
        switch item {
        case .scalar(let value, let style, let tag):
            first = insertKey(tag: EventComposer.scalarTag(value, style: style, tag: tag).0, text: value, at: range.start)
            text = value
        case .node(let n):
            guard case .scalar(let value, _) = n.content else { needsGraph = true; return }
            first = insertKey(tag: n.tag, text: value, at: range.start)
            text = value
        case .alias(let name, let target):
            switch target {
            case .scalar(let n)?:
                // ``KeyIdentity/of(_:)`` of the target: its tag and content.
                guard case .scalar(let value, _) = n.resolved.content else { return }
                first = insertKey(tag: n.resolved.tag, text: value, at: range.start)
            case .collection?:
                needsGraph = true
                return
            case .open?, nil:
                // No target: equal to no other key.
                return
            }
            text = "*" + name
        case .collection:
            needsGraph = true
            return
        }
        if let first { reportDuplicate(at: range, text: text, firstAt: first) }
    }

    /// Adds the scalar key with resolved tag `tag` and content `text` first seen at `offset` to the innermost
    /// mapping's set (its identity: ``KeyIdentity/scalar(tag:text:)``); returns the offset of the earlier key
    /// with the same identity, if any.
    private mutating func insertKey(tag: String, text: String, at offset: Int) -> Int? {
        var canonical = KeyIdentity.canonicalText(tag: tag, text)
        let id = keySets.tagID(tag)
        return canonical.withUTF8 { keySets.insert(tag: id, $0, first: offset) }
    }

    /// The `duplicate-key` error of the key `text` at `range` whose identity the key at `first` had.
    private mutating func reportDuplicate(at range: TextRange, text: String, firstAt first: Int) {
        errors.append(EventComposer.duplicateKey(at: range, text: text, firstAt: first, bytes: bytes,
                                                 lineIndex: &lineIndex, lineOffset: lineOffset, byteOffset: byteOffset))
    }

    /// The node of `item` as ``CompositionCheck/roots`` has it: a collection emptied, an alias to a scalar
    /// or a closed collection its target's node.
    private func node(_ item: Item, range: TextRange) -> YAMLNode {
        switch item {
        case .node(let n):
            return n
        case .scalar(let value, let style, let tag):
            let (resolved, explicit) = EventComposer.scalarTag(value, style: style, tag: tag)
            return YAMLNode(storage: .scalar(value, style), tag: resolved, hasExplicitTag: explicit, anchor: nil, range: range)
        case .alias(let name, let target):
            switch target {
            case .scalar(let n)?, .collection(let n)?: return n
            case .open?, nil:
                return YAMLNode(storage: .alias(name: name, target: nil), tag: CoreSchema.nullTag, anchor: nil, range: range)
            }
        case .collection(let isMapping, let tag, let explicit, let anchor, let style):
            return YAMLNode(storage: isMapping ? .mapping([]) : .sequence([]), tag: tag, hasExplicitTag: explicit,
                            anchor: anchor, range: range, collectionStyle: style)
        }
    }
}

/// The working storage of ``EventCheck`` (open collections, anchors, key sets), kept from the check of one
/// text to the next (``Composer/check(_:lineOffset:byteOffset:rootKeys:reusing:)``), so that the documents of a
/// stream checked one by one allocate it once, not once each. Measured: `pureyaml check` of a 10 MB stream
/// of 6,600 small documents (docs/notes/checkdocs.md).
package struct EventCheckBuffers {
    fileprivate var anchors = AnchorTable()
    fileprivate var bindings: [EventCheck.Binding] = []
    fileprivate var stack: [EventCheck.Frame] = []
    fileprivate var keySets = ScalarKeySetStack()

    package init() {}

    fileprivate init(anchors: AnchorTable, bindings: [EventCheck.Binding], stack: [EventCheck.Frame], keySets: ScalarKeySetStack) {
        self.anchors = anchors
        self.bindings = bindings
        self.stack = stack
        self.keySets = keySets
    }
}
