/// `indentation`: block indentation width and consistency, sequence indentation inside mappings, and
/// (optionally) the continuation lines of multi-line scalars. Follows yamllint's stack machine over
/// PyYAML's token stream; an impossible token order is reported as "cannot infer indentation".
struct IndentationRule: TokenLintRule {
    private enum ParentKind: UInt8 { case root, blockMapping, flowMapping, blockSequence, flowSequence, blockEntry, key, value }

    /// One open block or flow context (yamllint's `Parent`). Plain data without optionals: 24 bytes.
    private struct Parent: BitwiseCopyable {
        var indent: Int
        /// The indentation of the line the flow collection started on (``hasLineIndent``).
        var lineIndent: Int = 0
        var kind: ParentKind
        var hasLineIndent = false
        var explicitKey = false
        var implicitBlockSequence = false

        init(kind: ParentKind, indent: Int) {
            self.kind = kind
            self.indent = indent
        }

        init(kind: ParentKind, indent: Int, lineIndent: Int) {
            self.kind = kind
            self.indent = indent
            self.lineIndent = lineIndent
            hasLineIndent = true
        }
    }

    /// Either a fixed width or "consistent" (learnt from the first indentation seen).
    private var spaces: Int?
    /// The width in force (the option, or the one learnt so far for `consistent`), nil until known.
    var learntSpaces: Int? { spaces }
    /// `true`, `false`, or nil for "whatever"; `consistentSequences` when "consistent" and not learnt yet.
    private var indentSequences: Bool?
    private var indentSequencesConsistent: Bool
    private let checkMultiLineStrings: Bool
    /// The open contexts, innermost last; the root context is pushed by the first ``check(_:_:_:)``
    /// (so the rule set's template holds no memory: see ``PlainStack``).
    private var stack = PlainStack<Parent>()
    private var currentLine = -1
    private var currentLineIndent = 0

    init(options: [String: LintOption]) {
        spaces = options["spaces"]?.int
        switch options["indent-sequences"] ?? .bool(true) {
        case .bool(let b): indentSequences = b; indentSequencesConsistent = false
        case .string("consistent"): indentSequences = nil; indentSequencesConsistent = true
        default: indentSequences = nil; indentSequencesConsistent = false
        }
        checkMultiLineStrings = options["check-multi-line-strings"]?.bool ?? false
    }

    mutating func check(_ s: LintStream, _ i: Int, _ out: inout [LintStream.Problem]) {
        if !checkCommon(s, i, &out) { checkInGeneral(s, i, &out) }
    }

