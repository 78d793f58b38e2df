import YAMLSyntax

/// One lint run over a token stream: the enabled rules, the disable directives in force and the
/// findings so far. yamllint's order is kept: per line, the token and comment problems found on it (the
/// token rules in rule-id order for each token), then the line rules' problems; a problem is kept unless
/// its rule is disabled for its line (`# yamllint disable...` comments).
///
/// A struct with mutating methods (not nested functions over captured variables), so the per-token and
/// per-line steps pass no closure contexts.
struct LintRun {
    /// A problem found on the current line, with its rule and level.
    private struct Cached {
        var rule: LintRuleID
        var level: LintLevel
        var problem: LintStream.Problem
    }

    private let stream: LintStream
    private let comments: [LintComment]
    private let allRules: Set<String>
    // The token rules, one optional per rule id (each id is enabled at most once): the per-token calls
    // are direct and mutate the rule in place (no array element, so no uniqueness check).
    private var anchors: KeysRule?, keyDuplicates: KeysRule?, keyOrdering: KeysRule?
    private var braces: SpacingRule?, brackets: SpacingRule?, colons: SpacingRule?, commas: SpacingRule?,
                hyphens: SpacingRule?
    private var documentEnd: DocumentMarkerRule?, documentStart: DocumentMarkerRule?
    private var emptyValues: ValueRule?, floatValues: ValueRule?, octalValues: ValueRule?,
                quotedStrings: ValueRule?, truthy: ValueRule?
    private var indentation: IndentationRule?
    /// Per token kind (``LintToken/Kind/rawValue``), the enabled token rules that look at it, as bits
    /// numbered by ``LintRuleID/ordinal``: walking the bits upwards runs them in yamllint's order.
    private var rulesByKind = [UInt32](repeating: 0, count: LintToken.Kind.allCases.count)
    /// The same for the kind of the next token (``TokenLintRule/concernsTokenBefore(_:_:)``) and of the
    /// previous token (``TokenLintRule/concernsTokenAfter(_:_:)``).
    private var rulesByNextKind = [UInt32](repeating: 0, count: LintToken.Kind.allCases.count)
    private var rulesByPreviousKind = [UInt32](repeating: 0, count: LintToken.Kind.allCases.count)
    /// Each rule's level, by ``LintRuleID/ordinal``.
    private var levels = [LintLevel](repeating: .error, count: LintRuleID.allCases.count)
    /// Plain data: copied without reference counting.
    private var commentRules: [(LintRuleID, LintLevel, CommentRule)] = []
    private var lineRules: [(LintRuleID, LintLevel, LineRule)] = []

    private var findings: [LintFinding] = []
    private var cache: [Cached] = []
    private var problems: [LintStream.Problem] = []
    private var disabled = Set<String>()
    private var disabledForLine = Set<String>()
    private var disabledForNextLine = Set<String>()
    /// The next yamllint line to finish (index into `stream.text.lines`).
    private var lineIndex = 0

