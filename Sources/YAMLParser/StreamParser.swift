import YAMLSyntax

/// The parser state machine behind ``Parser/parse(_:)``: consumes ``Scanner`` tokens and produces the
/// event stream, the lossless syntax tree and syntax errors in one pass (YAML 1.2.2 chapters 7–9).
///
/// The machine keeps an explicit stack of states (no recursion), so nesting depth only costs heap
/// memory; the scanner bounds it at ``Scanner/maxDepth``. Every state either consumes a token or moves
/// to a state that does, so the loop terminates on any input.
struct StreamParser: ~Copyable {
    enum State: Equatable {
        case streamStart, implicitDocumentStart, documentStart, documentContent, documentEnd
        case blockNode
        case blockSequenceEntry, indentlessSequenceEntry
        case blockMappingKey, blockMappingValue
        case flowSequenceEntry(first: Bool)
        case flowSequenceEntryMappingKey, flowSequenceEntryMappingValue, flowSequenceEntryMappingEnd
        case flowMappingKey(first: Bool), flowMappingValue, flowMappingEmptyValue
        case end

        /// True for ``end`` (a pattern match: cheaper per step than `==` on an enum with payloads).
        var isEnd: Bool {
            if case .end = self { return true }
            return false
        }
    }

    /// An open collection: its start event and the node kind that closes with it.
    struct OpenCollection {
        var eventIndex: Int
        var node: NodeKind
        var opener: Int
        /// Misindented blocks of the same kind whose entries recovery reads as this collection's own;
        /// their block ends are skipped (see ``absorbMisindentedBlock(_:)``).
        var absorbedBlocks = 0
    }

    var scanner: Scanner
    var builder: SyntaxTreeBuilder
    let buf: UnsafeBufferPointer<UInt8>
    /// The event stream in compact form (see ``ParseEvents``), with its side tables.
    var events = ParseEvents.Builder()
    var eventProperties: [ParseEvents.Properties] = []
    var eventTags: [String] = []
    var eventTagIndex: [String: Int] = [:]
    var documentInfos: [ParseEvents.DocumentInfo] = []
    var errors: [SyntaxError] = []
    var state: State = .streamStart
    var states = StateStack()
    var collections = ParserBuffer<OpenCollection>(capacity: 16)
    /// End of the last significant (non-virtual) token emitted into the tree.
    var lastTokenEnd = 0
    var tagHandles: [String: String] = [:]
    var documentCount = 0
    var lastDocumentExplicitEnd = false
    private var lineIndex: LineIndex?
    private let bytes: [UInt8]
    /// True for a machine without its tree over a text without a byte order mark: trivia then holds no
    /// token the sparse tree keeps (``SparseSyntax``), and ``flush(to:)`` only moves the position.
    private let skipsTrivia: Bool
    /// False for a machine made without its tree (``runWithoutTree()``).
    private let keepsTree: Bool

    /// A machine over `bytes` (`buffer` its storage); with `keepingTree` false it builds a sparse tree only
    /// (``SyntaxTreeBuilder/init(sparseOver:keepingQuotedScalars:)``: run it with ``runWithoutTree()``).
    init(bytes: [UInt8], buffer: UnsafeBufferPointer<UInt8>, keepingTree: Bool = true) {
        self.bytes = bytes
        self.buf = buffer
        scanner = Scanner(buffer: buffer)
        // Quoted scalars are kept when a byte order mark may lie inside one (``allowingQuotedByteOrderMarks``).
        builder = keepingTree ? SyntaxTreeBuilder(bytes: bytes)
            : SyntaxTreeBuilder(sparseOver: bytes, keepingQuotedScalars: scanner.errors.contains {
                $0.message == CharacterCheck.byteOrderMarkMessage
            })
        skipsTrivia = !keepingTree && !scanner.mayHoldByteOrderMark
        keepsTree = keepingTree
        // Flow-heavy text has up to one event per 5–6 bytes (`{name: a, port: 1}`); growing a large
        // array copies it into fresh, page-faulting memory, so reserve for that density (pages not
        // written are never touched).
        events.reserveCapacity(bytes.count / 5 + 8)
    }

    /// Runs the machine to the end of the stream.
    ///
    /// Progress guard (ARCHITECTURE.md habit 3): a step that consumes no token is fine (closing a
    /// collection, an empty node), but a long run of them means a bug; debug builds assert, release
    /// builds report `internal-error` and close what is open.
    mutating func run() -> ParseResult {
        runSteps()
        let tree = builder.finish()
        return ParseResult(tree: tree, events: finishedEvents(), errors: finishedErrors(tokens: tree.tokens))
    }

    /// ``run()`` for a machine made without its tree (`keepingTree` false).
    mutating func runWithoutTree() -> EventParse {
        runSteps()
        let syntax = builder.finishSparse()
        return EventParse(bytes: bytes, events: finishedEvents(), errors: finishedErrors(tokens: syntax.tokens), syntax: syntax)
    }

    /// Steps the machine to the end of the stream (see ``run()``).
    private mutating func runSteps() {
        var lastParsed = -1
        var idleSteps = 0
        while !state.isEnd {
            step()
            if scanner.tokensParsed != lastParsed {
                lastParsed = scanner.tokensParsed
                idleSteps = 0
            } else {
                idleSteps += 1
                if idleSteps > 100_000 {
                    assertionFailure("parser made no progress in state \(state)")
                    finishAbruptly()
                    break
                }
            }
        }
        flush(to: buf.count)
    }

    /// The events of the finished run.
    private func finishedEvents() -> ParseEvents {
        ParseEvents(records: events, bytes: bytes, decoded: scanner.decoded, properties: eventProperties,
                    tags: eventTags, documents: documentInfos)
    }

    /// The errors of the finished run, sorted, given the tree's `tokens` (all of them, or at least its quoted
    /// scalars when a byte order mark was found).
    private func finishedErrors(tokens: [Token]) -> [SyntaxError] {
        // Sort by start; at equal starts scanner errors (listed first, and more specific) win.
        let all = (scanner.errors + errors).enumerated().sorted {
            let (a, b) = ($0.element.range, $1.element.range)
            return a.start != b.start ? a.start < b.start : $0.offset < $1.offset
        }.map(\.element)
        return Self.dropCascades(Self.allowingQuotedByteOrderMarks(all, tokens: tokens), bytes: bytes)
    }