    /// The short path of the common tokens and cases (a plain scalar, a key, a value, the start and
    /// end of a block or flow collection, a sequence entry, a flow entry, an alias, an anchor, where
    /// the open contexts are the usual ones): yamllint's step for them, with the few stack operations
    /// they need, reading only the token fields each uses. False, having changed nothing, for any other
    /// token or case (``checkInGeneral(_:_:_:)`` then takes it: an explicit key, a quoted or block
    /// scalar, a tag, an implicit block sequence, `check-multi-line-strings`, the last token, an
    /// impossible token order).
    @inline(__always) private mutating func checkCommon(_ s: LintStream, _ i: Int,
                                                        _ out: inout [LintStream.Problem]) -> Bool {
        let tokens = s.tokens
        guard i + 1 < tokens.count, !checkMultiLineStrings else { return false }
        let count = stack.count
        guard count > 0 else { return false }
        let kind = tokens[i].kind
        let top = stack[count - 1]
        switch kind {
        case .scalar:
            guard tokens[i].style == .plain, !(top.kind == .key && top.explicitKey) else { return false }
            let nextKind = tokens[i + 1].kind
            // After the step, the contexts it closes: none under an open key (or value) the next
            // token does not end; an open value (with its key) where a block or flow collection or
            // the root is then innermost (none of which a scalar closes); else the general step.
            let closesValue: Bool
            switch top.kind {
            case .key:
                guard !IndentationRule.endsValue(nextKind) else { return false }
                closesValue = false
            case .value:
                guard count >= 3 && stack[count - 2].kind == .key,
                      IndentationRule.staysOpen(stack[count - 3].kind) else { return false }
                closesValue = true
            case .blockMapping, .blockSequence, .flowMapping, .flowSequence, .root:
                closesValue = false
            case .blockEntry:
                // A sequence entry stays open unless its sequence is implicit or the next token
                // starts the next entry or ends the sequence.
                guard !(count >= 2 && stack[count - 2].implicitBlockSequence),
                      nextKind != .blockEntry, nextKind != .blockEnd else { return false }
                closesValue = false
            }
            let line = tokens[i].startLine
            if line + 1 > currentLine {
                let found = tokens[i].startColumn
                if found != top.indent { IndentationRule.report(line: line, found: found, expected: top.indent, &out) }
                currentLineIndent = found
            }
            currentLine = s.realEndLine(tokens[i])
            if closesValue { stack.removeLast(2) }
            return true
        case .key:
            guard top.kind != .key, !IndentationRule.endsValue(tokens[i + 1].kind) else { return false }
            visibleStep(tokens[i], expected: top.indent, &out)
            var p = Parent(kind: .key, indent: top.indent)
            p.explicitKey = s.isExplicitKey(tokens[i])
            stack.append(p)
            return true
        case .value:
            let next = tokens[i + 1]
            guard top.kind == .key, !top.explicitKey, i > 0, !IndentationRule.endsValue(next.kind) else { return false }
            // An anchor or tag on the key's line before a node on a later line: the general step
            // measures that node instead.
            if next.kind == .anchor || next.kind == .tag {
                guard !(i + 2 < tokens.count && next.startLine == tokens[i - 1].startLine
                        && next.startLine < tokens[i + 2].startLine) else { return false }
            }
            let sameLine = next.startLine == tokens[i - 1].startLine
            guard sameLine || (next.kind != .blockSequenceStart && next.kind != .blockEntry) else { return false }
            visibleStep(tokens[i], expected: top.indent, &out)
            let indent = sameLine ? next.startColumn : detectIndent(top.indent, next)
            stack.append(Parent(kind: .value, indent: indent))
            return true
        case .blockMappingStart, .blockSequenceStart:
            let next = tokens[i + 1]
            guard !(top.kind == .key && top.explicitKey), next.startLine == tokens[i].startLine,
                  next.kind == (kind == .blockMappingStart ? .key : .blockEntry) else { return false }
            visibleStep(tokens[i], expected: top.indent, &out)
            stack.append(Parent(kind: kind == .blockMappingStart ? .blockMapping : .blockSequence,
                                indent: tokens[i].startColumn))
            return true
        case .blockEntry:
            let next = tokens[i + 1]
            guard top.kind == .blockSequence, next.kind != .blockEntry, next.kind != .blockEnd else { return false }
            visibleStep(tokens[i], expected: top.indent, &out)
            let t = tokens[i]
            let indent = next.startLine == t.endLine || next.startColumn == t.startColumn
                ? next.startColumn : detectIndent(t.startColumn, next)
            stack.append(Parent(kind: .blockEntry, indent: indent))
            return true
        case .blockEnd, .flowMappingEnd, .flowSequenceEnd:
            // Closes its collection, then what that collection was the value or entry of.
            let closes: ParentKind = kind == .blockEnd ? (top.kind == .blockSequence ? .blockSequence : .blockMapping)
                : kind == .flowMappingEnd ? .flowMapping : .flowSequence
            guard top.kind == closes, !top.implicitBlockSequence else { return false }
            let depth = closingDepth(count, tokens[i + 1].kind)
            guard depth > 0 else { return false }
            if kind != .blockEnd {
                visibleStep(tokens[i], expected: top.hasLineIndent ? top.lineIndent : top.indent, &out)
            }
            stack.removeLast(depth)
            return true
        case .flowEntry, .alias, .anchor:
            // Open nothing; close nothing in a flow collection (nor, but for an alias, in an open key
            // or value); an alias closes the value it is (with its key) where a collection or the root
            // is then innermost, as a scalar does.
            var closesValue = false
            switch top.kind {
            case .flowMapping, .flowSequence: break
            case .key: guard !top.explicitKey, !IndentationRule.endsValue(tokens[i + 1].kind) else { return false }
            case .value:
                if kind == .alias {
                    guard count >= 3 && stack[count - 2].kind == .key,
                          IndentationRule.staysOpen(stack[count - 3].kind) else { return false }
                    closesValue = true
                } else {
                    guard kind == .anchor else { return false }
                }
            default: return false
            }
            visibleStep(tokens[i], expected: top.indent, &out)
            if closesValue { stack.removeLast(2) }
            return true
        case .flowMappingStart, .flowSequenceStart:
            guard !(top.kind == .key && top.explicitKey) else { return false }
            visibleStep(tokens[i], expected: top.indent, &out)
            let next = tokens[i + 1]
            let indent = next.startLine == tokens[i].startLine ? next.startColumn : detectIndent(currentLineIndent, next)
            stack.append(Parent(kind: kind == .flowMappingStart ? .flowMapping : .flowSequence,
                                indent: indent, lineIndent: currentLineIndent))
            return true
        default:
            return false
        }
    }