    /// A run of the `enabled` rules over `stream`.
    init(_ stream: LintStream, enabled: [(id: LintRuleID, settings: LintConfiguration.RuleSettings)]) {
        self.stream = stream
        comments = LintComment.comments(stream)
        allRules = Set(enabled.map(\.id.rawValue))
        for (id, settings) in enabled {
            let o = settings.options
            levels[id.ordinal] = settings.level
            let kinds: (own: UInt32, next: UInt32, previous: UInt32)
            switch id {
            case .braces, .brackets, .colons, .commas, .hyphens:
                let rule = SpacingRule(id: id, options: o)
                switch id {
                case .braces: braces = rule
                case .brackets: brackets = rule
                case .colons: colons = rule
                case .commas: commas = rule
                default: hyphens = rule
                }
                kinds = (SpacingRule.kindBits(id), SpacingRule.nextKindBits(id), SpacingRule.previousKindBits(id))
            case .documentStart, .documentEnd:
                let rule = DocumentMarkerRule(id: id, present: o["present"]?.bool ?? true)
                if id == .documentStart { documentStart = rule } else { documentEnd = rule }
                kinds = (DocumentMarkerRule.kindBits(id), DocumentMarkerRule.nextKindBits(id), DocumentMarkerRule.previousKindBits(id))
            case .anchors, .keyDuplicates, .keyOrdering:
                let rule = KeysRule(id: id, options: o)
                switch id {
                case .anchors: anchors = rule
                case .keyDuplicates: keyDuplicates = rule
                default: keyOrdering = rule
                }
                kinds = (KeysRule.kindBits(id), KeysRule.nextKindBits(id), KeysRule.previousKindBits(id))
            case .truthy, .octalValues, .floatValues, .emptyValues, .quotedStrings:
                let rule = ValueRule(id: id, options: o)
                switch id {
                case .truthy: truthy = rule
                case .octalValues: octalValues = rule
                case .floatValues: floatValues = rule
                case .emptyValues: emptyValues = rule
                default: quotedStrings = rule
                }
                kinds = (ValueRule.kindBits(id), ValueRule.nextKindBits(id), ValueRule.previousKindBits(id))
            case .indentation:
                indentation = IndentationRule(options: o)
                kinds = (IndentationRule.kindBits(id), IndentationRule.nextKindBits(id), IndentationRule.previousKindBits(id))
            case .comments, .commentsIndentation:
                commentRules.append((id, settings.level, CommentRule(id: id, options: o)))
                continue
            case .emptyLines, .lineLength, .newLineAtEndOfFile, .newLines, .trailingSpaces:
                lineRules.append((id, settings.level, LineRule(id: id, options: o)))
                continue
            }
            let bit: UInt32 = 1 << UInt32(id.ordinal)
            for k in rulesByKind.indices {
                if kinds.own & (1 << UInt32(k)) != 0 { rulesByKind[k] |= bit }
                if kinds.next & (1 << UInt32(k)) != 0 { rulesByNextKind[k] |= bit }
                if kinds.previous & (1 << UInt32(k)) != 0 { rulesByPreviousKind[k] |= bit }
            }
        }
    }

    /// Runs every rule over the whole stream; the findings in yamllint's order.
    mutating func run() -> [LintFinding] {
        let tokens = stream.tokens
        let lines = stream.text.lines
        var commentIndex = 0
        for i in tokens.indices {
            let line = tokens[i].startLine + 1
            if lineIndex < lines.count && lines[lineIndex].number < line { finishLines(before: line) }
            var rules = rulesByKind[Int(tokens[i].kind.rawValue)]
            if i + 1 < tokens.count { rules |= rulesByNextKind[Int(tokens[i + 1].kind.rawValue)] }
            if i > 0 { rules |= rulesByPreviousKind[Int(tokens[i - 1].kind.rawValue)] }
            while rules != 0 {
                let ordinal = rules.trailingZeroBitCount
                rules &= rules - 1
                checkToken(i, rule: ordinal)
            }
            while commentIndex < comments.count && comments[commentIndex].tokenBefore == i {
                finishLines(before: comments[commentIndex].line)
                processComment(commentIndex)
                commentIndex += 1
            }
        }
        finishLines(before: Int.max)
        return findings
    }