    /// Drops the ``CharacterCheck`` errors for byte order marks that lie inside a single- or double-quoted
    /// scalar: YAML 1.2.2 §5.2 allows a BOM there ("to allow for JSON compatibility"). O(log n) per such
    /// error (binary search over the tree's tokens, which are sorted by offset and do not overlap; those of a
    /// sparse tree will do when they include the quoted scalars).
    static func allowingQuotedByteOrderMarks(_ errors: [SyntaxError], tokens: [Token]) -> [SyntaxError] {
        guard errors.contains(where: { $0.message == CharacterCheck.byteOrderMarkMessage }) else { return errors }
        func isInsideQuotedScalar(_ offset: Int) -> Bool {
            var low = 0, high = tokens.count
            while low < high {
                let mid = (low + high) / 2
                if tokens[mid].range.end <= offset { low = mid + 1 } else { high = mid }
            }
            guard low < tokens.count, tokens[low].range.start <= offset else { return false }
            let kind = tokens[low].kind
            return kind == .singleQuotedScalar || kind == .doubleQuotedScalar
        }
        return errors.filter { $0.message != CharacterCheck.byteOrderMarkMessage || !isInsideQuotedScalar($0.range.start) }
    }

    /// Ends the event stream after the progress guard fired: closes open collections, the document
    /// and the stream, so events stay balanced.
    mutating func finishAbruptly() {
        let at = scanner.peek().start
        error("internal-error", "The parser could not continue here; the rest of the text is not parsed (please report this).", at)
        while !collections.isEmpty {
            let node = collections[collections.count - 1].node
            endCollection(node == .blockSequence || node == .flowSequence ? .sequenceEnd : .mappingEnd)
        }
        while builder.depth > 1 { builder.finishNode() }
        if state == .documentEnd || states.contains(.documentEnd) {
            events.append(.init(.documentEnd, start: lastTokenEnd, end: lastTokenEnd))
        }
        events.append(.init(.streamEnd, start: buf.count, end: buf.count))
    }

    /// Codes of errors that usually follow from an error just before them (the parser resynchronising).
    static let followOnCodes: Set<String> = [
        "missing-colon", "expected-mapping-key", "expected-sequence-entry", "unexpected-content", "expected-node",
        "missing-flow-separator", "unexpected-token", "invalid-mapping-value",
    ]

    /// Removes cascades: keeps one syntax error per line (the first), and drops a follow-on error (see
    /// ``followOnCodes``) at the start of the line right after another error. Warnings, `nesting-too-deep`
    /// and character problems are always kept.
    static func dropCascades(_ errors: [SyntaxError], bytes: [UInt8]) -> [SyntaxError] {
        if errors.count < 2 { return errors }
        let index = LineIndex(bytes)
        var out: [SyntaxError] = []
        var lastLine = -2
        for e in errors {
            // Warnings, the nesting limit and bad bytes (``CharacterCheck``) are not syntax cascades: they are
            // kept, and do not hide the line's syntax error either.
            if e.severity == .warning || e.code == "nesting-too-deep" || CharacterCheck.codes.contains(e.code) {
                out.append(e)
                continue
            }
            let l = index.line(containing: e.range.start)
            let previous = lastLine
            lastLine = l
            if l == previous {
                // An unclosed quote that swallowed the ']' or '}' of its line is the mistake to show.
                if e.code == "unclosed-quoted-scalar", let last = out.last, last.code.hasPrefix("unclosed-flow-"),
                   index.line(containing: last.range.start) == l {
                    out[out.count - 1] = e
                }
                continue
            }
            if l == previous + 1 && followOnCodes.contains(e.code) && startsLine(e.range.start, index) { continue }
            out.append(e)
        }
        return out
    }

    /// True when only spaces and tabs precede `offset` on its line.
    static func startsLine(_ offset: Int, _ index: LineIndex) -> Bool {
        var p = index.lineStart(index.line(containing: offset))
        while p < offset {
            if index.bytes[p] != 0x20 && index.bytes[p] != 0x09 { return false }
            p += 1
        }
        return true
    }

    // MARK: - Helpers

    /// 1-based line of byte `offset`, for messages.
    mutating func lineNumber(_ offset: Int) -> Int {
        let index = lineIndex ?? LineIndex(bytes)
        lineIndex = index
        return index.line(containing: offset) + 1
    }

    mutating func error(_ code: String, _ message: String, _ start: Int, _ end: Int? = nil,
                        severity: SyntaxError.Severity = .error) {
        let n = buf.count
        let s = min(start, n)
        var e = max(s, min(end ?? (s + 1), n))
        if e == s && s < n { e = s + 1 }
        errors.append(SyntaxError(range: TextRange(start: s, end: e), code: code, message: message, severity: severity))
    }

    /// Covers `builder.position ..< end` with trivia tokens (whitespace, newlines, comments, BOM);
    /// bytes that are not trivia become `error` tokens (the scanner reported them).
    @inline(__always) mutating func flush(to end: Int) {
        // Most calls have nothing to cover (the token starts where the last one ended): test that
        // inline, without the cost of a call to the loop.
        if builder.position < end {
            if skipsTrivia { builder.skipTrivia(to: end) } else { flushTrivia(to: end) }
        }
    }

    /// ``flush(to:)`` when there is at least one byte to cover.
    mutating func flushTrivia(to end: Int) {
        var p = builder.position
        while p < end {
            let c = buf[p]
            var q = p + 1
            let kind: TokenKind
            if c == 0x20 || c == 0x09 {
                while q < end && (buf[q] == 0x20 || buf[q] == 0x09) { q += 1 }
                kind = .whitespace
            } else if c == 0x0A {
                kind = .newline
            } else if c == 0x0D {
                if q < end && buf[q] == 0x0A { q += 1 }
                kind = .newline
            } else if c == UInt8(ascii: "#") {
                while q < end && buf[q] != 0x0A && buf[q] != 0x0D { q += 1 }
                kind = .comment
            } else if c == 0xEF && p + 2 < end && buf[p + 1] == 0xBB && buf[p + 2] == 0xBF {
                q = p + 3
                kind = .byteOrderMark
            } else {
                while q < end && buf[q] != 0x20 && buf[q] != 0x09 && buf[q] != 0x0A && buf[q] != 0x0D { q += 1 }
                kind = .error
            }
            builder.token(kind, end: q)
            p = q
        }
    }