    /// How many contexts a token closing the innermost collection (which `count` contexts hold) closes,
    /// followed by a token of kind `nextKind`: the collection, and the value (with its key) or the
    /// sequence entry it was, when another collection or the root is then innermost; 0 in any other case
    /// (for the general step).
    private func closingDepth(_ count: Int, _ nextKind: LintToken.Kind) -> Int {
        guard count >= 2 else { return 0 }
        let below = stack[count - 2]
        switch below.kind {
        case .blockMapping, .blockSequence, .flowMapping, .flowSequence, .root:
            return 1
        case .value:
            return count >= 4 && stack[count - 3].kind == .key && IndentationRule.staysOpen(stack[count - 4].kind) ? 3 : 0
        case .blockEntry:
            guard !(count >= 3 && stack[count - 3].implicitBlockSequence) else { return 0 }
            guard nextKind == .blockEntry || nextKind == .blockEnd else { return 1 }
            return count >= 3 && IndentationRule.staysOpen(stack[count - 3].kind) ? 2 : 0
        case .key:
            return 0
        }
    }

    /// The step of a visible token other than a scalar, where `expected` is the column it must be at
    /// when it is the first on its line.
    @inline(__always) private mutating func visibleStep(_ t: LintToken, expected: Int, _ out: inout [LintStream.Problem]) {
        if t.startLine + 1 > currentLine {
            if t.startColumn != expected { IndentationRule.report(line: t.startLine, found: t.startColumn, expected: expected, &out) }
            currentLineIndent = t.startColumn
        }
        currentLine = t.endLine + 1
    }

    /// A context that a scalar, or a token closing a collection inside it, leaves open once the value
    /// or entry between them is closed: a collection or the root.
    private static func staysOpen(_ kind: ParentKind) -> Bool {
        switch kind {
        case .blockMapping, .blockSequence, .flowMapping, .flowSequence, .root: return true
        default: return false
        }
    }

    /// yamllint's step for any token (out of line: the short path takes most tokens).
    @inline(never) private mutating func checkInGeneral(_ s: LintStream, _ i: Int, _ out: inout [LintStream.Problem]) {
        if stack.isEmpty { stack.append(Parent(kind: .root, indent: 0)) }
        if !checkToken(s, i, &out) {
            let t = s.tokens[i]
            out.append(.init(line: t.startLine + 1, column: t.startColumn + 1,
                             message: "cannot infer indentation: unexpected token"))
        }
    }

    private mutating func detectIndent(_ base: Int, _ next: LintToken) -> Int {
        if spaces == nil { spaces = next.startColumn - base }
        return base + (spaces ?? 0)
    }

    /// The kind of the innermost open context.
    private var topKind: ParentKind { stack.top.kind }

