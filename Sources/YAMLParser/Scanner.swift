import YAMLSyntax

/// The YAML 1.2.2 token scanner: UTF-8 bytes in, ``ScannerToken``s out, in the style of libyaml
/// (implicit "simple" keys are found when their `:` arrives and a `key` token is inserted before them;
/// indentation changes produce virtual block start/end tokens).
///
/// The scanner never stops at an error: it records a ``SyntaxError`` and produces its best guess, so
/// the parser can go on. Every call to ``fetchNextToken()`` either produces a token or advances `pos`.
/// The buffer is only valid inside the `withUnsafeBufferPointer` call that created the scanner. A scanner
/// cannot be copied: it owns its token queue and key candidates (``ParserBuffer``s).
struct Scanner: ~Copyable {
    /// An implicit key candidate (one per flow level, §7.4 / §8.2.2 "implicit keys").
    struct SimpleKey {
        var possible = false
        var required = false
        var tokenNumber = 0
        var pos = 0
        var line = 0
        var column = 0
        var afterTab = false
        var tabPos = 0
    }

    let buf: UnsafeBufferPointer<UInt8>
    let n: Int
    var pos = 0
    var line = 0
    var column = 0

    private var queue = TokenQueue()
    /// Scalar values changed by escapes, folding or chomping, one after another (see
    /// ``ScannerToken/valueText``); handed over to the parse's ``ParseEvents``.
    private(set) var decoded: [UInt8] = []
    /// A reusable buffer for building one scalar value, so scanning a scalar allocates nothing.
    private var scratch: [UInt8] = []
    /// Token texts (see ``ScannerToken/payload``); `texts[0]` has payload index `textBase`.
    private var texts: [String] = []
    private var textBase = 0
    /// True while the head of the queue is known to be final (no implicit key can still be inserted
    /// before it); reset by ``next()``.
    private var ready = false
    private var head = 0
    private(set) var tokensParsed = 0
    private var streamStartProduced = false
    private var streamEndProduced = false

    /// Current block indentation column (-1 at the top level).
    private(set) var indent = -1
    private var indents: [Int] = []
    /// True when the current block indentation level (`indent`) was opened by a block sequence.
    private var indentIsSequence = false
    /// ``indentIsSequence`` of each level saved in `indents`.
    private var sequenceLevels: [Bool] = []
    private var simpleKeyAllowed = false
    private var simpleKeys = ParserBuffer<SimpleKey>(capacity: 16)
    /// How many entries of `simpleKeys` are possible (so most tokens skip the scan over all levels).
    private var possibleKeys = 0
    /// Line on which the last flow or plain scalar started (for messages).
    private var lastScalarLine = 0
    /// Position of the last ``staleSimpleKeys()`` pass.
    private var staleCheckedAt = -1
    /// Line of the last full ``staleSimpleKeys()`` pass (-1: none valid) and the smallest position at
    /// which a key still possible then, or saved on that line since, can go stale by distance
    /// (`pos + 1024`). While the scanner stays on that line and below that position, no key can have
    /// become stale (staleness depends only on the line and on the distance), so the pass is skipped:
    /// flow-heavy text would otherwise loop over every nesting level per token.
    private var staleCheckedLine = -1
    private var staleDeadline = Int.max
    private(set) var flowLevel = 0
    /// For each open flow collection, innermost last: true for a mapping.
    private var flowIsMapping: [Bool] = []
    /// True once a line of the open outermost flow collection was reported as indented too little
    /// (its later lines are then read on without another report or look ahead).
    private var flowIndentReported = false
    /// Bytes ``flowClosesBelow()`` may still read in this scan, so hostile input cannot make it quadratic.
    private var flowLookaheadBudget = 1 << 20
    /// True once the nesting limit was exceeded; the rest of the text is left unscanned (the parser then
    /// closes what is open without reporting it: `nesting-too-deep` says why the text stops).
    private(set) var aborted = false
    /// Where the nesting limit was exceeded (`Int.max` while it was not): the tokens that close what was
    /// open then start at or after this UTF-8 byte offset.
    private(set) var abortOffset = Int.max
    /// True right after a JSON-like node (quoted scalar, flow collection) in flow context, where `:`
    /// is a value indicator even when not followed by a space (§7.4.2 c-ns-flow-map-adjacent-value).
    private var afterJSONNode = false

    // Per-line state for the tab-indentation rules (§6.1: tabs never count as indentation).
    private var tokenSeenOnLine = false
    private var indentSpaces = 0
    private var wsHadTab = false
    /// The smallest indentation (in spaces) of a block line seen so far: the guess for a tab's width
    /// when a line is wrongly indented with tabs (recovery only).
    private var indentUnit = 0
    /// Position of the first tab of the whitespace before the current token (valid when `wsHadTab`).
    private var wsTabPos = 0

    /// Errors and warnings found so far (unsorted).
    var errors: [SyntaxError] = []

    /// Maximum nesting of block indentation levels plus flow collections.
    static let maxDepth = 1000

    /// False when the text holds no byte order mark (``CharacterCheck/check(_:wordwise:)``).
    let mayHoldByteOrderMark: Bool

    init(buffer: UnsafeBufferPointer<UInt8>) {
        buf = buffer
        n = buffer.count
        (errors, mayHoldByteOrderMark) = CharacterCheck.check(buffer)
    }

    // MARK: - Queue access

    /// The next token, scanning more input when needed.
    @inline(__always) mutating func peek() -> ScannerToken {
        if !ready { fetchMoreTokens() }
        if head < queue.count { return queue[head] }
        return ScannerToken(.streamEnd, start: n, end: n)
    }

    /// The kind of the next token (cheaper than ``peek()``).
    @inline(__always) mutating func peekKind() -> ScannerToken.Kind {
        if !ready { fetchMoreTokens() }
        return head < queue.count ? queue[head].kind : .streamEnd
    }

    /// Start of the first queued token that covers bytes (for error positions at virtual tokens).
    mutating func peekNonVirtualStart() -> Int {
        if !ready { fetchMoreTokens() }
        var i = head
        while i < queue.count && queue[i].isVirtual { i += 1 }
        return i < queue.count ? queue[i].start : (head < queue.count ? queue[head].start : n)
    }

    /// Removes the next token from the queue.
    mutating func next() {
        if !ready { fetchMoreTokens() }
        ready = false
        if head < queue.count {
            head += 1
            tokensParsed += 1
            if head > 64 && head * 2 > queue.count {
                queue.removeFirst(head)
                head = 0
                compactTexts()
            }
        }
    }

    /// The text stored for a token (see ``ScannerToken/payload``); empty for -1. Texts of tokens
    /// consumed long ago (more than ``textMargin`` texts back) are no longer available.
    func text(_ payload: Int) -> String {
        let i = payload - textBase
        return i >= 0 && i < texts.count ? texts[i] : ""
    }

    /// The scratch buffer, emptied, for building one scalar value; give it back with `scratch = ...`.
    private mutating func takeScratch() -> [UInt8] {
        var s = scratch
        scratch = []
        if !s.isEmpty { s.removeAll(keepingCapacity: true) }
        return s
    }

    /// Records `value` as `t`'s value, copied into ``decoded``.
    private mutating func storeDecoded(_ value: [UInt8], in t: inout ScannerToken) {
        t.valueText = .decoded
        t.valueStart = decoded.count
        decoded.append(contentsOf: value)
        t.valueEnd = decoded.count
    }

    /// Stores `s` and returns its payload index.
    mutating func store(_ s: String) -> Int {
        texts.append(s)
        return textBase + texts.count - 1
    }

    private static let textMargin = 64

    /// Drops texts that belong to tokens consumed long ago.
    private mutating func compactTexts() {
        var oldestLive = textBase + texts.count
        for i in head..<queue.count where queue[i].payload >= 0 {
            oldestLive = queue[i].payload
            break
        }
        let drop = oldestLive - Self.textMargin - textBase
        if drop > Self.textMargin {
            texts.removeFirst(drop)
            textBase += drop
        }
    }

    private mutating func fetchMoreTokens() {
        ready = true
        while true {
            if streamEndProduced && head >= queue.count { return }
            var need = head >= queue.count
            if !need {
                staleSimpleKeys()
                if possibleKeys > 0 { need = keyCandidateAtHead() }
            }
            if !need || streamEndProduced { return }
            fetchNextToken()
        }
    }

    // MARK: - Character helpers

    @inline(__always) func at(_ p: Int) -> UInt8 { p < n ? buf[p] : 0 }
    @inline(__always) static func isBlank(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 }
    @inline(__always) static func isBreak(_ c: UInt8) -> Bool { c == 0x0A || c == 0x0D }
    @inline(__always) func isBlankZ(_ p: Int) -> Bool {
        if p >= n { return true }
        let c = buf[p]
        return c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D
    }
    @inline(__always) static func isFlowIndicator(_ c: UInt8) -> Bool {
        c == UInt8(ascii: ",") || c == UInt8(ascii: "[") || c == UInt8(ascii: "]")
            || c == UInt8(ascii: "{") || c == UInt8(ascii: "}")
    }
    @inline(__always) func isFlowIndicator(at p: Int) -> Bool { p < n && Self.isFlowIndicator(buf[p]) }