    /// Appends `t`'s bytes to the tree (virtual tokens add nothing).
    mutating func emit(_ t: ScannerToken) {
        if t.end <= builder.position { return }
        if t.start < builder.position { builder.token(.error, end: t.end); lastTokenEnd = t.end; return }
        flush(to: t.start)
        switch t.kind {
        case .scalar:
            switch t.style {
            case .plain: builder.token(.plainScalar, end: t.end)
            case .singleQuoted: builder.token(.singleQuotedScalar, end: t.end)
            case .doubleQuoted: builder.token(.doubleQuotedScalar, end: t.end)
            case .literal, .folded:
                builder.token(.blockScalarHeader, end: t.headerEnd)
                flush(to: t.contentStart)
                builder.token(.blockScalarContent, end: t.end)
            }
        case .versionDirective, .tagDirective, .reservedDirective: builder.token(.directive, end: t.end)
        case .documentStart: builder.token(.directivesEnd, end: t.end)
        case .documentEnd: builder.token(.documentEnd, end: t.end)
        case .blockEntry: builder.token(.sequenceEntry, end: t.end)
        case .key: builder.token(.mappingKey, end: t.end)
        case .value: builder.token(.mappingValue, end: t.end)
        case .flowSequenceStart: builder.token(.flowSequenceStart, end: t.end)
        case .flowSequenceEnd: builder.token(.flowSequenceEnd, end: t.end)
        case .flowMappingStart: builder.token(.flowMappingStart, end: t.end)
        case .flowMappingEnd: builder.token(.flowMappingEnd, end: t.end)
        case .flowEntry: builder.token(.flowEntry, end: t.end)
        case .anchor: builder.token(.anchor, end: t.end)
        case .tag: builder.token(.tag, end: t.end)
        case .alias: builder.token(.alias, end: t.end)
        case .streamStart, .streamEnd, .blockSequenceStart, .blockMappingStart, .blockEnd, .flowBreak:
            return
        }
        lastTokenEnd = t.end
    }

    /// Opens a tree node that starts at byte `at` (trivia before it stays outside).
    mutating func open(_ kind: NodeKind, at p: Int) {
        flush(to: min(max(p, builder.position), buf.count))
        builder.startNode(kind)
    }

    /// Closes the innermost tree node when it is of `kind`.
    @inline(__always) mutating func closeIf(_ kind: NodeKind) {
        if builder.depth > 1 && builder.currentNodeKind == kind { builder.finishNode() }
    }

    /// Consumes the next token into the tree.
    mutating func consume() -> ScannerToken {
        let t = scanner.peek()
        emit(t)
        scanner.next()
        return t
    }

    static func isCloser(_ k: ScannerToken.Kind) -> Bool {
        switch k {
        case .streamEnd, .documentStart, .documentEnd, .versionDirective, .tagDirective, .reservedDirective, .blockEnd,
             .flowBreak:
            return true
        default:
            return false
        }
    }

    static func canStartNode(_ k: ScannerToken.Kind, block: Bool) -> Bool {
        switch k {
        case .scalar, .alias, .anchor, .tag, .flowSequenceStart, .flowMappingStart: return true
        case .blockSequenceStart, .blockMappingStart: return block
        default: return false
        }
    }

    func describe(_ t: ScannerToken) -> String {
        switch t.kind {
        case .streamEnd: return "the end of the text"
        case .documentStart: return "'---'"
        case .documentEnd: return "'...'"
        case .versionDirective, .tagDirective, .reservedDirective: return "a directive"
        case .blockEnd: return "a less indented line"
        case .blockSequenceStart: return "a '- ' entry at a different indentation"
        case .blockMappingStart: return "a mapping entry at a different indentation"
        case .flowSequenceStart: return "'['"
        case .flowSequenceEnd: return "']'"
        case .flowMappingStart: return "'{'"
        case .flowMappingEnd: return "'}'"
        case .flowEntry: return "','"
        case .blockEntry: return "'-'"
        case .key: return t.start == t.end ? "a mapping key" : "'?'"
        case .value: return "':'"
        case .alias: return "an alias"
        case .anchor: return "an anchor"
        case .tag: return "a tag"
        case .scalar: return "a scalar"
        case .streamStart: return "the start of the text"
        case .flowBreak: return "a line indented too little to belong to it"
        }
    }

    /// Skips an unexpected token into an `error` node. A flow collection, a block collection that
    /// starts here (up to its end of indentation) or a node with properties is skipped whole, so one
    /// mistake gives one error and the parser resynchronises at the next line of lower indentation.
    mutating func skipJunk(code: String, message: String) {
        let first = scanner.peek()
        if first.kind == .streamEnd { return }
        if first.kind == .flowSequenceEnd || first.kind == .flowMappingEnd {
            // A closing bracket outside any flow collection: say so rather than what was expected.
            let closing = first.kind == .flowSequenceEnd
            return skipJunkTokens(code: "unexpected-token",
                                  message: "'\(closing ? "]" : "}")' has no matching '\(closing ? "[" : "{")'.")
        }
        skipJunkTokens(code: code, message: message)
    }

    private mutating func skipJunkTokens(code: String, message: String) {
        let first = scanner.peek()
        let at = first.isVirtual ? scanner.peekNonVirtualStart() : first.start
        error(code, message, at, at + 1)
        open(.error, at: first.start)
        var depth = 0
        repeat {
            let t = scanner.peek()
            if t.kind == .streamEnd { break }
            if depth > 0 && Self.isCloser(t.kind) && t.kind != .blockEnd { break }
            if depth == 0 && t.kind == .blockEnd { break }
            _ = consume()
            switch t.kind {
            case .flowSequenceStart, .flowMappingStart, .blockSequenceStart, .blockMappingStart: depth += 1
            case .flowSequenceEnd, .flowMappingEnd, .blockEnd: depth = max(0, depth - 1)
            case .anchor, .tag:
                if depth == 0 && Self.canStartNode(scanner.peekKind(), block: true) { continue }
            default: break
            }
        } while depth > 0
        builder.finishNode()
    }

