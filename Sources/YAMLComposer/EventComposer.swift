import YAMLParser
import YAMLSyntax

/// The state machine behind ``Composer``: consumes events one at a time with an explicit stack of
/// open collections (no recursion, linear time), tolerating the imperfect event streams that error
/// recovery produces (missing ends are closed, stray ends ignored).
struct EventComposer {
    /// The text, for line numbers in messages (may be empty for hand-built events).
    let bytes: [UInt8]
    private var lineIndex: LineIndex?

    private(set) var documents: [ComposedDocument] = []
    private(set) var errors: [SyntaxError] = []

    // Current document.
    private var inDocument = false
    private var documentStart = 0
    private var contentStart = 0
    private var version: String?
    private var root: YAMLNode?
    private var anchors: [String: AnchorBinding] = [:]
    private var nextSerial = 0
    private var stack: [CollectionFrame] = []

    /// What an anchor name currently refers to.
    private enum AnchorBinding {
        /// A collection that is still open (an alias to it would make the graph cyclic).
        case open(serial: Int)
        case node(YAMLNode)
    }

    /// A collection whose end event has not come yet.
    private struct CollectionFrame {
        let isMapping: Bool
        let anchor: String?
        let serial: Int
        let tag: String?
        let style: CollectionStyle
        let range: TextRange
        /// Sequence entries, or mapping keys and values alternately.
        var items: [YAMLNode] = []
        var keys = KeySet()
    }

    /// Added to line numbers in messages, for a text that is a part of a larger one starting at that line.
    let lineOffset: Int

    init(bytes: [UInt8], lineOffset: Int = 0) {
        self.bytes = bytes
        self.lineOffset = lineOffset
    }

    mutating func handle(_ event: Event) {
        switch event.kind {
        case .streamStart:
            break
        case .streamEnd:
            if inDocument { finishDocument(end: event.range.start) }
        case .documentStart(_, let version, _):
            if inDocument { finishDocument(end: event.range.start) }
            beginDocument(at: event.range, version: version)
        case .documentEnd:
            if inDocument { finishDocument(end: event.range.end) }
        case .mappingStart(let anchor, let tag, let style):
            openCollection(isMapping: true, anchor: anchor, tag: tag, style: style, range: event.range)
        case .sequenceStart(let anchor, let tag, let style):
            openCollection(isMapping: false, anchor: anchor, tag: tag, style: style, range: event.range)
        case .mappingEnd, .sequenceEnd:
            closeCollection(end: event.range.end)
        case .scalar(let value, let style, let anchor, let tag):
            ensureDocument(at: event.range)
            let defaultTag = style == .plain && tag == nil
                ? CoreSchema.resolvePlainScalarTag(value) : CoreSchema.strTag
            let (resolved, explicit) = Self.resolveTag(tag, default: defaultTag)
            let node = YAMLNode(content: .scalar(value, style), tag: resolved, hasExplicitTag: explicit,
                                anchor: anchor, range: event.range)
            if let anchor { anchors[anchor] = .node(node) }
            add(node)
        case .alias(let name):
            ensureDocument(at: event.range)
            add(aliasNode(name: name, range: event.range))
        }
    }

    /// Closes whatever is still open at the end of the events.
    mutating func finish(end: Int) {
        if inDocument { finishDocument(end: end) }
    }

    // MARK: - Documents

    private mutating func beginDocument(at range: TextRange, version: String?) {
        inDocument = true
        documentStart = range.start
        contentStart = range.end
        self.version = version
        root = nil
        anchors = [:]
        stack = []
    }

    /// Starts an implicit document when content arrives outside one (recovered event streams).
    private mutating func ensureDocument(at range: TextRange) {
        if !inDocument { beginDocument(at: TextRange(empty: range.start), version: nil) }
    }

    private mutating func finishDocument(end: Int) {
        while !stack.isEmpty { closeCollection(end: end) }
        let rootNode = root ?? YAMLNode(content: .scalar("", .plain), tag: CoreSchema.nullTag, anchor: nil,
                                        range: TextRange(empty: contentStart))
        let range = TextRange(start: documentStart, end: Swift.max(documentStart, end, rootNode.range.end))
        documents.append(ComposedDocument(root: rootNode, range: range, version: version))
        inDocument = false
        root = nil
        anchors = [:]
    }

    // MARK: - Nodes

