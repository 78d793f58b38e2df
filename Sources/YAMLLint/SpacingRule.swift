/// The token kinds (``LintToken/kindBit``s) for which a token rule looks at a token: its own kind, the
/// next token's kind, the previous token's kind (see ``TokenLintRule``).
typealias LintRuleKinds = (own: UInt32, next: UInt32, previous: UInt32)

/// A rule that looks at one token at a time in PyYAML's token stream, with its own state.
///
/// The linter calls a rule for a token only when the rule may act on it: when the rule ``concerns`` the
/// token's kind, or the kind of the token after it (``concernsTokenBefore(_:_:)``) or before it
/// (``concernsTokenAfter(_:_:)``).
protocol TokenLintRule {
    /// Checks `s.tokens[i]` (with its neighbours) and appends problems.
    mutating func check(_ s: LintStream, _ i: Int, _ out: inout [LintStream.Problem])
    /// False when rule `id` never looks at tokens of `kind` for their own sake.
    static func concerns(_ id: LintRuleID, _ kind: LintToken.Kind) -> Bool
    /// True when rule `id` looks at every token followed by a token of kind `next`.
    static func concernsTokenBefore(_ id: LintRuleID, _ next: LintToken.Kind) -> Bool
    /// True when rule `id` looks at every token that follows a token of kind `previous`.
    static func concernsTokenAfter(_ id: LintRuleID, _ previous: LintToken.Kind) -> Bool
}

extension TokenLintRule {
    /// By default a rule looks at every token.
    static func concerns(_ id: LintRuleID, _ kind: LintToken.Kind) -> Bool { true }
    /// By default a rule does not look at a token for its successor's sake.
    static func concernsTokenBefore(_ id: LintRuleID, _ next: LintToken.Kind) -> Bool { false }
    /// By default a rule does not look at a token for its predecessor's sake.
    static func concernsTokenAfter(_ id: LintRuleID, _ previous: LintToken.Kind) -> Bool { false }

    /// The kinds rule `id` looks at, as a set of ``LintToken/kindBit``s.
    static func kindBits(_ id: LintRuleID) -> UInt32 { bits { concerns(id, $0) } }
    /// The kinds of next token for which rule `id` looks at a token, as ``LintToken/kindBit``s.
    static func nextKindBits(_ id: LintRuleID) -> UInt32 { bits { concernsTokenBefore(id, $0) } }
    /// The kinds of previous token for which rule `id` looks at a token, as ``LintToken/kindBit``s.
    static func previousKindBits(_ id: LintRuleID) -> UInt32 { bits { concernsTokenAfter(id, $0) } }

    /// The three sets at once, for the linter's dispatch tables.
    static func kindTables(_ id: LintRuleID) -> LintRuleKinds {
        (kindBits(id), nextKindBits(id), previousKindBits(id))
    }

    private static func bits(_ test: (LintToken.Kind) -> Bool) -> UInt32 {
        LintToken.Kind.allCases.reduce(0) { test($1) ? $0 | (1 << UInt32($1.rawValue)) : $0 }
    }
}

/// The spacing rules around flow indicators and block indicators: `braces`, `brackets`, `colons`,
/// `commas`, `hyphens` (stateless).
struct SpacingRule: TokenLintRule {
    let id: LintRuleID
    /// The numeric options, read once (-1: no bound).
    private let maxSpacesBefore, maxSpacesAfter, minSpacesAfter, minSpacesInside, maxSpacesInside: Int
    private let minSpacesInsideEmpty, maxSpacesInsideEmpty: Int
    /// braces / brackets `forbid`: `true` (every flow collection) or `non-empty` (all but empty ones).
    private let forbidAll, forbidNonEmpty: Bool