    // MARK: - Events

    mutating func emptyScalar(at p: Int) {
        events.append(.init(.scalar, start: p, end: p))
    }

    /// Records a node's anchor (the name's source range, `anchor.start` < 0 for none) and tag; returns
    /// the index for an event record, -1 when the node has neither.
    mutating func properties(anchor: (start: Int, end: Int), tag: String?) -> Int {
        if anchor.start < 0 && tag == nil { return -1 }
        var tagIndex = -1
        if let tag {
            if let i = eventTagIndex[tag] {
                tagIndex = i
            } else {
                tagIndex = eventTags.count
                eventTags.append(tag)
                eventTagIndex[tag] = tagIndex
            }
        }
        eventProperties.append(ParseEvents.Properties(anchorStart: Int32(truncatingIfNeeded: anchor.start),
                                                      anchorEnd: Int32(truncatingIfNeeded: anchor.end),
                                                      tag: Int32(truncatingIfNeeded: tagIndex)))
        return eventProperties.count - 1
    }

    /// Starts a collection event (`mappingStart`/`sequenceStart`, `flow` style or block) with the
    /// node properties `properties` (see ``properties(anchor:tag:)``).
    mutating func startCollection(_ kind: ParseEvents.RecordKind, flow: Bool, properties: Int = -1, node: NodeKind,
                                  start: Int, opener: Int) {
        collections.append(OpenCollection(eventIndex: events.count, node: node, opener: opener))
        events.append(.init(kind, start: start, end: start, style: flow ? 1 : 0, properties: properties))
    }

    mutating func endCollection(_ kind: ParseEvents.RecordKind) {
        guard let c = collections.popLast() else { return }
        // Close the collection node and anything left open inside it.
        while builder.depth > 1 {
            let k = builder.currentNodeKind
            if k == .document || k == .stream { break }
            builder.finishNode()
            if k == c.node { break }
        }
        let start = events.start(at: c.eventIndex)
        let end = max(start, lastTokenEnd)
        events.setEnd(end, at: c.eventIndex)
        events.append(.init(kind, start: end, end: end))
    }

    // MARK: - States

    mutating func step() {
        switch state {
        case .flowSequenceEntry, .flowSequenceEntryMappingKey, .flowSequenceEntryMappingValue,
             .flowSequenceEntryMappingEnd, .flowMappingKey, .flowMappingValue, .flowMappingEmptyValue,
             .streamStart, .end:
            break
        default:
            // The end of an abandoned flow context matters only to flow states.
            if scanner.peekKind() == .flowBreak { scanner.next() }
        }
        switch state {
        case .streamStart:
            scanner.next()
            events.append(.init(.streamStart, start: 0, end: 0))
            state = .implicitDocumentStart
        case .implicitDocumentStart: documentStart(implicit: true)
        case .documentStart: documentStart(implicit: false)
        case .documentContent: documentContent()
        case .documentEnd: documentEnd()
        case .blockNode: parseNode(block: true, indentless: false)
        case .blockSequenceEntry: blockSequenceEntry()
        case .indentlessSequenceEntry: indentlessSequenceEntry()
        case .blockMappingKey: blockMappingKey()
        case .blockMappingValue: blockMappingValue()
        case .flowSequenceEntry(let first): flowSequenceEntry(first: first)
        case .flowSequenceEntryMappingKey: flowSequenceEntryMappingKey()
        case .flowSequenceEntryMappingValue: flowSequenceEntryMappingValue()
        case .flowSequenceEntryMappingEnd: flowSequenceEntryMappingEnd()
        case .flowMappingKey(let first): flowMappingKey(first: first)
        case .flowMappingValue: flowMappingValue()
        case .flowMappingEmptyValue:
            closeIf(.key)
            emptyScalar(at: lastTokenEnd)
            state = .flowMappingKey(first: false)
        case .end:
            break
        }
    }

    mutating func popState() {
        state = states.popLast() ?? .end
    }

    mutating func documentStart(implicit: Bool) {
        var tok = scanner.peek()
        // Stray '...' markers between documents belong to the stream.
        while tok.kind == .documentEnd {
            _ = consume()
            lastDocumentExplicitEnd = true
            tok = scanner.peek()
        }
        if tok.kind == .streamEnd {
            scanner.next()
            events.append(.init(.streamEnd, start: buf.count, end: buf.count))
            state = .end
            return
        }
        tagHandles = [:]
        let isDirective = tok.kind == .versionDirective || tok.kind == .tagDirective || tok.kind == .reservedDirective
        if !isDirective && tok.kind != .documentStart {
            open(.document, at: tok.start)
            events.append(.init(.documentStart, start: tok.start, end: tok.start))
            states.append(.documentEnd)
            state = .blockNode
            return
        }
        open(.document, at: tok.start)
        var version: String? = nil
        var tags: [TagDirective] = []
        if isDirective && documentCount > 0 && !lastDocumentExplicitEnd {
            error("directive-without-document-end",
                  "A directive must come after a '...' document end marker when it follows a document.", tok.start, tok.end)
        }
        while true {
            tok = scanner.peek()
            if tok.kind == .versionDirective {
                if version != nil {
                    error("duplicate-directive", "A document can have only one %YAML directive.", tok.start, tok.end)
                } else {
                    version = scanner.text(tok.payload)
                    let parts = scanner.text(tok.payload).split(separator: ".")
                    if parts.count == 2, let major = Int(parts[0]), let minor = Int(parts[1]) {
                        // §6.8.1: accept 1.x (earlier versions silently), warn on a later minor version,
                        // reject another major version.
                        if major != 1 {
                            error("unsupported-yaml-version",
                                  "YAML \(scanner.text(tok.payload)) is not supported; this parser reads YAML 1.2.", tok.start, tok.end)
                        } else if minor > 2 {
                            error("unsupported-yaml-version",
                                  "The document declares YAML \(scanner.text(tok.payload)), newer than 1.2; it is read as YAML 1.2 (YAML 1.2.2 §6.8.1).",
                                  tok.start, tok.end, severity: .warning)
                        }
                    }
                }
            } else if tok.kind == .tagDirective {
                if tags.contains(where: { $0.handle == scanner.text(tok.payload) }) {
                    error("duplicate-directive", "The tag handle '\(scanner.text(tok.payload))' is already defined in this document.", tok.start, tok.end)
                } else {
                    tags.append(TagDirective(handle: scanner.text(tok.payload), prefix: scanner.text(tok.payload + 1)))
                    tagHandles[scanner.text(tok.payload)] = scanner.text(tok.payload + 1)
                }
            } else if tok.kind != .reservedDirective {
                break
            }
            _ = consume()
        }
        if tok.kind != .documentStart {
            error("missing-directives-end", "Expected '---' after the directives.", tok.start, tok.end)
            events.append(.init(.documentStart, start: tok.start, end: tok.start,
                                a: documentInfo(version: version, tags: tags)))
            states.append(.documentEnd)
            state = .documentContent
            return
        }
        _ = consume()
        events.append(.init(.documentStart, start: tok.start, end: tok.end, style: 1,
                            a: documentInfo(version: version, tags: tags)))
        states.append(.documentEnd)
        state = .documentContent
    }