    @inline(__always) mutating func advance() {
        let c = buf[pos]
        pos += 1
        if c & 0xC0 != 0x80 { column += 1 }
    }

    /// Skips one line break (`\r\n` counts as one).
    @inline(__always) mutating func skipBreak() {
        if buf[pos] == 0x0D && pos + 1 < n && buf[pos + 1] == 0x0A { pos += 2 } else { pos += 1 }
        line += 1
        column = 0
    }

    /// True at `---` or `...` in column 0 followed by a blank or the end (c-forbidden, §9.1.4).
    @inline(__always) func isDocumentIndicator() -> Bool {
        column == 0 && Self.isDocumentIndicator(buf, at: pos)
    }

    /// True when `---` or `...` followed by a blank or the end starts at `p` (the caller checks that
    /// `p` is in column 0). Static, with the buffer passed in: called as an instance method from the
    /// scanner's mutating methods, it received a copy of the whole scanner (a 272-byte `memcpy` per call).
    static func isDocumentIndicator(_ buf: UnsafeBufferPointer<UInt8>, at p: Int) -> Bool {
        let n = buf.count
        guard p + 2 < n else { return false }
        let c = buf[p]
        guard c == UInt8(ascii: "-") || c == UInt8(ascii: ".") else { return false }
        guard buf[p + 1] == c && buf[p + 2] == c else { return false }
        if p + 3 >= n { return true }
        let d = buf[p + 3]
        return d == 0x20 || d == 0x09 || d == 0x0A || d == 0x0D
    }

    mutating func error(_ code: String, _ message: String, _ start: Int, _ end: Int? = nil,
                        severity: SyntaxError.Severity = .error) {
        let s = min(start, n)
        var e = max(s, min(end ?? (s + 1), n))
        if e == s && s < n { e = s + 1 }
        errors.append(SyntaxError(range: TextRange(start: s, end: e), code: code, message: message, severity: severity))
    }

    // MARK: - Token production

    private mutating func push(_ t: ScannerToken) { queue.append(t) }

    private mutating func insert(_ t: ScannerToken, number: Int) {
        let idx = number - tokensParsed + head
        if idx >= head && idx < queue.count { queue.insert(t, at: idx) } else { queue.append(t) }
    }

    private mutating func fetchNextToken() {
        if !streamStartProduced {
            streamStartProduced = true
            indent = -1
            simpleKeyAllowed = true
            simpleKeys.removeAll()
            simpleKeys.append(SimpleKey())
            push(ScannerToken(.streamStart, start: 0, end: 0))
            return
        }
        if aborted { fetchStreamEnd(); return }
        scanToNextToken()
        if flowLevel == 0 && !tokenSeenOnLine && pos < n {
            if wsHadTab && indentSpaces <= indent {
                // The line relies on a tab for its indentation (reported below as tab-indentation).
                // Recovery: read the tab as the indentation the user meant, so the line's entries
                // keep their place among their siblings instead of becoming junk.
                column = tabExpandedColumn()
            } else if !wsHadTab && indentSpaces > 0 {
                indentUnit = indentUnit == 0 ? indentSpaces : min(indentUnit, indentSpaces)
            }
        }
        staleSimpleKeys()
        if flowLevel == 0 && indent > column { unrollIndent(column) }
        if pos >= n { fetchStreamEnd(); return }
        let c = buf[pos]
        let startOfLine = !tokenSeenOnLine
        if column == 0 {
            if c == UInt8(ascii: "%") && startOfLine { fetchDirective(); return }
            if isDocumentIndicator() {
                fetchDocumentIndicator(c == UInt8(ascii: "-") ? .documentStart : .documentEnd)
                return
            }
        }
        tokenSeenOnLine = true
        let adjacentValueAllowed = afterJSONNode && flowLevel > 0
        afterJSONNode = false
        let nextBlankZ = isBlankZ(pos + 1)
        let isBlockIndicator = flowLevel == 0 && nextBlankZ
            && (c == UInt8(ascii: "-") || c == UInt8(ascii: "?") || c == UInt8(ascii: ":"))
        if flowLevel > 0 && startOfLine && indentSpaces <= indent {
            if wsHadTab && column > indent {
                // Indented, but with a tab where spaces must come first (§6.1, s-flow-line-prefix).
                error("tab-indentation",
                      "A line inside a flow collection must start with at least \(Self.spaces(indent + 1)) before any tab.",
                      wsTabPos, pos)
            } else if (c == UInt8(ascii: "]") || c == UInt8(ascii: "}")) && flowIndentReported {
                // Already reported for this collection (one finding per mistake).
            } else if c == UInt8(ascii: "]") || c == UInt8(ascii: "}") {
                // A closing bracket at the indentation of the parent key (`key: [` ... `]`) is invalid
                // YAML 1.2 (§7.4, s-flow-line-prefix), but libyaml and Go yaml accept it and real
                // files (GitHub workflows, compose files) use it: a warning, not an error.
                error("insufficient-indentation",
                      "This closing '\(Character(Unicode.Scalar(c)))' should be indented more than the enclosing block (at least \(Self.spaces(indent + 1))); strict YAML 1.2 parsers reject it.",
                      pos, severity: .warning)
            } else if flowIndentReported || flowClosesBelow() {
                // The collection is closed further down, before any line that reads as block content:
                // its lines are only indented too little (§7.4, s-flow-line-prefix). One error for the
                // collection, and its lines stay in it (libyaml reads them so).
                if !flowIndentReported {
                    let closer = flowIsMapping.last == true ? "}" : "]"
                    error("insufficient-indentation",
                          "This line of a flow \(flowIsMapping.last == true ? "mapping" : "sequence") is indented too little: inside a block, the lines of a flow collection are indented more than the block (at least \(Self.spaces(indent + 1))); it is read as part of the collection, which ends at its '\(closer)'.",
                          pos, pos + 1)
                    flowIndentReported = true
                }
            } else {
                // Most likely a missing closing bracket: leave flow context here; the parser reports
                // the unclosed collections and the line is scanned as block content.
                push(ScannerToken(.flowBreak, start: pos, end: pos))
                resetFlow()
                unrollIndent(column)
                simpleKeyAllowed = true
                tokenSeenOnLine = false
                fetchNextToken()
                return
            }
        } else if flowLevel == 0 && wsHadTab {
            if isBlockIndicator && (startOfLine || c != UInt8(ascii: ":")) {
                error("tab-indentation", "A tab cannot be used as indentation before '\(Character(Unicode.Scalar(c)))'; use spaces.",
                      wsTabPos, pos)
            } else if startOfLine && !isBlockIndicator && indentSpaces <= indent {
                error("tab-indentation", "A tab cannot be used as indentation; indent this line with spaces.", wsTabPos, pos)
            }
        }
        switch c {
        case UInt8(ascii: "["): fetchFlowCollectionStart(.flowSequenceStart)
        case UInt8(ascii: "{"): fetchFlowCollectionStart(.flowMappingStart)
        case UInt8(ascii: "]"): fetchFlowCollectionEnd(.flowSequenceEnd)
        case UInt8(ascii: "}"): fetchFlowCollectionEnd(.flowMappingEnd)
        case UInt8(ascii: ","): fetchFlowEntry()
        case UInt8(ascii: "-") where nextBlankZ: fetchBlockIndicator(.blockEntry)
        case UInt8(ascii: "?") where nextBlankZ || (flowLevel > 0 && isFlowIndicator(at: pos + 1)): fetchBlockIndicator(.key)
        case UInt8(ascii: ":") where nextBlankZ || (flowLevel > 0 && (isFlowIndicator(at: pos + 1) || adjacentValueAllowed)):
            fetchValue()
        case UInt8(ascii: "*"): fetchAnchor(alias: true)
        case UInt8(ascii: "&"): fetchAnchor(alias: false)
        case UInt8(ascii: "!"): fetchTag()
        case UInt8(ascii: "|"), UInt8(ascii: ">"):
            if flowLevel == 0 {
                fetchBlockScalar()
            } else {
                error("block-in-flow", "A block scalar ('\(Character(Unicode.Scalar(c)))') cannot appear inside a flow collection; quote the text.", pos)
                advance()
            }
        case UInt8(ascii: "'"), UInt8(ascii: "\""): fetchFlowScalar(single: c == UInt8(ascii: "'"))
        default:
            if canStartPlain(at: pos) {
                fetchPlainScalar()
            } else {
                let start = pos
                advance()
                while pos < n && buf[pos] & 0xC0 == 0x80 { pos += 1 }
                if c == UInt8(ascii: "@") || c == UInt8(ascii: "`") {
                    error("reserved-indicator", "'\(Character(Unicode.Scalar(c)))' is a reserved indicator and cannot start a plain scalar; quote the text.", start, pos)
                } else if c == UInt8(ascii: "%") {
                    error("unexpected-character", "'%' can only start a directive at the beginning of a line before '---'; quote the text.", start, pos)
                } else if c == UInt8(ascii: "-") || c == UInt8(ascii: "?") || c == UInt8(ascii: ":") {
                    error("unexpected-character", "'\(Character(Unicode.Scalar(c)))' is not allowed here; quote the text.", start, pos)
                } else {
                    error("unexpected-character", "This character cannot start a YAML token.", start, pos)
                }
            }
        }
    }