    init(id: LintRuleID, options: [String: LintOption]) {
        self.id = id
        func int(_ k: String) -> Int { options[k]?.int ?? id.defaultOptions[k]?.int ?? -1 }
        maxSpacesBefore = int("max-spaces-before")
        maxSpacesAfter = int("max-spaces-after")
        minSpacesAfter = int("min-spaces-after")
        minSpacesInside = int("min-spaces-inside")
        maxSpacesInside = int("max-spaces-inside")
        minSpacesInsideEmpty = int("min-spaces-inside-empty")
        maxSpacesInsideEmpty = int("max-spaces-inside-empty")
        let forbid = options["forbid"] ?? .bool(false)
        forbidAll = forbid == .bool(true)
        forbidNonEmpty = forbid == .string("non-empty")
    }

    /// Checks token `i`. `mutating` although it changes nothing: the run calls it in place on its rule
    /// set, where a non-mutating call copied the rule (64 bytes) to the stack on every call.
    mutating func check(_ s: LintStream, _ i: Int, _ out: inout [LintStream.Problem]) {
        let t = s.tokens[i]
        // The hot cases first: every mapping entry has a `:` (and every sequence entry a `-`), and a
        // gap within the maximum (the usual case) is ruled out from the neighbours' offsets alone.
        if id == .colons && t.kind == .value {
            let prev = s.token(i - 1)
            if prev?.kind == .alias && t.start - (prev?.end ?? 0) == 1 { return }
            if let prev, maxSpacesBefore != -1, t.start - prev.end > maxSpacesBefore,
               let p = s.spacesBefore(t, prev: prev, max: maxSpacesBefore, maxMessage: "too many spaces before colon") {
                out.append(p)
            }
            colonsOrHyphenAfter(s, t, i, "too many spaces after colon", &out)
            return
        }
        if id == .colons {
            if t.kind == .key && s.isExplicitKey(t),
               let p = s.spacesAfter(t, next: s.token(i + 1), max: maxSpacesAfter,
                                     maxMessage: "too many spaces after question mark") { out.append(p) }
            return
        }
        if id == .hyphens {
            if t.kind == .blockEntry { colonsOrHyphenAfter(s, t, i, "too many spaces after hyphen", &out) }
            return
        }
        guard SpacingRule.concerns(id, t.kind) else { return }
        if isQuietFlowToken(s, t, i) { return }
        let prev = s.token(i - 1)
        let next = s.token(i + 1)
        switch id {
        case .braces:
            flow(s, t, prev, next, open: .flowMappingStart, close: .flowMappingEnd, noun: "braces",
                 forbidden: "forbidden flow mapping", &out)
        case .brackets:
            flow(s, t, prev, next, open: .flowSequenceStart, close: .flowSequenceEnd, noun: "brackets",
                 forbidden: "forbidden flow sequence", &out)
        case .commas:
            guard t.kind == .flowEntry else { return }
            if let prev, maxSpacesBefore != -1, prev.endLine < t.startLine {
                out.append(.init(line: t.startLine + 1, column: max(1, t.startColumn), message: "too many spaces before comma"))
            } else if let p = s.spacesBefore(t, prev: prev, max: maxSpacesBefore,
                                             maxMessage: "too many spaces before comma") {
                out.append(p)
            }
            if let p = s.spacesAfter(t, next: next, min: minSpacesAfter, max: maxSpacesAfter,
                                     minMessage: "too few spaces after comma",
                                     maxMessage: "too many spaces after comma") { out.append(p) }
        default:
            return
        }
    }

    /// colons after a `:`, hyphens after a `-`: yamllint `spaces_after` with only a maximum, the
    /// next token's offset tested first.
    @inline(__always) private func colonsOrHyphenAfter(_ s: LintStream, _ t: LintToken, _ i: Int, _ message: String,
                                                       _ out: inout [LintStream.Problem]) {
        guard maxSpacesAfter != -1, i + 1 < s.tokens.count, s.tokens[i + 1].start - t.end > maxSpacesAfter,
              let p = s.spacesAfter(t, next: s.tokens[i + 1], max: maxSpacesAfter, maxMessage: message) else { return }
        out.append(p)
    }