    /// The index of the directives of a document start in the event side table, -1 when it has none.
    mutating func documentInfo(version: String?, tags: [TagDirective]) -> Int {
        if version == nil && tags.isEmpty { return -1 }
        documentInfos.append(ParseEvents.DocumentInfo(version: version, tagDirectives: tags))
        return documentInfos.count - 1
    }

    mutating func documentContent() {
        let tok = scanner.peek()
        switch tok.kind {
        case .versionDirective, .tagDirective, .reservedDirective, .documentStart, .documentEnd, .streamEnd:
            emptyScalar(at: lastTokenEnd)
            popState()
        default:
            parseNode(block: true, indentless: false)
        }
    }

    mutating func documentEnd() {
        var tok = scanner.peek()
        while !Self.isCloser(tok.kind) || tok.kind == .blockEnd {
            if tok.kind == .blockEnd { scanner.next(); tok = scanner.peek(); continue }
            skipJunk(code: "unexpected-content",
                     message: "Found \(describe(tok)) after the end of the document's root node; check its indentation, or start a new document with '---'.")
            tok = scanner.peek()
        }
        // Close anything a recovery left open inside the document.
        while builder.depth > 1 && builder.currentNodeKind != .document { builder.finishNode() }
        var explicit = false
        var range = TextRange(empty: lastTokenEnd)
        if tok.kind == .documentEnd {
            _ = consume()
            explicit = true
            range = TextRange(start: tok.start, end: tok.end)
        }
        closeIf(.document)
        lastDocumentExplicitEnd = explicit
        documentCount += 1
        events.append(.init(.documentEnd, start: range.start, end: range.end, style: explicit ? 1 : 0))
        state = .documentStart
    }

    /// Resolves a tag token to the full tag (§6.9.1): `!!x` -> `tag:yaml.org,2002:x`, `!e!x` through
    /// `%TAG`, `!<x>` verbatim, `!` alone -> `!` (non-specific).
    mutating func resolveTag(_ t: ScannerToken) -> String {
        let handle = scanner.text(t.payload)
        let rawSuffix = scanner.text(t.payload + 1)
        if handle.isEmpty { return rawSuffix }
        let suffix = Self.percentDecode(rawSuffix)
        if let prefix = tagHandles[handle] { return prefix + suffix }
        if handle == "!" { return "!" + suffix }
        if handle == "!!" { return "tag:yaml.org,2002:" + suffix }
        error("undefined-tag-handle",
              "The tag handle '\(handle)' is not defined; add '%TAG \(handle) <prefix>' before '---'.", t.start, t.end)
        return handle + suffix
    }

    /// `%XX` escapes of a tag suffix decoded (§6.9.1; invalid escapes kept as written).
    static func percentDecode(_ s: String) -> String { PercentDecoding.decode(s) }