    /// yamllint's per-token step; false where yamllint raises "cannot infer indentation".
    @inline(__always) private mutating func checkToken(_ s: LintStream, _ i: Int, _ out: inout [LintStream.Problem]) -> Bool {
        let tokens = s.tokens
        let t = tokens[i]
        let kind = t.kind
        var isVisible = kind != .streamStart && kind != .streamEnd && kind != .blockEnd
        if isVisible && kind == .scalar && t.style != .plain && IndentationRule.hasEmptyValue(s, i) { isVisible = false }
        let firstInLine = isVisible && t.startLine + 1 > currentLine
        let found = t.startColumn

        if firstInLine {
            let top = stack.top
            var expected = top.indent
            if kind == .flowMappingEnd || kind == .flowSequenceEnd {
                if top.hasLineIndent { expected = top.lineIndent }
            } else if top.kind == .key && top.explicitKey && kind != .value {
                expected = detectIndent(expected, t)
            }
            if found != expected { IndentationRule.report(line: t.startLine, found: found, expected: expected, &out) }
        }
        if kind == .scalar && checkMultiLineStrings { scalarIndentation(s, t, &out) }
        if isVisible {
            currentLine = kind == .scalar ? s.realEndLine(t) : t.endLine + 1
            if firstInLine { currentLineIndent = found }
        }

        guard i + 1 < tokens.count else { return unwind(kind, nil) }
        // Scalars (most tokens) open no context.
        if kind == .scalar {
            // The first step of ``unwind(_:_:)`` for its most common case: an open key that a key's
            // scalar does not end closes nothing (no call).
            let nextKind = tokens[i + 1].kind
            if stack.top.kind == .key && !IndentationRule.endsValue(nextKind) { return true }
            return unwind(kind, nextKind)
        }
        let next = tokens[i + 1]
        switch kind {
        case .blockMappingStart:
            guard next.kind == .key, next.startLine == t.startLine else { return false }
            stack.append(Parent(kind: .blockMapping, indent: t.startColumn))
        case .flowMappingStart:
            let indent = next.startLine == t.startLine ? next.startColumn : detectIndent(currentLineIndent, next)
            stack.append(Parent(kind: .flowMapping, indent: indent, lineIndent: currentLineIndent))
        case .blockSequenceStart:
            guard next.kind == .blockEntry, next.startLine == t.startLine else { return false }
            stack.append(Parent(kind: .blockSequence, indent: t.startColumn))
        case .blockEntry where next.kind != .blockEntry && next.kind != .blockEnd:
            if topKind != .blockSequence {
                var p = Parent(kind: .blockSequence, indent: t.startColumn)
                p.implicitBlockSequence = true
                stack.append(p)
            }
            let indent: Int
            if next.startLine == t.endLine || next.startColumn == t.startColumn {
                indent = next.startColumn
            } else {
                indent = detectIndent(t.startColumn, next)
            }
            stack.append(Parent(kind: .blockEntry, indent: indent))
        case .flowSequenceStart:
            let indent = next.startLine == t.startLine ? next.startColumn : detectIndent(currentLineIndent, next)
            stack.append(Parent(kind: .flowSequence, indent: indent, lineIndent: currentLineIndent))
        case .key:
            var p = Parent(kind: .key, indent: stack.top.indent)
            p.explicitKey = s.isExplicitKey(t)
            stack.append(p)
        case .value:
            guard topKind == .key else { return false }
            var n = next
            if n.kind == .anchor || n.kind == .tag, i > 0, i + 2 < tokens.count,
               n.startLine == tokens[i - 1].startLine && n.startLine < tokens[i + 2].startLine {
                n = tokens[i + 2]
            }
            if !IndentationRule.endsValue(n.kind) {
                let top = stack.top
                let indent: Int
                if top.explicitKey {
                    indent = detectIndent(top.indent, n)
                } else if i > 0, n.startLine == tokens[i - 1].startLine {
                    indent = n.startColumn
                } else if n.kind == .blockSequenceStart || n.kind == .blockEntry {
                    if indentSequences == false {
                        indent = top.indent
                    } else if indentSequences == true {
                        if spaces == nil && n.startColumn - top.indent == 0 {
                            indent = -1
                        } else {
                            indent = detectIndent(top.indent, n)
                        }
                    } else if n.startColumn == top.indent {
                        if indentSequencesConsistent { indentSequences = false; indentSequencesConsistent = false }
                        indent = top.indent
                    } else {
                        if indentSequencesConsistent { indentSequences = true; indentSequencesConsistent = false }
                        indent = detectIndent(top.indent, n)
                    }
                } else {
                    indent = detectIndent(top.indent, n)
                }
                stack.append(Parent(kind: .value, indent: indent))
            }
        default:
            break
        }
        // The first step of ``unwind(_:_:)`` for its most common cases: an open key that the next
        // token does not end, or an open value and a token that does not end it, closes nothing.
        let topKind = stack.top.kind
        if topKind == .key && !IndentationRule.endsValue(next.kind) { return true }
        if topKind == .value && (kind == .value || kind == .anchor || kind == .tag) { return true }
        return unwind(kind, next.kind)
    }