    /// True when a `,` or a bracket or brace token (of this rule: the caller checked) certainly has
    /// no problem: its neighbours are on its line and the gaps to them are within the bounds the full
    /// check below tests (a forbidden or empty collection is left to it). Most flow tokens are.
    @inline(__always) private func isQuietFlowToken(_ s: LintStream, _ t: LintToken, _ i: Int) -> Bool {
        let tokens = s.tokens
        guard i > 0, i + 1 < tokens.count else { return false }
        @inline(__always) func within(_ gap: Int, _ low: Int, _ high: Int) -> Bool {
            (low == -1 || gap >= low) && (high == -1 || gap <= high)
        }
        let prev = tokens[i - 1], next = tokens[i + 1]
        switch t.kind {
        case .flowEntry:
            return prev.endLine == t.startLine && t.endLine == next.startLine
                && within(t.start - prev.end, -1, maxSpacesBefore) && within(next.start - t.end, minSpacesAfter, maxSpacesAfter)
        case .flowMappingStart, .flowSequenceStart:
            let close: LintToken.Kind = t.kind == .flowMappingStart ? .flowMappingEnd : .flowSequenceEnd
            return !forbidAll && !forbidNonEmpty && next.kind != close && t.endLine == next.startLine
                && within(next.start - t.end, minSpacesInside, maxSpacesInside)
        case .flowMappingEnd, .flowSequenceEnd:
            let open: LintToken.Kind = t.kind == .flowMappingEnd ? .flowMappingStart : .flowSequenceStart
            return prev.kind != open && prev.endLine == t.startLine
                && within(t.start - prev.end, minSpacesInside, maxSpacesInside)
        default:
            return false
        }
    }

    /// True when the rule looks at tokens of `kind` (checked first: most tokens concern no spacing rule).
    static func concerns(_ id: LintRuleID, _ kind: LintToken.Kind) -> Bool {
        switch kind {
        case .flowMappingStart, .flowMappingEnd: return id == .braces
        case .flowSequenceStart, .flowSequenceEnd: return id == .brackets
        case .value, .key: return id == .colons
        case .flowEntry: return id == .commas
        case .blockEntry: return id == .hyphens
        default: return false
        }
    }

    private func flow(_ s: LintStream, _ t: LintToken, _ prev: LintToken?, _ next: LintToken?,
                      open: LintToken.Kind, close: LintToken.Kind, noun: String, forbidden: String,
                      _ out: inout [LintStream.Problem]) {
        if forbidAll && t.kind == open {
            out.append(.init(line: t.startLine + 1, column: t.endColumn + 1, message: forbidden))
        } else if forbidNonEmpty && t.kind == open && next?.kind != close {
            out.append(.init(line: t.startLine + 1, column: t.endColumn + 1, message: forbidden))
        } else if t.kind == open && next?.kind == close {
            let minEmpty = minSpacesInsideEmpty, maxEmpty = maxSpacesInsideEmpty
            if let p = s.spacesAfter(t, next: next,
                                     min: minEmpty != -1 ? minEmpty : minSpacesInside,
                                     max: maxEmpty != -1 ? maxEmpty : maxSpacesInside,
                                     minMessage: "too few spaces inside empty \(noun)",
                                     maxMessage: "too many spaces inside empty \(noun)") { out.append(p) }
        } else if t.kind == open {
            if let p = s.spacesAfter(t, next: next, min: minSpacesInside, max: maxSpacesInside,
                                     minMessage: "too few spaces inside \(noun)",
                                     maxMessage: "too many spaces inside \(noun)") { out.append(p) }
        } else if t.kind == close && prev?.kind != open {
            if let p = s.spacesBefore(t, prev: prev, min: minSpacesInside, max: maxSpacesInside,
                                      minMessage: "too few spaces inside \(noun)",
                                      maxMessage: "too many spaces inside \(noun)") { out.append(p) }
        }
    }
}