    /// Parses one node: properties, then an alias, scalar, collection start or an empty node.
    mutating func parseNode(block: Bool, indentless: Bool) {
        var tok = scanner.peek()
        if tok.kind == .scalar {
            // Fast path for the most common node, a scalar without properties: no property array or
            // tag string to create and release. Without the tree (a measured hot path), the node is not
            // opened: a sparse builder keeps no node but documents, and consuming the token moves the
            // position as opening the node would (trivia first).
            if keepsTree { open(.scalar, at: tok.start) }
            _ = consume()
            if keepsTree { builder.finishNode() }
            events.append(.init(.scalar, start: tok.start, end: tok.end, style: tok.style.ordinal, text: tok.valueText,
                                a: tok.valueStart, b: tok.valueEnd))
            popState()
            return
        }
        var props: [ScannerToken] = []
        var anchor: (start: Int, end: Int) = (-1, -1)
        var tag: String? = nil
        while tok.kind == .anchor || tok.kind == .tag {
            if tok.kind == .anchor {
                if anchor.start >= 0 {
                    error("multiple-anchors", "A node can have only one anchor.", tok.start, tok.end)
                }
                anchor = (tok.valueStart, tok.valueEnd)
            } else {
                if tag != nil {
                    error("multiple-tags", "A node can have only one tag.", tok.start, tok.end)
                }
                tag = resolveTag(tok)
            }
            props.append(tok)
            scanner.next()
            tok = scanner.peek()
        }
        let start = props.first?.start ?? tok.start
        func emitProps(_ p: inout StreamParser) { for t in props { p.emit(t) } }
        if tok.kind == .alias {
            if !props.isEmpty {
                error("alias-with-properties", "An alias cannot have an anchor or a tag.", props[0].start, props[props.count - 1].end)
                open(.error, at: start)
                emitProps(&self)
                builder.finishNode()
            }
            open(.alias, at: tok.start)
            _ = consume()
            builder.finishNode()
            events.append(.init(.alias, start: tok.start, end: tok.end, text: .source, a: tok.valueStart, b: tok.valueEnd))
            popState()
            return
        }
        let properties = props.isEmpty ? -1 : properties(anchor: anchor, tag: tag)
        if indentless && tok.kind == .blockEntry {
            open(.blockSequence, at: start)
            emitProps(&self)
            startCollection(.sequenceStart, flow: false, properties: properties, node: .blockSequence,
                            start: start, opener: tok.start)
            state = .indentlessSequenceEntry
            return
        }
        switch tok.kind {
        case .scalar:
            open(.scalar, at: start)
            emitProps(&self)
            _ = consume()
            builder.finishNode()
            events.append(.init(.scalar, start: start, end: tok.end, style: tok.style.ordinal, text: tok.valueText,
                                a: tok.valueStart, b: tok.valueEnd, properties: properties))
            popState()
        case .flowSequenceStart:
            open(.flowSequence, at: start)
            emitProps(&self)
            _ = consume()
            startCollection(.sequenceStart, flow: true, properties: properties, node: .flowSequence,
                            start: start, opener: tok.start)
            state = .flowSequenceEntry(first: true)
        case .flowMappingStart:
            open(.flowMapping, at: start)
            emitProps(&self)
            _ = consume()
            startCollection(.mappingStart, flow: true, properties: properties, node: .flowMapping,
                            start: start, opener: tok.start)
            state = .flowMappingKey(first: true)
        case .blockSequenceStart where block:
            open(.blockSequence, at: start)
            emitProps(&self)
            scanner.next()
            startCollection(.sequenceStart, flow: false, properties: properties, node: .blockSequence,
                            start: start, opener: tok.start)
            state = .blockSequenceEntry
        case .blockMappingStart where block:
            open(.blockMapping, at: start)
            emitProps(&self)
            scanner.next()
            startCollection(.mappingStart, flow: false, properties: properties, node: .blockMapping,
                            start: start, opener: tok.start)
            state = .blockMappingKey
        default:
            if !props.isEmpty {
                open(.scalar, at: start)
                emitProps(&self)
                builder.finishNode()
                events.append(.init(.scalar, start: start, end: props[props.count - 1].end, properties: properties))
            } else {
                error("expected-node", "Expected a node (a scalar, collection or alias) but found \(describe(tok)).",
                      tok.start, tok.end)
                emptyScalar(at: tok.start)
            }
            popState()
        }
    }

    // MARK: Block collections

    /// After an indicator (`- `, `? `, `: `) was consumed: parses the node that follows, inside a
    /// `wrapper` tree node (`key`/`value`) when given, and continues in `next`. When the next token
    /// `ends` the node, it is empty (§7.2): only an empty scalar event at `emptyAt` is produced.
    @inline(__always)
    mutating func nodeAfterIndicator(then next: State, wrapper: NodeKind?, emptyAt: Int, block: Bool,
                                     indentless: Bool, ends: (ScannerToken.Kind) -> Bool) {
        let tok = scanner.peek()
        if ends(tok.kind) {
            state = next
            emptyScalar(at: emptyAt)
            return
        }
        states.append(next)
        if let wrapper { open(wrapper, at: tok.start) }
        parseNode(block: block, indentless: indentless)
    }

    mutating func blockSequenceEntry() {
        closeIf(.sequenceItem)
        let tok = scanner.peek()
        if tok.kind == .blockEntry {
            open(.sequenceItem, at: tok.start)
            _ = consume()
            nodeAfterIndicator(then: .blockSequenceEntry, wrapper: nil, emptyAt: tok.end, block: true, indentless: false) {
                $0 == .blockEntry || $0 == .blockEnd
            }
        } else if tok.kind == .blockEnd {
            scanner.next()
            if absorbedBlockEnds() { return }
            endCollection(.sequenceEnd)
            popState()
        } else if Self.isCloser(tok.kind) {
            endCollection(.sequenceEnd)
            popState()
        } else if tok.kind == .blockSequenceStart {
            absorbMisindentedBlock(misplacedEntryMessage(tok, expected: "a block sequence entry ('- ')", collection: "sequence"),
                                   code: "expected-sequence-entry")
        } else {
            skipJunk(code: "expected-sequence-entry", message: strayLineMessage(tok))
        }
    }

    /// The message for `tok`, found where the next `- ` entry of a block sequence was expected: a scalar
    /// such as `-b` (a '-' without its space), another scalar, an alias, or a lone anchor or tag is named
    /// with the line of the sequence; anything else as ``misplacedEntryMessage(_:expected:collection:)``.
    mutating func strayLineMessage(_ tok: ScannerToken) -> String {
        let fallback = misplacedEntryMessage(tok, expected: "a block sequence entry ('- ')", collection: "sequence")
        guard let opener = collections.last?.opener, tok.end > tok.start, tok.end <= bytes.count else { return fallback }
        let text = String(decoding: bytes[tok.start..<tok.end], as: UTF8.self)
        let line = lineNumber(opener)
        switch tok.kind {
        case .scalar:
            if bytes[tok.start] == UInt8(ascii: "-"), tok.end - tok.start >= 2, bytes[tok.start + 1] != 0x20 {
                return StrayLineMessage.dashWithoutSpace(text)
            }
            return StrayLineMessage.notAnEntry("the scalar '\(StrayLineMessage.excerpt(text))'", openedAt: line)
        case .alias:
            return StrayLineMessage.notAnEntry("the alias '\(StrayLineMessage.excerpt(text))'", openedAt: line)
        case .anchor, .tag:
            var p = tok.end
            while p < bytes.count && (bytes[p] == 0x20 || bytes[p] == 0x09) { p += 1 }
            if p >= bytes.count || bytes[p] == 0x0A || bytes[p] == 0x0D || bytes[p] == UInt8(ascii: "#") {
                return StrayLineMessage.loneProperty(text, openedAt: line)
            }
            return StrayLineMessage.notAnEntry("the \(tok.kind == .anchor ? "anchor" : "tag") '\(StrayLineMessage.excerpt(text))'", openedAt: line)
        default:
            return fallback
        }
    }