    /// The tag of a node: the explicit tag as given, or `defaultTag` when there is none or it is the
    /// non-specific `!` (YAML 1.2.2 §6.9.1). Also whether the tag was explicit.
    private static func resolveTag(_ tag: String?, default defaultTag: String) -> (String, Bool) {
        guard let tag, tag != CoreSchema.nonSpecificTag, !tag.isEmpty else { return (defaultTag, false) }
        return (tag, true)
    }

    private mutating func openCollection(isMapping: Bool, anchor: String?, tag: String?, style: CollectionStyle,
                                         range: TextRange) {
        ensureDocument(at: range)
        nextSerial += 1
        if let anchor { anchors[anchor] = .open(serial: nextSerial) }
        stack.append(CollectionFrame(isMapping: isMapping, anchor: anchor, serial: nextSerial, tag: tag,
                                     style: style, range: range))
    }

    private mutating func closeCollection(end: Int) {
        guard var frame = stack.popLast() else { return }
        let range = TextRange(start: frame.range.start, end: Swift.max(frame.range.end, end, frame.range.start))
        let content: YAMLNode.Content
        if frame.isMapping {
            if frame.items.count % 2 == 1 {
                // A key without a value (only in recovered streams): its value is an empty null.
                frame.items.append(YAMLNode(content: .scalar("", .plain), tag: CoreSchema.nullTag, anchor: nil,
                                            range: TextRange(empty: range.end)))
            }
            var pairs: [(key: YAMLNode, value: YAMLNode)] = []
            pairs.reserveCapacity(frame.items.count / 2)
            var i = 0
            while i + 1 < frame.items.count {
                pairs.append((key: frame.items[i], value: frame.items[i + 1]))
                i += 2
            }
            content = .mapping(pairs)
        } else {
            content = .sequence(frame.items)
        }
        let (tag, explicit) = Self.resolveTag(frame.tag, default: frame.isMapping ? CoreSchema.mapTag : CoreSchema.seqTag)
        let node = YAMLNode(content: content, tag: tag, hasExplicitTag: explicit, anchor: frame.anchor,
                            range: range, collectionStyle: frame.style)
        if let anchor = frame.anchor, case .open(let serial)? = anchors[anchor], serial == frame.serial {
            anchors[anchor] = .node(node)
        }
        add(node)
    }

    private mutating func aliasNode(name: String, range: TextRange) -> YAMLNode {
        var target: YAMLNode?
        switch anchors[name] {
        case .node(let node)?:
            target = node
        case .open?:
            errors.append(SyntaxError(
                range: range, code: "recursive-alias",
                message: "The alias '*\(name)' refers to a node that contains it; recursive aliases are not supported."))
        case nil:
            errors.append(SyntaxError(
                range: range, code: "undefined-alias",
                message: "The alias '*\(name)' refers to no anchor '&\(name)' defined before it in this document."))
        }
        return YAMLNode(content: .alias(name: name, target: target), tag: target?.tag ?? CoreSchema.nullTag,
                        anchor: nil, range: range)
    }

    /// Attaches a finished node to the open collection, or makes it the document's root.
    private mutating func add(_ node: YAMLNode) {
        guard !stack.isEmpty else {
            if root == nil { root = node }
            return
        }
        let top = stack.count - 1
        if stack[top].isMapping && stack[top].items.count % 2 == 0,
           let first = stack[top].keys.insert(node) {
            reportDuplicate(node, first: first)
        }
        stack[top].items.append(node)
    }

    // MARK: - Messages

    private mutating func reportDuplicate(_ key: YAMLNode, first: YAMLNode) {
        if lineIndex == nil { lineIndex = LineIndex(bytes) }
        let line = (lineIndex?.line(containing: first.range.start) ?? 0) + 1 + lineOffset
        errors.append(SyntaxError(
            range: key.range, code: "duplicate-key",
            message: "Duplicate key '\(describe(key))' in this mapping; it was first defined on line \(line)."))
    }

    /// A short one-line description of a key for messages.
    private func describe(_ key: YAMLNode) -> String {
        let text: String
        switch key.content {
        case .scalar(let value, _): text = value
        case .alias(let name, _): text = "*" + name
        case .sequence, .mapping:
            let r = key.range
            text = r.end <= bytes.count ? String(decoding: bytes[r.start..<r.end], as: UTF8.self) : "complex key"
        }
        var flat = String(text.map { $0 == "\n" || $0 == "\r" || $0 == "\t" ? " " : $0 })
        if flat.count > 40 { flat = String(flat.prefix(39)) + "…" }
        return flat
    }
}