    /// True when the character at `p` can start a plain scalar here (§7.3.3 ns-plain-first).
    @inline(__always) private func canStartPlain(at p: Int) -> Bool {
        Self.canStartPlain(buf, at: p, inFlow: flowLevel > 0)
    }

    /// True when the character at `p` can start a plain scalar, in flow context when `inFlow` (§7.3.3
    /// ns-plain-first). Static for the reason given at ``isDocumentIndicator(_:at:)``.
    static func canStartPlain(_ buf: UnsafeBufferPointer<UInt8>, at p: Int, inFlow: Bool) -> Bool {
        switch buf[p] {
        case UInt8(ascii: "-"), UInt8(ascii: "?"), UInt8(ascii: ":"):
            let n = buf.count
            if p + 1 >= n { return false }
            let d = buf[p + 1]
            if d == 0x20 || d == 0x09 || d == 0x0A || d == 0x0D { return false }
            return !(inFlow && isFlowIndicator(d))
        case UInt8(ascii: ","), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"),
             UInt8(ascii: "#"), UInt8(ascii: "&"), UInt8(ascii: "*"), UInt8(ascii: "!"), UInt8(ascii: "|"),
             UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "%"), UInt8(ascii: "@"),
             UInt8(ascii: "`"), 0x20, 0x09, 0x0A, 0x0D:
            return false
        default:
            return true
        }
    }

    /// Skips whitespace, comments and line breaks up to the next token (§6.6, §6.7).
    private mutating func scanToNextToken() {
        if tokenSeenOnLine { wsHadTab = false }
        while true {
            // Byte order marks at the start of a line begin document prefixes (§9.1.1 [202]; `BOM BOM` is
            // two of them); they take no column. ``CharacterCheck`` reports those that stand elsewhere.
            while column == 0 && DocumentPrefixCheck.isMark(buf, at: pos) {
                pos += 3
            }
            while pos < n {
                let c = buf[pos]
                if c == 0x20 {
                    if !tokenSeenOnLine && !wsHadTab { indentSpaces += 1 }
                    pos += 1; column += 1
                } else if c == 0x09 {
                    if !wsHadTab { wsTabPos = pos }
                    wsHadTab = true
                    pos += 1; column += 1
                } else {
                    break
                }
            }
            if pos < n && buf[pos] == UInt8(ascii: "#") {
                if pos > 0 {
                    let p = buf[pos - 1]
                    if !(Self.isBlank(p) || Self.isBreak(p) || p == 0xBF) {
                        error("comment-without-space", "A comment must be separated from the content before it by a space.", pos)
                    }
                }
                while pos < n && !Self.isBreak(buf[pos]) { pos += 1 }
            }
            if pos < n && Self.isBreak(buf[pos]) {
                skipBreak()
                tokenSeenOnLine = false
                indentSpaces = 0
                wsHadTab = false
                if flowLevel == 0 { simpleKeyAllowed = true }
            } else {
                break
            }
        }
    }

    // MARK: - Simple keys and indentation

    @inline(__always) private mutating func staleSimpleKeys() {
        // Nothing can have become stale unless the scanner moved since the last check.
        if pos == staleCheckedAt { return }
        staleCheckedAt = pos
        if possibleKeys == 0 { return }
        if line == staleCheckedLine && pos <= staleDeadline { return }
        staleSimpleKeysMoved()
    }

    /// ``staleSimpleKeys()`` when a key may have become stale.
    private mutating func staleSimpleKeysMoved() {
        let lineAtStart = line
        staleCheckedLine = line
        staleDeadline = Int.max
        defer {
            // Recovery below may move the scanner; then the next call checks in full again.
            if line != lineAtStart { staleCheckedLine = -1 }
        }
        for i in possibleKeyRange() where simpleKeys[i].possible {
            defer {
                if i < simpleKeys.count && simpleKeys[i].possible {
                    staleDeadline = min(staleDeadline, simpleKeys[i].pos + 1024)
                }
            }
            let k = simpleKeys[i]
            // Implicit keys are single-line (and at most 1024 characters) in block context and in flow
            // sequences (§7.4.1 ns-flow-pair, §8.2.2); in a flow mapping the ':' may follow on a later line.
            // simpleKeys[i] belongs to flow level i, whose kind is flowIsMapping[i - 1].
            let inFlowMapping = i > 0 && i - 1 < flowIsMapping.count && flowIsMapping[i - 1]
            // A block key longer than 1024 characters stays a candidate on its own line: its ':'
            // reports the limit and is still read as a value indicator (recovery; see fetchValue).
            // Inside flow collections candidates go after 1024 bytes, so the token queue and the
            // per-token work stay bounded on a huge line.
            if (k.line < line && !inFlowMapping) || (k.pos + 1024 < pos && (i > 0 || flowLevel > 0)) {
                simpleKeys[i].possible = false
                possibleKeys -= 1
                if k.required {
                    requiredKeyWithoutColon(k)
                } else if i == 0 && flowLevel == 0 && k.line < line && column == k.column && !tokenSeenOnLine
                            && candidateIsScalar(k) && lineLooksLikeImplicitKey(at: pos) {
                    // `first` then `line: v` below it at the same column: the user is typing a key
                    // whose ':' is still missing. Make it a key with an empty value of a new mapping.
                    error("missing-colon", missingColonMessage(k, "the next line is a 'key: value' entry at the same indentation"),
                          k.pos, keyEnd(k))
                    recoverKeyWithoutColon(k)
                }
            }
        }
    }

    /// True when a possible simple key starts at the head of the queue (so a `key` token may still be
    /// inserted before it). Usually only the innermost level needs a look.
    @inline(__always) private func keyCandidateAtHead() -> Bool {
        let last = simpleKeys.count - 1
        let innermost = simpleKeys[last]
        if innermost.possible && innermost.tokenNumber == tokensParsed { return true }
        if possibleKeys <= (innermost.possible ? 1 : 0) { return false }
        for i in 0..<last where simpleKeys[i].possible && simpleKeys[i].tokenNumber == tokensParsed { return true }
        return false
    }

    /// The levels of `simpleKeys` that can hold a possible key: usually only the innermost one, so
    /// per-token work does not grow with the nesting depth.
    private func possibleKeyRange() -> Range<Int> {
        let last = simpleKeys.count - 1
        return possibleKeys > (simpleKeys[last].possible ? 1 : 0) ? 0..<simpleKeys.count : last..<simpleKeys.count
    }

    private mutating func saveSimpleKey() {
        let required = flowLevel == 0 && indent == column
        if simpleKeyAllowed {
            removeSimpleKey()
            simpleKeys[simpleKeys.count - 1] = SimpleKey(
                possible: true, required: required, tokenNumber: tokensParsed + (queue.count - head),
                pos: pos, line: line, column: column, afterTab: wsHadTab && flowLevel == 0, tabPos: wsTabPos)
            possibleKeys += 1
            if line == staleCheckedLine { staleDeadline = min(staleDeadline, pos + 1024) } else { staleCheckedLine = -1 }
        }
    }

    /// End of the first token of a key candidate, for error ranges (one byte when it is gone).
    private func keyEnd(_ k: SimpleKey) -> Int {
        let idx = k.tokenNumber - tokensParsed + head
        return idx >= head && idx < queue.count && queue[idx].start == k.pos ? queue[idx].end : k.pos + 1
    }

    private mutating func removeSimpleKey() {
        let i = simpleKeys.count - 1
        // Most calls find no possible key: one read, no write.
        if !simpleKeys[i].possible { return }
        let k = simpleKeys[i]
        possibleKeys -= 1
        simpleKeys[i].possible = false
        if k.required { requiredKeyWithoutColon(k) }
    }

    /// A key candidate at the indentation of the open block collection that no ':' followed. Inside a
    /// block sequence it is a stray line, not a key (§8.2.1: every line there starts with '- '): the
    /// parser reports it (`expected-sequence-entry`) where it skips it, and no key is invented. `-b`
    /// under `- a` is a '-' without the space that makes it an entry indicator (`expected-sequence-entry`
    /// too). Otherwise it is a mapping key without its ':' (`missing-colon`). Outside a sequence the
    /// candidate stays a key with an empty value (recovery).
    private mutating func requiredKeyWithoutColon(_ k: SimpleKey) {
        if indentIsSequence && k.column == indent { return }
        let end = keyEnd(k)
        if end - k.pos >= 2, buf[k.pos] == UInt8(ascii: "-"), !isBlankZ(k.pos + 1), previousEntryIsSequenceItem(k) {
            let word = String(decoding: UnsafeBufferPointer(rebasing: buf[k.pos..<end]), as: UTF8.self)
            error("expected-sequence-entry", StrayLineMessage.dashWithoutSpace(word), k.pos, end)
        } else {
            error("missing-colon", missingColonMessage(k, "each line at this indentation of a block mapping must be a 'key: value' entry"),
                  k.pos, end)
        }
        recoverKeyWithoutColon(k)
    }

    /// True when the nearest line above key candidate `k` that is indented no more than it starts with
    /// a `- ` entry at its column (blank and comment lines skipped; at most 1000 lines back).
    /// `1 space`, `2 spaces`, ...
    static func spaces(_ count: Int) -> String { count == 1 ? "1 space" : "\(count) spaces" }

    private func previousEntryIsSequenceItem(_ k: SimpleKey) -> Bool {
        var p = k.pos
        while p > 0 && !Self.isBreak(buf[p - 1]) { p -= 1 }
        let column = k.pos - p       // in bytes, as below
        var lines = 0
        while p > 0 && lines < 1000 {
            lines += 1
            var start = p - 1        // the previous line's break
            if start > 0 && buf[start] == 0x0A && buf[start - 1] == 0x0D { start -= 1 }
            while start > 0 && !Self.isBreak(buf[start - 1]) { start -= 1 }
            var q = start
            while q < n && buf[q] == 0x20 { q += 1 }
            p = start
            if q >= n || Self.isBreak(buf[q]) || buf[q] == UInt8(ascii: "#") { continue }
            if q - start > column { continue }
            return q - start == column && buf[q] == UInt8(ascii: "-") && isBlankZ(q + 1)
        }
        return false
    }

    /// The `missing-colon` message for key candidate `k`, giving `reason`. A plain key such as
    /// `name:app` gets a hint instead: its ':' is not followed by a space, so it is no indicator (§7.3.3).
    private func missingColonMessage(_ k: SimpleKey, _ reason: String) -> String {
        let end = keyEnd(k)
        if buf[k.pos] != UInt8(ascii: "\"") && buf[k.pos] != UInt8(ascii: "'") {
            var p = k.pos
            while p + 1 < end {
                if buf[p] == UInt8(ascii: ":") && !isBlankZ(p + 1) {
                    return "Expected ': ' after this mapping key; a ':' must be followed by a space to separate a key from its value."
                }
                p += 1
            }
        }
        return "Expected ':' after this mapping key; \(reason)."
    }

    /// The column of `pos` with each tab of the line's leading whitespace advancing to the next multiple
    /// of the indentation step seen so far in the text (2 when none yet): a recovery guess only, for a
    /// line that already gets a `tab-indentation` error (§6.1: YAML indents with spaces).
    private func tabExpandedColumn() -> Int {
        var start = pos
        while start > 0 && Self.isBlank(buf[start - 1]) { start -= 1 }
        let unit = indentUnit > 0 ? indentUnit : 2
        var col = 0
        for p in start..<pos { col = buf[p] == 0x09 ? (col / unit + 1) * unit : col + 1 }
        return col
    }

    /// True when the first token of key candidate `k` is a scalar still in the queue (not properties
    /// such as `!GetAZs`, which may stand above the mapping they belong to).
    private func candidateIsScalar(_ k: SimpleKey) -> Bool {
        let idx = k.tokenNumber - tokensParsed + head
        return idx >= head && idx < queue.count && queue[idx].start == k.pos && queue[idx].kind == .scalar
    }

    /// Error recovery for a block mapping key typed without its ':' (`vers` above `owner: me`): the
    /// key candidate `k` becomes a key with an empty value (opening a mapping at its column if none is
    /// open), so the tree, the outline and completion still see it. Does nothing once the candidate's
    /// first token has left the queue.
    private mutating func recoverKeyWithoutColon(_ k: SimpleKey) {
        let idx = k.tokenNumber - tokensParsed + head
        guard flowLevel == 0, idx >= head, idx < queue.count, queue[idx].start == k.pos else { return }
        let before = queue.count
        insert(ScannerToken(.key, start: k.pos, end: k.pos), number: k.tokenNumber)
        // A required key sits at the indentation of its open mapping (which may already be closed by
        // the end of the stream or a document marker: its BLOCK-END then follows the key, as it should).
        if !k.required { rollIndent(k.column, number: k.tokenNumber, kind: .blockMappingStart, at: k.pos) }
        let added = queue.count - before
        // Later key candidates now sit `added` tokens further on.
        for j in simpleKeys.indices where simpleKeys[j].possible && simpleKeys[j].tokenNumber >= k.tokenNumber {
            simpleKeys[j].tokenNumber += added
        }
    }

    /// At the start of a line inside flow context that is indented no more than the enclosing block:
    /// true when the open flow collections are all closed further down before any line at that
    /// indentation reads as block content (`key: value`, `- `, a document marker). Quoted scalars and
    /// comments are skipped. Reads at most ``flowLookaheadBudget`` bytes in a whole scan.
    private mutating func flowClosesBelow() -> Bool {
        var depth = flowLevel
        var p = pos
        var atLineStart = true
        var previous: UInt8 = 0x20
        while p < n {
            if flowLookaheadBudget <= 0 { return false }
            flowLookaheadBudget -= 1
            if atLineStart {
                atLineStart = false
                var q = p
                while q < n && buf[q] == 0x20 { q += 1 }
                flowLookaheadBudget -= q - p
                let lineStart = p
                p = q
                if q >= n { return false }
                if Self.isBreak(buf[q]) { atLineStart = true; p = q + 1; continue }
                if q - lineStart <= indent && buf[q] != UInt8(ascii: "]") && buf[q] != UInt8(ascii: "}") {
                    if q == lineStart && q + 3 <= n && (buf[q..<q + 3].elementsEqual("---".utf8) || buf[q..<q + 3].elementsEqual("...".utf8))
                        && isBlankZ(q + 3) { return false }
                    if buf[q] == UInt8(ascii: "-") && isBlankZ(q + 1) { return false }
                    if lineLooksLikeImplicitKey(at: q) { return false }
                }
                previous = 0x20
                continue
            }
            let c = buf[p]
            let afterSeparator = previous == 0x20 || previous == 0x09 || previous == UInt8(ascii: "[")
                || previous == UInt8(ascii: "{") || previous == UInt8(ascii: ",") || previous == UInt8(ascii: ":")
            if Self.isBreak(c) {
                atLineStart = true
                p += (c == 0x0D && p + 1 < n && buf[p + 1] == 0x0A) ? 2 : 1
                continue
            } else if c == UInt8(ascii: "#") && afterSeparator {
                let from = p
                while p < n && !Self.isBreak(buf[p]) { p += 1 }
                flowLookaheadBudget -= p - from
                continue
            } else if (c == UInt8(ascii: "'") || c == UInt8(ascii: "\"")) && afterSeparator {
                p += 1
                while p < n {
                    flowLookaheadBudget -= 1
                    if c == UInt8(ascii: "\"") && buf[p] == UInt8(ascii: "\\") { p += 2; continue }
                    if buf[p] == c {
                        if c == UInt8(ascii: "'") && p + 1 < n && buf[p + 1] == c { p += 2; continue }
                        break
                    }
                    p += 1
                }
            } else if c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
                depth += 1
            } else if c == UInt8(ascii: "]") || c == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return true }
            }
            previous = c
            p += 1
        }
        return false
    }

    /// True when the line from `p` reads as an implicit block mapping key: text that can start a plain
    /// scalar, then ':' followed by a blank or the end of the line, before any ` #` comment and within
    /// 1024 bytes (§8.2.2, ns-l-block-map-implicit-entry). A plain scalar never continues onto such a
    /// line: it would end at that ':' as an invalid multi-line implicit key.
    private func lineLooksLikeImplicitKey(at p: Int) -> Bool {
        guard p < n, canStartPlain(at: p) else { return false }
        var q = p + 1
        while q < n && q - p <= 1024 && !Self.isBreak(buf[q]) {
            if buf[q] == UInt8(ascii: ":") && isBlankZ(q + 1) { return true }
            if buf[q] == UInt8(ascii: "#") && Self.isBlank(buf[q - 1]) { return false }
            q += 1
        }
        return false
    }

    private mutating func rollIndent(_ col: Int, number: Int, kind: ScannerToken.Kind, at p: Int) {
        if flowLevel > 0 { return }
        if indent < col {
            indents.append(indent)
            sequenceLevels.append(indentIsSequence)
            indent = col
            indentIsSequence = kind == .blockSequenceStart
            if indents.count + flowLevel > Self.maxDepth { abort(at: p) }
            let t = ScannerToken(kind, start: p, end: p)
            if number < 0 { push(t) } else { insert(t, number: number) }
        }
    }

    private mutating func unrollIndent(_ col: Int) {
        if flowLevel > 0 { return }
        while indent > col {
            push(ScannerToken(.blockEnd, start: pos, end: pos))
            indent = indents.removeLast()
            indentIsSequence = sequenceLevels.removeLast()
        }
    }

    private mutating func abort(at p: Int) {
        if !aborted {
            error("nesting-too-deep",
                  "This collection opens nesting level \(Self.maxDepth + 1), deeper than the limit of \(Self.maxDepth) levels (block indentation and flow brackets together); the text from here to its end is not parsed.",
                  p, p + 1)
            abortOffset = p
        }
        aborted = true
    }

    // MARK: - Fetchers

    private mutating func fetchStreamEnd() {
        if column != 0 { column = 0; line += 1 }
        resetFlow()
        unrollIndent(-1)
        removeSimpleKey()
        simpleKeyAllowed = false
        streamEndProduced = true
        push(ScannerToken(.streamEnd, start: n, end: n))
    }

    /// Leaves flow context at a document boundary (unclosed collections are reported by the parser).
    private mutating func resetFlow() {
        flowIndentReported = false
        if flowLevel > 0 {
            flowLevel = 0
            simpleKeys.removeAll(keepingFirst: 1)
            possibleKeys = simpleKeys[0].possible ? 1 : 0
            flowIsMapping = []
        }
    }

    private mutating func fetchDocumentIndicator(_ kind: ScannerToken.Kind) {
        resetFlow()
        unrollIndent(-1)
        removeSimpleKey()
        simpleKeyAllowed = false
        let start = pos
        pos += 3; column += 3
        tokenSeenOnLine = true
        push(ScannerToken(kind, start: start, end: pos))
        if kind == .documentEnd {
            var p = pos
            while p < n && Self.isBlank(buf[p]) { p += 1 }
            if p < n && !Self.isBreak(buf[p]) && buf[p] != UInt8(ascii: "#") {
                error("content-after-document-end", "Only a comment may follow the '...' document end marker on its line.", p)
                // Recovery: skip the rest of the line (it stays in the tree as an error token), so the
                // next line starts clean instead of being read as a continuation of the junk.
                while pos < n && !Self.isBreak(buf[pos]) && !(buf[pos] == UInt8(ascii: "#") && Self.isBlank(buf[pos - 1])) {
                    advance()
                }
            }
        }
    }

    private mutating func fetchFlowCollectionStart(_ kind: ScannerToken.Kind) {
        saveSimpleKey()
        flowLevel += 1
        flowIsMapping.append(kind == .flowMappingStart)
        simpleKeys.append(SimpleKey())
        if indents.count + flowLevel > Self.maxDepth { abort(at: pos); return }
        simpleKeyAllowed = true
        let start = pos
        advance()
        push(ScannerToken(kind, start: start, end: pos))
    }

    private mutating func fetchFlowCollectionEnd(_ kind: ScannerToken.Kind) {
        removeSimpleKey()
        if flowLevel > 0 {
            flowLevel -= 1
            if simpleKeys.popLast()?.possible == true { possibleKeys -= 1 }
            flowIsMapping.removeLast()
        }
        if flowLevel == 0 { flowIndentReported = false }
        simpleKeyAllowed = false
        let start = pos
        advance()
        if flowLevel > 0 { afterJSONNode = true }
        push(ScannerToken(kind, start: start, end: pos))
    }

    private mutating func fetchFlowEntry() {
        removeSimpleKey()
        simpleKeyAllowed = true
        let start = pos
        advance()
        push(ScannerToken(.flowEntry, start: start, end: pos))
    }

    /// Fetches `- ` (block sequence entry) or `? ` (explicit mapping key); in block context either
    /// may open a collection at its column (§8.2.1, §8.2.2).
    private mutating func fetchBlockIndicator(_ kind: ScannerToken.Kind) {
        let entry = kind == .blockEntry
        if flowLevel == 0 {
            if !simpleKeyAllowed {
                error(entry ? "invalid-block-entry" : "invalid-explicit-key",
                      "\(entry ? "A block sequence entry ('- ')" : "An explicit key ('? ')") cannot start here; put it on its own line.",
                      pos)
            }
            rollIndent(column, number: -1, kind: entry ? .blockSequenceStart : .blockMappingStart, at: pos)
        }
        removeSimpleKey()
        simpleKeyAllowed = entry || flowLevel == 0
        let start = pos
        advance()
        push(ScannerToken(kind, start: start, end: pos))
    }

    private mutating func fetchValue() {
        let i = simpleKeys.count - 1
        let k = simpleKeys[i]
        if k.possible {
            // At most 1024 characters from the key's start to the ':' (§7.4.2 ns-s-implicit-yaml-key):
            // counted in characters (columns) on one line, in bytes for a flow key spanning lines.
            if (k.line == line ? column - k.column : pos - k.pos) > 1024 {
                error("invalid-mapping-value",
                      "This implicit key is longer than 1024 characters; write '? ' before a longer key.", k.pos, keyEnd(k))
            }
            insert(ScannerToken(.key, start: k.pos, end: k.pos), number: k.tokenNumber)
            rollIndent(k.column, number: k.tokenNumber, kind: .blockMappingStart, at: k.pos)
            if flowLevel == 0 && k.afterTab {
                error("tab-indentation", "A tab cannot be used as indentation before a mapping key; use spaces.", k.tabPos, k.pos)
            }
            simpleKeys[i].possible = false
            possibleKeys -= 1
            simpleKeyAllowed = false
        } else {
            if flowLevel == 0 {
                if !simpleKeyAllowed {
                    error("invalid-mapping-value", invalidValueMessage(), pos)
                    // Recovery: the ':' starts no value (it stays in the tree as an error token), so
                    // `image: nginx: latest` does not invent an entry with an empty key.
                    advance()
                    return
                } else {
                    rollIndent(column, number: -1, kind: .blockMappingStart, at: pos)
                }
            }
            simpleKeyAllowed = flowLevel == 0
        }
        let start = pos
        advance()
        push(ScannerToken(.value, start: start, end: pos))
    }

    /// Explains a ':' that cannot start a mapping value, from what came just before it.
    private func invalidValueMessage() -> String {
        if let last = queue.last, last.kind == .scalar, last.end >= pos - 1024 {
            if lastScalarLine < line {
                return "':' is not allowed here: the text before it continues the scalar that starts on line \(lastScalarLine + 1), and an implicit key must fit on one line; check the indentation of this line."
            }
            if let first = simpleKeys.last, first.pos + 1024 < pos, first.line == line {
                return "':' is not allowed here: an implicit key can be at most 1024 characters long; write '? ' before a longer key."
            }
        }
        return "':' is not allowed here: a value cannot itself be a 'key: value' on the same line; quote the value or start a nested block on the next line."
    }

    private mutating func fetchAnchor(alias: Bool) {
        saveSimpleKey()
        simpleKeyAllowed = false
        let start = pos
        advance()
        let nameStart = pos
        while pos < n && !isBlankZ(pos) && !Self.isFlowIndicator(buf[pos]) { pos += 1 }
        column += pos - nameStart
        if pos == nameStart {
            error(alias ? "invalid-alias" : "invalid-anchor",
                  "Expected a name after '\(alias ? "*" : "&")'.", start)
        }
        var t = ScannerToken(alias ? .alias : .anchor, start: start, end: pos)
        t.valueText = .source
        t.valueStart = nameStart
        t.valueEnd = pos
        push(t)
    }

    private mutating func fetchTag() {
        saveSimpleKey()
        simpleKeyAllowed = false
        let start = pos
        var t = ScannerToken(.tag, start: start, end: start)
        var handle = ""
        var suffix = ""
        if at(pos + 1) == UInt8(ascii: "<") {
            pos += 2
            let s = pos
            while pos < n && buf[pos] != UInt8(ascii: ">") && !isBlankZ(pos) { pos += 1 }
            let uri = String(decoding: UnsafeBufferPointer(rebasing: buf[s..<pos]), as: UTF8.self)
            if at(pos) == UInt8(ascii: ">") && pos > s {
                pos += 1
            } else {
                error("invalid-tag", "A verbatim tag '!<...>' needs a URI and a closing '>'.", start, pos)
            }
            handle = ""
            suffix = uri
        } else {
            // Handle: '!' word-chars '!' or just '!'.
            var p = pos + 1
            while p < n && (Self.isWordChar(buf[p])) { p += 1 }
            var handleEnd = pos + 1
            if p < n && buf[p] == UInt8(ascii: "!") { handleEnd = p + 1 }
            let s = handleEnd
            var q = s
            while q < n && !isBlankZ(q) && !Self.isFlowIndicator(buf[q]) { q += 1 }
            handle = String(decoding: UnsafeBufferPointer(rebasing: buf[pos..<handleEnd]), as: UTF8.self)
            suffix = String(decoding: UnsafeBufferPointer(rebasing: buf[s..<q]), as: UTF8.self)
            if handle == "!" && suffix.isEmpty {
                handle = ""
                suffix = "!"
            } else if suffix.isEmpty {
                error("invalid-tag", "The tag handle '\(handle)' needs a suffix, e.g. '\(handle)str'.", start, q)
            }
            if suffix.utf8.contains(UInt8(ascii: "!")) && handle != "" {
                error("invalid-tag", "A tag suffix cannot contain '!'.", start, q)
            }
            pos = q
        }
        column += pos - start
        t.end = pos
        t.payload = store(handle)
        _ = store(suffix)
        if pos < n && !isBlankZ(pos) && !(flowLevel > 0 && Self.isFlowIndicator(buf[pos])) {
            error("invalid-tag", "A tag must be followed by a space.", pos)
        } else if flowLevel == 0 && pos < n && Self.isFlowIndicator(buf[pos]) {
            error("invalid-tag", "A tag must be followed by a space.", pos)
        }
        push(t)
    }

    @inline(__always) static func isWordChar(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == UInt8(ascii: "-")
    }

    private mutating func fetchDirective() {
        resetFlow()
        unrollIndent(-1)
        removeSimpleKey()
        simpleKeyAllowed = false
        tokenSeenOnLine = true
        let start = pos
        advance()
        let nameStart = pos
        while pos < n && !isBlankZ(pos) { pos += 1 }
        let name = String(decoding: UnsafeBufferPointer(rebasing: buf[nameStart..<pos]), as: UTF8.self)
        var t = ScannerToken(.reservedDirective, start: start, end: pos)
        func skipBlanks(_ p: inout Int) { while p < n && Self.isBlank(buf[p]) { p += 1 } }
        func word(_ p: inout Int) -> String {
            let s = p
            while p < n && !isBlankZ(p) { p += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: buf[s..<p]), as: UTF8.self)
        }
        var p = pos
        if name == "YAML" {
            t.kind = .versionDirective
            skipBlanks(&p)
            let v = word(&p)
            t.payload = store(v)
            let parts = v.split(separator: ".", omittingEmptySubsequences: false)
            if parts.count != 2 || parts.contains(where: { $0.isEmpty || !$0.allSatisfy({ $0.isASCII && $0.isNumber }) }) {
                error("invalid-directive", "Expected a version such as '1.2' after %YAML.", start, max(p, start + 5))
            }
            pos = p
        } else if name == "TAG" {
            t.kind = .tagDirective
            skipBlanks(&p)
            let handle = word(&p)
            skipBlanks(&p)
            let prefix = word(&p)
            t.payload = store(handle)
            _ = store(prefix)
            let hb = Array(handle.utf8)
            let validHandle = hb.first == UInt8(ascii: "!") && (hb.count == 1 || (hb.last == UInt8(ascii: "!")
                && hb.dropFirst().dropLast().allSatisfy(Self.isWordChar)))
            if !validHandle || prefix.isEmpty {
                error("invalid-directive", "Expected '%TAG <handle> <prefix>', e.g. '%TAG !e! tag:example.com,2000:'.", start, max(p, start + 4))
            }
            pos = p
        } else {
            // Reserved directive: parameters up to a comment.
            while true {
                var q = p
                skipBlanks(&q)
                if q >= n || Self.isBreak(buf[q]) || (buf[q] == UInt8(ascii: "#") && q > p) { break }
                _ = word(&q)
                p = q
            }
            pos = p
            error("unknown-directive", "Unknown directive '%\(name)' is ignored.", start, pos, severity: .warning)
        }
        column += pos - nameStart
        t.end = pos
        // Only a comment may follow.
        var q = pos
        skipBlanks(&q)
        if q < n && !Self.isBreak(buf[q]) && !(buf[q] == UInt8(ascii: "#") && q > pos) {
            error("invalid-directive", "Unexpected text after the directive; only a comment may follow.", q)
            while q < n && !Self.isBreak(buf[q]) { q += 1 }
            column += q - pos
            pos = q
        }
        push(t)
    }

    // MARK: - Scalars

    private mutating func fetchBlockScalar() {
        removeSimpleKey()
        simpleKeyAllowed = true
        scanBlockScalar()
    }

    private mutating func fetchFlowScalar(single: Bool) {
        lastScalarLine = line
        saveSimpleKey()
        simpleKeyAllowed = false
        scanFlowScalar(single: single)
    }

    private mutating func fetchPlainScalar() {
        lastScalarLine = line
        saveSimpleKey()
        simpleKeyAllowed = false
        scanPlainScalar()
    }

    /// Scans a literal or folded block scalar (§8.1).
    private mutating func scanBlockScalar() {
        let start = pos
        let literal = buf[pos] == UInt8(ascii: "|")
        advance()
        var chomping = 0
        var increment = 0
        func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
        if at(pos) == UInt8(ascii: "+") || at(pos) == UInt8(ascii: "-") {
            chomping = at(pos) == UInt8(ascii: "+") ? 1 : -1
            advance()
            if isDigit(at(pos)) {
                increment = Int(at(pos) - 0x30)
                if increment == 0 { error("invalid-block-scalar-header", "The indentation indicator must be 1 to 9.", pos) }
                advance()
            }
        } else if isDigit(at(pos)) {
            increment = Int(at(pos) - 0x30)
            if increment == 0 { error("invalid-block-scalar-header", "The indentation indicator must be 1 to 9.", pos) }
            advance()
            if at(pos) == UInt8(ascii: "+") || at(pos) == UInt8(ascii: "-") {
                chomping = at(pos) == UInt8(ascii: "+") ? 1 : -1
                advance()
            }
        }
        let headerEnd = pos
        while pos < n && Self.isBlank(buf[pos]) { advance() }
        if pos < n && buf[pos] == UInt8(ascii: "#") {
            if pos == headerEnd {
                error("comment-without-space", "A comment must be separated from the block scalar header by a space.", pos)
            }
            while pos < n && !Self.isBreak(buf[pos]) { pos += 1 }
        }
        if pos < n && !Self.isBreak(buf[pos]) {
            error("invalid-block-scalar-header",
                  "Expected a line break after the block scalar header ('|' or '>' with optional indentation and chomping indicators).", pos)
            while pos < n && !Self.isBreak(buf[pos]) { pos += 1 }
        }
        if pos < n { skipBreak() }
        let contentStart = pos
        var contentEnd = pos
        let parentIndent = indent
        let minIndent = max(parentIndent + 1, 0)
        var blockIndent: Int
        var trailing: [UInt8] = []
        if increment > 0 {
            blockIndent = (parentIndent >= 0 ? parentIndent : 0) + increment
            scanBlockBreaks(indent: blockIndent, auto: false, minIndent: minIndent, trailing: &trailing, contentEnd: &contentEnd)
        } else {
            let maxBlank = scanBlockBreaks(indent: 0, auto: true, minIndent: minIndent, trailing: &trailing, contentEnd: &contentEnd)
            if pos < n {
                let firstContent = column
                if firstContent >= minIndent {
                    blockIndent = firstContent
                    if maxBlank > firstContent {
                        error("block-scalar-indentation",
                              "A leading empty line of this block scalar has more spaces than its first content line.",
                              contentStart, pos)
                    }
                } else {
                    blockIndent = minIndent
                }
            } else {
                blockIndent = max(minIndent, 1)
            }
        }
        var string = takeScratch()
        var leadingBreak = false
        var leadingBlank = false
        while column == blockIndent && pos < n && !Self.isBreak(buf[pos]) {
            // A document marker, or a byte order mark (never content, nb-char excludes it), ends the text.
            if column == 0 && (isDocumentIndicator() || DocumentPrefixCheck.isMark(buf, at: pos)) { break }
            let trailingBlank = Self.isBlank(buf[pos])
            if !literal && leadingBreak && !leadingBlank && !trailingBlank {
                if trailing.isEmpty { string.append(0x20) }
            } else if leadingBreak {
                string.append(0x0A)
            }
            leadingBreak = false
            string.append(contentsOf: trailing)
            trailing.removeAll()
            leadingBlank = trailingBlank
            let ls = pos
            while pos < n && !Self.isBreak(buf[pos]) { pos += 1 }
            string.append(contentsOf: UnsafeBufferPointer(rebasing: buf[ls..<pos]))
            column += pos - ls
            contentEnd = pos
            if pos >= n { leadingBreak = true; break }
            skipBreak()
            contentEnd = pos
            leadingBreak = true
            scanBlockBreaks(indent: blockIndent, auto: false, minIndent: minIndent, trailing: &trailing, contentEnd: &contentEnd)
        }
        if chomping != -1 && leadingBreak { string.append(0x0A) }
        if chomping == 1 { string.append(contentsOf: trailing) }
        var t = ScannerToken(.scalar, start: start, end: contentEnd)
        t.style = literal ? .literal : .folded
        t.headerEnd = headerEnd
        t.contentStart = min(contentStart, contentEnd)
        storeDecoded(string, in: &t)
        scratch = string
        push(t)
        tokenSeenOnLine = false
        indentSpaces = column
        wsHadTab = false
        if pos >= n { tokenSeenOnLine = true }
    }

    /// Consumes indentation and empty lines inside a block scalar (§8.1.1.1 l-empty); returns the
    /// largest indentation of an empty line. With `auto`, all leading spaces are consumed
    /// so the caller can detect the content indentation from the first non-empty line.
    /// A final line of spaces without a line break counts as an empty line.
    @discardableResult
    private mutating func scanBlockBreaks(indent: Int, auto: Bool, minIndent: Int, trailing: inout [UInt8],
                                          contentEnd: inout Int) -> Int {
        var maxBlank = 0
        while true {
            let lineStart = pos
            while pos < n && buf[pos] == 0x20 && (auto || column < indent) { pos += 1; column += 1 }
            if pos < n && buf[pos] == 0x09 && (auto ? column < minIndent : column < indent) {
                var q = pos
                while q < n && Self.isBlank(buf[q]) { q += 1 }
                if q < n && !Self.isBreak(buf[q]) { break }
                error("tab-indentation", "A tab cannot be used to indent a line of a block scalar; use spaces.", pos, q)
                column += q - pos
                pos = q
            }
            if pos >= n {
                if pos > lineStart {
                    if column > maxBlank { maxBlank = column }
                    trailing.append(0x0A)
                    contentEnd = pos
                }
                break
            }
            if !Self.isBreak(buf[pos]) { break }
            if column > maxBlank { maxBlank = column }
            trailing.append(0x0A)
            skipBreak()
            contentEnd = pos
        }
        return maxBlank
    }

    /// Scans a single- or double-quoted scalar (§7.3.1, §7.3.2).
    ///
    /// Recovery for a missing closing quote: in block context the scalar is cut before the first
    /// continuation line that is not indented enough to belong to it, and at the end of the text it is
    /// cut at the end of its first line, so the following lines are scanned normally.
    private mutating func scanFlowScalar(single: Bool) {
        if scanOneLineQuotedScalar(single: single) { return }
        let start = pos
        let startLine = line
        let quote: UInt8 = single ? UInt8(ascii: "'") : UInt8(ascii: "\"")
        let quoteText = single ? "\"'\" to close the single-quoted scalar" : "'\"' to close the double-quoted scalar"
        advance()
        var string = takeScratch()
        // True while the value is exactly the bytes between the quotes (no escape, no line break).
        var verbatim = true
        var folding = LineFolding()
        var closed = false
        var end = -1
        var lastWsStart = pos
        // Where to cut when the scalar is unterminated at the end of the text.
        var firstLineEnd = -1
        var firstLineNext = 0
        var firstLineString: [UInt8] = []
        while true {
            if column == 0 && isDocumentIndicator() {
                error("unclosed-quoted-scalar",
                      "Expected \(quoteText) before the document marker on line \(line + 1).",
                      start, start + 1)
                end = lastWsStart
                break
            }
            if pos >= n {
                error("unclosed-quoted-scalar", "Expected \(quoteText) before the end of the text.", start, start + 1)
                if firstLineEnd >= 0 {
                    end = firstLineEnd
                    pos = firstLineNext
                    line = startLine + 1
                    column = 0
                    string = firstLineString
                    restartLine()
                }
                break
            }
            var segStart = pos
            while pos < n && !isBlankZ(pos) {
                let c = buf[pos]
                if single && c == quote && at(pos + 1) == quote {
                    verbatim = false
                    string.append(contentsOf: UnsafeBufferPointer(rebasing: buf[segStart..<pos]))
                    string.append(quote)
                    pos += 2; column += 2
                    segStart = pos
                } else if c == quote {
                    break
                } else if !single && c == UInt8(ascii: "\\") {
                    verbatim = false
                    string.append(contentsOf: UnsafeBufferPointer(rebasing: buf[segStart..<pos]))
                    if pos + 1 < n && Self.isBreak(buf[pos + 1]) {
                        pos += 1
                        skipBreak()
                        folding.escapedBreak()
                        segStart = pos
                        break
                    }
                    scanEscape(into: &string)
                    segStart = pos
                } else {
                    pos += 1
                    if c & 0xC0 != 0x80 { column += 1 }
                }
            }
            string.append(contentsOf: UnsafeBufferPointer(rebasing: buf[segStart..<pos]))
            if pos >= n { continue }
            if buf[pos] == quote { closed = true; break }
            var lineSpaces = 0
            var countingIndent = folding.afterBreak
            var sawBreak = folding.afterBreak
            let wsStart = pos
            lastWsStart = pos
            var lineStart = pos
            while pos < n && (Self.isBlank(buf[pos]) || Self.isBreak(buf[pos])) {
                if Self.isBlank(buf[pos]) {
                    if countingIndent {
                        if buf[pos] == 0x20 { lineSpaces += 1 } else { countingIndent = false }
                    }
                    folding.blank(at: pos)
                    advance()
                } else {
                    verbatim = false
                    folding.lineBreak()
                    skipBreak()
                    if firstLineEnd < 0 {
                        firstLineEnd = wsStart
                        firstLineNext = pos
                        firstLineString = string
                    }
                    sawBreak = true
                    lineSpaces = 0
                    countingIndent = true
                    lineStart = pos
                }
            }
            if sawBreak && pos < n && !(column == 0 && isDocumentIndicator()) && lineSpaces <= indent {
                // Most likely the closing quote is missing (also inside a flow collection, where the
                // quote may have swallowed the ']' or '}'): cut the scalar at the end of its line.
                error("unclosed-quoted-scalar",
                      "Expected \(quoteText); line \(line + 1) is not indented enough to continue it.",
                      start, start + 1)
                end = wsStart
                pos = lineStart
                column = 0
                restartLine()
                break
            }
            folding.flush(into: &string, source: buf)
        }
        if closed { advance() }
        var t = ScannerToken(.scalar, start: start, end: end >= 0 ? end : pos)
        t.style = single ? .singleQuoted : .doubleQuoted
        if closed && verbatim {
            t.valueText = .source
            t.valueStart = start + 1
            t.valueEnd = pos - 1
        } else {
            storeDecoded(string, in: &t)
        }
        scratch = string
        if flowLevel > 0 && closed { afterJSONNode = true }
        push(t)
    }

    /// The common case of ``scanFlowScalar(single:)``: a quoted scalar closed on its own line without
    /// escapes (no `\` in double quotes, no `''` in single quotes), whose value is exactly the bytes
    /// between the quotes. Returns false, having consumed nothing, for anything else.
    private mutating func scanOneLineQuotedScalar(single: Bool) -> Bool {
        let quote: UInt8 = single ? UInt8(ascii: "'") : UInt8(ascii: "\"")
        var p = pos + 1
        var characters = 1
        while p < n {
            let c = buf[p]
            if c == quote {
                if single && p + 1 < n && buf[p + 1] == quote { return false }
                break
            }
            if c == 0x0A || c == 0x0D || (!single && c == UInt8(ascii: "\\")) { return false }
            if c & 0xC0 != 0x80 { characters += 1 }
            p += 1
        }
        if p >= n { return false }
        var t = ScannerToken(.scalar, start: pos, end: p + 1)
        t.style = single ? .singleQuoted : .doubleQuoted
        t.valueText = .source
        t.valueStart = pos + 1
        t.valueEnd = p
        pos = p + 1
        column += characters + 1
        if flowLevel > 0 { afterJSONNode = true }
        push(t)
        return true
    }

    /// Scanner state for a fresh line at `pos` (column 0) after a recovery cut.
    private mutating func restartLine() {
        tokenSeenOnLine = false
        indentSpaces = 0
        wsHadTab = false
        if flowLevel == 0 { simpleKeyAllowed = true }
    }

    /// Decodes one escape sequence at `pos` (the backslash) into `string` (§5.7).
    private mutating func scanEscape(into string: inout [UInt8]) {
        let start = pos
        let e = at(pos + 1)
        var hexLen = 0
        var simple: UInt32? = nil
        switch e {
        case UInt8(ascii: "0"): simple = 0
        case UInt8(ascii: "a"): simple = 7
        case UInt8(ascii: "b"): simple = 8
        case UInt8(ascii: "t"), 0x09: simple = 9
        case UInt8(ascii: "n"): simple = 10
        case UInt8(ascii: "v"): simple = 11
        case UInt8(ascii: "f"): simple = 12
        case UInt8(ascii: "r"): simple = 13
        case UInt8(ascii: "e"): simple = 0x1B
        case 0x20: simple = 0x20
        case UInt8(ascii: "\""): simple = 0x22
        case UInt8(ascii: "/"): simple = 0x2F
        case UInt8(ascii: "\\"): simple = 0x5C
        case UInt8(ascii: "N"): simple = 0x85
        case UInt8(ascii: "_"): simple = 0xA0
        case UInt8(ascii: "L"): simple = 0x2028
        case UInt8(ascii: "P"): simple = 0x2029
        case UInt8(ascii: "x"): hexLen = 2
        case UInt8(ascii: "u"): hexLen = 4
        case UInt8(ascii: "U"): hexLen = 8
        default: break
        }
        if let v = simple {
            appendScalar(v, to: &string)
            pos += 2; column += 2
            return
        }
        if hexLen == 0 {
            pos += 1; column += 1
            if pos < n { advance() }
            while pos < n && buf[pos] & 0xC0 == 0x80 { pos += 1 }
            error("invalid-escape", "Unknown escape sequence in a double-quoted scalar; write '\\\\' for a backslash.", start, pos)
            return
        }
        var v: UInt32 = 0
        var p = pos + 2
        var ok = true
        for _ in 0..<hexLen {
            guard p < n, let d = Self.hexValue(buf[p]) else { ok = false; break }
            v = v << 4 | UInt32(d)
            p += 1
        }
        column += p - pos
        pos = p
        if !ok {
            error("invalid-escape", "Expected \(hexLen) hexadecimal digits after '\\\(Character(Unicode.Scalar(e)))'.", start, pos)
            return
        }
        // A JSON surrogate pair, `\ud83d\ude00` (what JSON encoders such as Python's `json.dumps` write for
        // characters outside the BMP), is one character: JSON is YAML 1.2 (§1.3), and JSON's escapes
        // (RFC 8259 §7) spell such a character as two `\u` escapes. A lone surrogate stays an error.
        if hexLen == 4, (0xD800...0xDBFF).contains(v), pos + 5 < n, buf[pos] == UInt8(ascii: "\\"), buf[pos + 1] == UInt8(ascii: "u") {
            var low: UInt32 = 0
            var digits = 0
            while digits < 4, let d = Self.hexValue(buf[pos + 2 + digits]) {
                low = low << 4 | UInt32(d)
                digits += 1
            }
            if digits == 4, (0xDC00...0xDFFF).contains(low) {
                v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
                pos += 6; column += 6
            }
        }
        if Unicode.Scalar(v) == nil {
            error("invalid-escape", "The escape does not name a valid Unicode character.", start, pos)
            return
        }
        appendScalar(v, to: &string)
    }

    /// Nonzero when one of the eight bytes of `w` (all below 0x80) equals `b`.
    @inline(__always) static func hasByte(_ w: UInt64, _ b: UInt8) -> UInt64 {
        let x = w ^ (0x0101_0101_0101_0101 &* UInt64(b))
        return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
    }

    /// The value of one hexadecimal digit, or nil.
    static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x41...0x46: return c - 0x41 + 10
        case 0x61...0x66: return c - 0x61 + 10
        default: return nil
        }
    }

    private func appendScalar(_ v: UInt32, to string: inout [UInt8]) {
        guard let s = Unicode.Scalar(v) else { return }
        UTF8.encode(s) { string.append($0) }
    }

    /// At a line break after a segment of a block plain scalar: when the next line is indented with
    /// spaces only to a column below `minIndent` and holds something (or the text ends), moves past
    /// the break and the spaces (`line` and `column` follow) and returns true; the scalar ends there
    /// (§7.3.3: a continuation line must be indented more than the block). Otherwise changes nothing
    /// and returns false.
    @inline(__always) private mutating func endsAtLineBreak(minIndent: Int) -> Bool {
        var q = pos + 1
        if buf[pos] == 0x0D && q < n && buf[q] == 0x0A { q += 1 }
        let lineStart = q
        while q < n && buf[q] == 0x20 { q += 1 }
        if q - lineStart >= minIndent { return false }
        if q < n {
            let c = buf[q]
            if c == 0x09 || c == 0x0A || c == 0x0D { return false }
        }
        pos = q
        line += 1
        column = q - lineStart
        return true
    }

    /// Scans a plain scalar (§7.3.3), folding multi-line text.
    private mutating func scanPlainScalar() {
        let start = pos
        var folding = LineFolding()
        var end = pos
        let minIndent = indent + 1
        var pendingTab = -1
        // True once a line break separates two pieces of text: the value then differs from the source
        // bytes and is built in `scratch` (until then it is `buf[start..<end]`, spaces included; no
        // local array, whose release every scalar would pay).
        var folded = false
        var lineSpaces = 0
        var lineTab = false
        var lineTabPos = 0
        while true {
            // A byte order mark is not a plain character (ns-char excludes it): at a line start it ends the scalar.
            if column == 0 && (isDocumentIndicator() || DocumentPrefixCheck.isMark(buf, at: pos)) { break }
            if pos < n && buf[pos] == UInt8(ascii: "#") { break }
            // One run of non-blank characters (a segment), scanned with locals: the end of the
            // scalar at ': ' (and, in flow context, at ':' before an indicator or at an indicator).
            let inFlow = flowLevel > 0
            var p = pos
            var characters = 0
            if !inFlow, let base = buf.baseAddress.map({ UnsafeRawPointer($0) }) {
                // Block context: skip eight ASCII bytes at a time while none of them is a blank, a
                // line break or ':' (the only bytes that can end a segment here).
                while p + 8 <= n {
                    let w = base.loadUnaligned(fromByteOffset: p, as: UInt64.self)
                    if w & 0x8080_8080_8080_8080 != 0 { break }
                    if Self.hasByte(w, 0x20) | Self.hasByte(w, 0x09) | Self.hasByte(w, 0x0A) | Self.hasByte(w, 0x0D)
                        | Self.hasByte(w, 0x3A) != 0 { break }
                    p += 8
                    characters += 8
                }
            }
            if !inFlow {
                // Block context: only a blank, a line break or ': ' ends the segment; one test of a
                // 64-bit mask tells those five bytes apart from the rest.
                let stops: UInt64 = 1 << 0x09 | 1 << 0x0A | 1 << 0x0D | 1 << 0x20 | 1 << 0x3A
                while p < n {
                    let c = buf[p]
                    if c < 64 && (stops >> UInt64(c)) & 1 != 0 {
                        if c != UInt8(ascii: ":") || isBlankZ(p + 1) { break }
                    }
                    p += 1
                    if c & 0xC0 != 0x80 { characters += 1 }
                }
            } else {
                while p < n {
                    let c = buf[p]
                    if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { break }
                    if c == UInt8(ascii: ":") {
                        if isBlankZ(p + 1) || isFlowIndicator(at: p + 1) { break }
                    } else if Self.isFlowIndicator(c) {
                        break
                    }
                    p += 1
                    if c & 0xC0 != 0x80 { characters += 1 }
                }
            }
            var segStart = -1
            if p > pos {
                if pendingTab >= 0 {
                    error("tab-indentation", "A tab cannot be used to indent a continuation line; use spaces.", pendingTab)
                    pendingTab = -1
                }
                if folding.afterBreak && !folded {
                    folded = true
                    scratch.removeAll(keepingCapacity: true)
                    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: buf[start..<end]))
                }
                if folded { folding.flush(into: &scratch, source: buf) } else { folding.discard() }
                segStart = pos
                pos = p
                column += characters
            }
            if segStart >= 0 {
                if folded { scratch.append(contentsOf: UnsafeBufferPointer(rebasing: buf[segStart..<pos])) }
                end = pos
            }
            if pos >= n || !(Self.isBlank(buf[pos]) || Self.isBreak(buf[pos])) { break }
            if flowLevel == 0 && !folding.afterBreak && Self.isBreak(buf[pos]) && endsAtLineBreak(minIndent: minIndent) {
                // The common end of a block plain scalar: its line ends and the next line, indented
                // with spaces only, is indented too little to continue it. `endsAtLineBreak` moved
                // past the break and the indentation as the loop below would have.
                lineSpaces = column
                lineTab = false
                pendingTab = -1
                folding.lineBreak()
                break
            }
            while pos < n && (Self.isBlank(buf[pos]) || Self.isBreak(buf[pos])) {
                let c = buf[pos]
                if Self.isBlank(c) {
                    if folding.afterBreak {
                        if c == 0x09 {
                            if !lineTab && column < minIndent { pendingTab = pos }
                            if !lineTab { lineTabPos = pos }
                            lineTab = true
                        } else if !lineTab {
                            lineSpaces += 1
                        }
                    }
                    folding.blank(at: pos)
                    pos += 1; column += 1
                } else {
                    folding.lineBreak()
                    skipBreak()
                    lineSpaces = 0
                    lineTab = false
                    pendingTab = -1
                }
            }
            if flowLevel == 0 && column < minIndent { break }
            if flowLevel == 0 && lineTab && lineSpaces < minIndent { break }
            // Recovery: a 'key:' line cannot continue a block plain scalar (the scalar would end at
            // that ':' as an invalid multi-line implicit key); end the scalar before it so the key
            // survives (`first` above `line: v`, `name:app` above `version: 2`).
            if flowLevel == 0 && folding.afterBreak && lineLooksLikeImplicitKey(at: pos) { break }
            // In flow context a line indented no more than the enclosing block cannot continue the
            // scalar; fetchNextToken reports it (and ends the flow context).
            if flowLevel > 0 && folding.afterBreak && lineSpaces <= indent && pos < n { break }
        }
        var t = ScannerToken(.scalar, start: start, end: end)
        t.style = .plain
        if folded {
            t.valueText = .decoded
            t.valueStart = decoded.count
            decoded.append(contentsOf: scratch)
            t.valueEnd = decoded.count
        } else {
            t.valueText = .source
            t.valueStart = start
            t.valueEnd = end
        }
        push(t)
        if folding.afterBreak {
            simpleKeyAllowed = true
            tokenSeenOnLine = false
            indentSpaces = lineSpaces
            wsHadTab = lineTab
            wsTabPos = lineTabPos
        }
    }
}