    mutating func indentlessSequenceEntry() {
        closeIf(.sequenceItem)
        let tok = scanner.peek()
        if tok.kind == .blockEntry {
            open(.sequenceItem, at: tok.start)
            _ = consume()
            nodeAfterIndicator(then: .indentlessSequenceEntry, wrapper: nil, emptyAt: tok.end, block: true,
                               indentless: false) {
                $0 == .blockEntry || $0 == .key || $0 == .value || $0 == .blockEnd
            }
        } else {
            endCollection(.sequenceEnd)
            popState()
        }
    }

    /// Recovery for entries at a column where none can start (`name: app` then `  version: 2`): the
    /// error is reported at the misindented line, and its entries are read as entries of the innermost
    /// block collection (of the same kind), so they stay in the tree, the events and the outline.
    /// The virtual collection start is dropped and its matching block end skipped.
    mutating func absorbMisindentedBlock(_ message: String, code: String) {
        let at = scanner.peekNonVirtualStart()
        error(code, message, at, at + 1)
        scanner.next()
        if !collections.isEmpty { collections[collections.count - 1].absorbedBlocks += 1 }
    }

    /// After a block end was consumed: true when it closed a block absorbed by
    /// ``absorbMisindentedBlock(_:)`` (so the collection stays open).
    mutating func absorbedBlockEnds() -> Bool {
        guard let last = collections.last, last.absorbedBlocks > 0 else { return false }
        collections[collections.count - 1].absorbedBlocks -= 1
        return true
    }

    /// The message for a token where the next entry of the innermost block collection must be. A
    /// virtual collection start means an entry at another column: both columns are named (1-based).
    mutating func misplacedEntryMessage(_ tok: ScannerToken, expected: String, collection: String) -> String {
        if tok.kind == .blockEntry && collection == "mapping" {
            return "Expected \(expected) but found a '- ' sequence entry; a block mapping and a block sequence cannot share an indentation."
        }
        guard tok.kind == .blockMappingStart || tok.kind == .blockSequenceStart, let opener = collections.last?.opener else {
            return "Expected \(expected) but found \(describe(tok)); check the indentation."
        }
        let at = scanner.peekNonVirtualStart()
        let index = lineIndex ?? LineIndex(bytes)
        lineIndex = index
        let entryColumn = index.position(of: at, encoding: .utf16).column + 1
        let blockColumn = index.position(of: opener, encoding: .utf16).column + 1
        let what = tok.kind == .blockMappingStart ? "this 'key: value' entry" : "this '- ' entry"
        return "Expected \(expected) at column \(blockColumn), the indentation of the \(collection) opened at line \(lineNumber(opener)), but \(what) starts at column \(entryColumn); check its indentation."
    }

    mutating func blockMappingKey() {
        closeIf(.value)
        closeIf(.key)
        closeIf(.mappingEntry)
        let tok = scanner.peek()
        if tok.kind == .key {
            open(.mappingEntry, at: tok.start)
            _ = consume()
            nodeAfterIndicator(then: .blockMappingValue, wrapper: .key, emptyAt: tok.end, block: true, indentless: true) {
                $0 == .key || $0 == .value || $0 == .blockEnd
            }
        } else if tok.kind == .value {
            open(.mappingEntry, at: tok.start)
            state = .blockMappingValue
            emptyScalar(at: tok.start)
        } else if tok.kind == .blockEnd {
            scanner.next()
            if absorbedBlockEnds() { return }
            endCollection(.mappingEnd)
            popState()
        } else if Self.isCloser(tok.kind) {
            endCollection(.mappingEnd)
            popState()
        } else if tok.kind == .blockMappingStart {
            absorbMisindentedBlock(misplacedEntryMessage(tok, expected: "a mapping key ('key: value')", collection: "mapping"),
                                   code: "expected-mapping-key")
        } else {
            skipJunk(code: "expected-mapping-key",
                     message: misplacedEntryMessage(tok, expected: "a mapping key ('key: value')", collection: "mapping"))
        }
    }

    mutating func blockMappingValue() {
        closeIf(.key)
        let tok = scanner.peek()
        if tok.kind == .value {
            _ = consume()
            nodeAfterIndicator(then: .blockMappingKey, wrapper: .value, emptyAt: tok.end, block: true, indentless: true) {
                $0 == .key || $0 == .value || $0 == .blockEnd
            }
        } else {
            state = .blockMappingKey
            emptyScalar(at: lastTokenEnd)
        }
    }

    // MARK: Flow collections

    /// True when `---` or `...` followed by a blank or the end starts at `offset`, in column 0.
    func isDocumentMarker(at offset: Int) -> Bool {
        guard offset + 2 < buf.count, offset == 0 || buf[offset - 1] == 0x0A || buf[offset - 1] == 0x0D else { return false }
        let c = buf[offset]
        guard (c == UInt8(ascii: "-") || c == UInt8(ascii: ".")) && buf[offset + 1] == c && buf[offset + 2] == c else {
            return false
        }
        return offset + 3 >= buf.count || [0x20, 0x09, 0x0A, 0x0D].contains(buf[offset + 3])
    }