    /// Closes the contexts token `kind` (followed by a token of kind `next`) ends; false where
    /// yamllint raises "cannot infer indentation".
    @inline(__always) private mutating func unwind(_ kind: LintToken.Kind, _ next: LintToken.Kind?) -> Bool {
        var consumed = false
        var guardCount = stack.count + 2
        while guardCount > 0 {
            guardCount -= 1
            let count = stack.count
            let top = stack[count - 1]
            // yamllint's conditions, tested by the kind of the innermost context (at most one holds).
            switch top.kind {
            case .flowSequence:
                guard kind == .flowSequenceEnd && !consumed else { return true }
                stack.removeLast(); consumed = true
            case .flowMapping:
                guard kind == .flowMappingEnd && !consumed else { return true }
                stack.removeLast(); consumed = true
            case .blockMapping, .blockSequence:
                guard kind == .blockEnd && !top.implicitBlockSequence && !consumed else { return true }
                stack.removeLast(); consumed = true
            case .blockEntry:
                if kind != .blockEntry && count >= 2 && stack[count - 2].implicitBlockSequence
                    && kind != .anchor && kind != .tag && next != .blockEntry {
                    stack.removeLast(2)
                } else if next == .blockEntry || next == .blockEnd {
                    stack.removeLast()
                } else {
                    return true
                }
            case .value:
                guard kind != .value && kind != .anchor && kind != .tag else { return true }
                guard count >= 2 && stack[count - 2].kind == .key else { return false }
                stack.removeLast(2)
            case .key:
                guard let n = next, IndentationRule.endsValue(n) else { return true }
                stack.removeLast()
            case .root:
                return true
            }
            if stack.isEmpty { stack.append(Parent(kind: .root, indent: 0)); return false }
        }
        return true
    }

    /// Reports a token first on its line (0-based `line`) at column `found` where `expected` was
    /// expected (negative: at least one column more than found). Out of line: most tokens are where
    /// they should be.
    @inline(never) private static func report(line: Int, found: Int, expected: Int, _ out: inout [LintStream.Problem]) {
        let message = expected < 0 ? LintMessage.make("wrong indentation: expected at least ", found + 1)
            : LintMessage.make("wrong indentation: expected ", expected, " but found ", found, "")
        out.append(.init(line: line + 1, column: found + 1, message: message))
    }

    /// Whether scalar token `i` has an empty value (rare for a quoted or block scalar): out of line, so
    /// the hot path does not keep the whole token in registers across the call.
    @inline(never) private static func hasEmptyValue(_ s: LintStream, _ i: Int) -> Bool { s.hasEmptyValue(s.tokens[i]) }

    /// A token that ends a mapping entry's value (or shows it is empty).
    private static func endsValue(_ kind: LintToken.Kind) -> Bool {
        switch kind {
        case .blockEnd, .flowMappingEnd, .flowSequenceEnd, .key: return true
        default: return false
        }
    }

    /// `check-multi-line-strings`: the continuation lines of a multi-line scalar.
    private mutating func scalarIndentation(_ s: LintStream, _ t: LintToken, _ out: inout [LintStream.Problem]) {
        guard t.startLine != t.endLine else { return }
        let bytes = s.bytes
        var expected: Int? = nil
        var lineNumber = t.startLine + 1
        var lineStart = t.start
        while true {
            // Python: buffer.find('\n', line_start, end - 1) + 1
            var k = lineStart
            let limit = t.end - 1
            while k < limit && bytes[k] != 0x0A { k += 1 }
            guard k < limit else { break }
            lineStart = k + 1
            lineNumber += 1
            var indent = 0
            while lineStart + indent < bytes.count && bytes[lineStart + indent] == 0x20 { indent += 1 }
            if lineStart + indent >= bytes.count || bytes[lineStart + indent] == 0x0A { continue }
            if expected == nil { expected = expectedScalarIndent(t, found: indent) }
            if let e = expected, indent != e {
                out.append(.init(line: lineNumber, column: indent + 1,
                                 message: LintMessage.make("wrong indentation: expected ", e, " but found ", indent, "")))
            }
        }
    }

    private mutating func expectedScalarIndent(_ t: LintToken, found: Int) -> Int {
        func detect(_ base: Int) -> Int {
            if spaces == nil { spaces = found - base }
            return base + (spaces ?? 0)
        }
        switch t.style {
        case .plain?: return t.startColumn
        case .singleQuoted?, .doubleQuoted?: return t.startColumn + 1
        default:
            let top = stack.top
            switch top.kind {
            case .blockEntry, .key: return detect(t.startColumn)
            case .value:
                if t.startLine + 1 > currentLine { return detect(top.indent) }
                let below = stack.count >= 2 ? stack[stack.count - 2] : top
                return below.explicitKey ? detect(t.startColumn) : detect(below.indent)
            default: return detect(top.indent)
            }
        }
    }
}