    /// Runs token rule number `ordinal` (``LintRuleID/ordinal``) on token `i`, moving its problems to
    /// the cache.
    private mutating func checkToken(_ i: Int, rule ordinal: Int) {
        let s = stream
        switch LintRuleID.ordered[ordinal] {
        case .anchors: anchors?.check(s, i, &problems)
        case .braces: braces?.check(s, i, &problems)
        case .brackets: brackets?.check(s, i, &problems)
        case .colons: colons?.check(s, i, &problems)
        case .commas: commas?.check(s, i, &problems)
        case .documentEnd: documentEnd?.check(s, i, &problems)
        case .documentStart: documentStart?.check(s, i, &problems)
        case .emptyValues: emptyValues?.check(s, i, &problems)
        case .floatValues: floatValues?.check(s, i, &problems)
        case .hyphens: hyphens?.check(s, i, &problems)
        case .indentation: indentation?.check(s, i, &problems)
        case .keyDuplicates: keyDuplicates?.check(s, i, &problems)
        case .keyOrdering: keyOrdering?.check(s, i, &problems)
        case .octalValues: octalValues?.check(s, i, &problems)
        case .quotedStrings: quotedStrings?.check(s, i, &problems)
        case .truthy: truthy?.check(s, i, &problems)
        case .comments, .commentsIndentation, .emptyLines, .lineLength, .newLineAtEndOfFile, .newLines, .trailingSpaces:
            return
        }
        if !problems.isEmpty {
            let id = LintRuleID.ordered[ordinal]
            LintRun.move(&problems, to: &cache, id, levels[ordinal])
        }
    }

    /// Moves what a rule found into the cache, tagged with the rule and its level.
    private static func move(_ problems: inout [LintStream.Problem], to cache: inout [Cached], _ id: LintRuleID,
                             _ level: LintLevel) {
        for p in problems { cache.append(Cached(rule: id, level: level, problem: p)) }
        problems.removeAll(keepingCapacity: true)
    }

    /// Runs the comment rules on comment `index` and applies it when it is a directive.
    private mutating func processComment(_ index: Int) {
        for (id, level, rule) in commentRules {
            rule.check(stream, comments, index, &problems)
            if !problems.isEmpty { LintRun.move(&problems, to: &cache, id, level) }
        }
        let c = comments[index]
        let body = c.text(stream)
        if let rules = Linter.directive(body, keyword: "disable") {
            if rules.isEmpty { disabled = allRules } else { disabled.formUnion(rules.filter(allRules.contains)) }
        } else if let rules = Linter.directive(body, keyword: "enable") {
            if rules.isEmpty { disabled.removeAll() } else { disabled.subtract(rules) }
        }
        if let rules = Linter.directive(body, keyword: "disable-line") {
            let set = rules.isEmpty ? allRules : Set(rules.filter(allRules.contains))
            if c.isInline(stream) { disabledForLine.formUnion(set) } else { disabledForNextLine.formUnion(set) }
        }
    }

    /// Finishes every yamllint line numbered below `lineNumber` (1-based).
    private mutating func finishLines(before lineNumber: Int) {
        let lines = stream.text.lines
        while lineIndex < lines.count && lines[lineIndex].number < lineNumber {
            finishLine(lines[lineIndex])
            lineIndex += 1
        }
    }

    /// Runs the line rules on `line`, then keeps the line's problems whose rules are not disabled.
    private mutating func finishLine(_ line: LintLine) {
        for k in lineRules.indices {
            lineRules[k].2.check(stream, line, &problems)
            if !problems.isEmpty { LintRun.move(&problems, to: &cache, lineRules[k].0, lineRules[k].1) }
        }
        if !cache.isEmpty {
            let bytes = stream.bytes
            let anyDisabled = !disabledForLine.isEmpty || !disabled.isEmpty
            for entry in cache where !anyDisabled
                || (!disabledForLine.contains(entry.rule.rawValue) && !disabled.contains(entry.rule.rawValue)) {
                let offset = stream.text.offset(line: entry.problem.line, column: entry.problem.column)
                var end = offset
                if end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D {
                    end += 1
                    while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
                }
                findings.append(LintFinding(range: TextRange(start: offset, end: end), line: entry.problem.line,
                                            column: entry.problem.column, level: entry.level, rule: entry.rule.rawValue,
                                            message: entry.problem.message))
            }
            cache.removeAll(keepingCapacity: true)
        }
        if !disabledForLine.isEmpty || !disabledForNextLine.isEmpty {
            disabledForLine = disabledForNextLine
            disabledForNextLine = []
        }
    }
}