    mutating func unclosed(_ tok: ScannerToken, sequence: Bool) {
        let opener = collections.last?.opener ?? tok.start
        // Past the nesting limit the scanner stopped early: the collections it cut off are closed
        // quietly, since `nesting-too-deep` already says why the text ends there.
        if tok.start >= scanner.abortOffset {
            endCollection(sequence ? .sequenceEnd : .mappingEnd)
            popState()
            return
        }
        let expected = "Expected '\(sequence ? "]" : "}")' to close the flow \(sequence ? "sequence" : "mapping") opened at line \(lineNumber(opener))"
        var message = "\(expected), but found \(describe(tok))."
        if tok.isVirtual || tok.kind == .streamEnd || tok.kind == .documentStart || tok.kind == .documentEnd {
            // Name what actually ended the collection: the end of the text, a document marker, or a
            // line indented too little (the resynchronisation point).
            let next = tok.isVirtual ? scanner.peekNonVirtualStart() : tok.start
            if next >= buf.count {
                message = "\(expected), but the text ended."
            } else if isDocumentMarker(at: next) {
                message = "\(expected) before the document marker on line \(lineNumber(next))."
            } else {
                message = "\(expected); line \(lineNumber(next)) is not indented enough to continue it."
            }
        }
        error(sequence ? "unclosed-flow-sequence" : "unclosed-flow-mapping", message, opener, opener + 1)
        endCollection(sequence ? .sequenceEnd : .mappingEnd)
        popState()
    }

    /// Handles what comes before every entry of a flow collection: its closing bracket, the end of an
    /// unclosed collection, and the ',' between entries (§7.4). Returns the token that starts the entry,
    /// or nil when this step is over.
    mutating func beginFlowEntry(first: Bool, sequence: Bool) -> ScannerToken? {
        let closing: ScannerToken.Kind = sequence ? .flowSequenceEnd : .flowMappingEnd
        let mismatched: ScannerToken.Kind = sequence ? .flowMappingEnd : .flowSequenceEnd
        var tok = scanner.peek()
        if tok.kind == closing {
            _ = consume()
            endCollection(sequence ? .sequenceEnd : .mappingEnd)
            popState()
            return nil
        }
        if Self.isCloser(tok.kind) || tok.kind == mismatched {
            unclosed(tok, sequence: sequence)
            return nil
        }
        if !first {
            if tok.kind == .flowEntry {
                _ = consume()
                tok = scanner.peek()
                if tok.kind == closing || tok.kind == mismatched || Self.isCloser(tok.kind) { return nil }
            } else if Self.canStartNode(tok.kind, block: false) || tok.kind == .key || tok.kind == .value {
                error("missing-flow-separator",
                      "Expected ',' or '\(sequence ? "]" : "}")' in the flow \(sequence ? "sequence" : "mapping") opened at line \(lineNumber(collections.last?.opener ?? 0)).",
                      tok.start, tok.end)
            }
        }
        return tok
    }

    mutating func flowSequenceEntry(first: Bool) {
        guard let tok = beginFlowEntry(first: first, sequence: true) else { return }
        if tok.kind == .key {
            open(.flowPair, at: tok.start)
            open(.mappingEntry, at: tok.start)
            startCollection(.mappingStart, flow: true, node: .flowPair, start: tok.start, opener: tok.start)
            _ = consume()
            state = .flowSequenceEntryMappingKey
        } else if tok.kind == .value {
            open(.flowPair, at: tok.start)
            open(.mappingEntry, at: tok.start)
            startCollection(.mappingStart, flow: true, node: .flowPair, start: tok.start, opener: tok.start)
            emptyScalar(at: tok.start)
            state = .flowSequenceEntryMappingValue
        } else if Self.canStartNode(tok.kind, block: false) {
            states.append(.flowSequenceEntry(first: false))
            parseNode(block: false, indentless: false)
        } else {
            skipJunk(code: "unexpected-token",
                     message: "Unexpected \(describe(tok)) in the flow sequence opened at line \(lineNumber(collections.last?.opener ?? 0)).")
            state = .flowSequenceEntry(first: false)
        }
    }

    mutating func flowSequenceEntryMappingKey() {
        let tok = scanner.peek()
        if tok.kind != .value && tok.kind != .flowEntry && tok.kind != .flowSequenceEnd && !Self.isCloser(tok.kind)
            && Self.canStartNode(tok.kind, block: false) {
            states.append(.flowSequenceEntryMappingValue)
            open(.key, at: tok.start)
            parseNode(block: false, indentless: false)
        } else {
            state = .flowSequenceEntryMappingValue
            emptyScalar(at: lastTokenEnd)
        }
    }

    mutating func flowSequenceEntryMappingValue() {
        closeIf(.key)
        let tok = scanner.peek()
        if tok.kind == .value {
            _ = consume()
            nodeAfterIndicator(then: .flowSequenceEntryMappingEnd, wrapper: .value, emptyAt: tok.end, block: false,
                               indentless: false) { !Self.canStartNode($0, block: false) }
            return
        }
        state = .flowSequenceEntryMappingEnd
        emptyScalar(at: lastTokenEnd)
    }

    mutating func flowSequenceEntryMappingEnd() {
        closeIf(.value)
        closeIf(.key)
        closeIf(.mappingEntry)
        endCollection(.mappingEnd)
        state = .flowSequenceEntry(first: false)
    }

    mutating func flowMappingKey(first: Bool) {
        closeIf(.value)
        closeIf(.key)
        closeIf(.mappingEntry)
        guard let tok = beginFlowEntry(first: first, sequence: false) else { return }
        if tok.kind == .key {
            open(.mappingEntry, at: tok.start)
            _ = consume()
            nodeAfterIndicator(then: .flowMappingValue, wrapper: .key, emptyAt: tok.end, block: false, indentless: false) {
                !Self.canStartNode($0, block: false)
            }
        } else if tok.kind == .value {
            open(.mappingEntry, at: tok.start)
            state = .flowMappingValue
            emptyScalar(at: tok.start)
        } else if Self.canStartNode(tok.kind, block: false) {
            open(.mappingEntry, at: tok.start)
            states.append(.flowMappingEmptyValue)
            open(.key, at: tok.start)
            parseNode(block: false, indentless: false)
        } else {
            skipJunk(code: "unexpected-token",
                     message: "Unexpected \(describe(tok)) in the flow mapping opened at line \(lineNumber(collections.last?.opener ?? 0)).")
            state = .flowMappingKey(first: false)
        }
    }

    mutating func flowMappingValue() {
        closeIf(.key)
        let tok = scanner.peek()
        if tok.kind == .value {
            _ = consume()
            nodeAfterIndicator(then: .flowMappingKey(first: false), wrapper: .value, emptyAt: tok.end, block: false,
                               indentless: false) { !Self.canStartNode($0, block: false) }
            return
        }
        state = .flowMappingKey(first: false)
        emptyScalar(at: lastTokenEnd)
    }
}
