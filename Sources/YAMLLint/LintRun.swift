import YAMLSyntax

/// One lint run over a token stream: the enabled rules, the disable directives in force and the
/// findings so far. yamllint's order is kept: per line, the token and comment problems found on it (the
/// token rules in rule-id order for each token), then the line rules' problems; a problem is kept unless
/// its rule is disabled for its line (`# yamllint disable...` comments).
///
/// A struct with mutating methods (not nested functions over captured variables), so the per-token and
/// per-line steps pass no closure contexts.
struct LintRun {
    /// One enabled token rule with its id, level and the token kinds it looks at.
    struct RuleSlot<R: TokenLintRule> {
        var rule: R
        let id: LintRuleID
        let level: LintLevel
        /// The token kinds the rule looks at (``LintToken/kindBit``s).
        let kinds: UInt32

        init(_ rule: R, id: LintRuleID, level: LintLevel) {
            self.rule = rule
            self.id = id
            self.level = level
            kinds = R.kindBits(id)
        }
    }

    /// A problem found on the current line, with its rule and level.
    private struct Cached {
        var rule: LintRuleID
        var level: LintLevel
        var problem: LintStream.Problem
    }

    private let stream: LintStream
    private let comments: [LintComment]
    private let allRules: Set<String>
    // One array per rule type (not `[any TokenLintRule]`): the per-token calls are then direct.
    private var spacingRules: [RuleSlot<SpacingRule>] = []
    private var markerRules: [RuleSlot<DocumentMarkerRule>] = []
    private var keysRules: [RuleSlot<KeysRule>] = []
    private var valueRules: [RuleSlot<ValueRule>] = []
    private var indentationRules: [RuleSlot<IndentationRule>] = []
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
            let level = settings.level
            switch id {
            case .braces, .brackets, .colons, .commas, .hyphens:
                spacingRules.append(RuleSlot(SpacingRule(id: id, options: o), id: id, level: level))
            case .documentStart, .documentEnd:
                markerRules.append(RuleSlot(DocumentMarkerRule(id: id, present: o["present"]?.bool ?? true), id: id, level: level))
            case .anchors, .keyDuplicates, .keyOrdering:
                keysRules.append(RuleSlot(KeysRule(id: id, options: o), id: id, level: level))
            case .truthy, .octalValues, .floatValues, .emptyValues, .quotedStrings:
                valueRules.append(RuleSlot(ValueRule(id: id, options: o), id: id, level: level))
            case .indentation:
                indentationRules.append(RuleSlot(IndentationRule(options: o), id: id, level: level))
            case .comments, .commentsIndentation:
                commentRules.append((id, level, CommentRule(id: id, options: o)))
            case .emptyLines, .lineLength, .newLineAtEndOfFile, .newLines, .trailingSpaces:
                lineRules.append((id, level, LineRule(id: id, options: o)))
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
            let bit = tokens[i].kindBit
            let mark = cache.count
            LintRun.step(&keysRules, stream, i, bit, &problems, &cache)
            LintRun.step(&spacingRules, stream, i, bit, &problems, &cache)
            LintRun.step(&markerRules, stream, i, bit, &problems, &cache)
            LintRun.step(&indentationRules, stream, i, bit, &problems, &cache)
            LintRun.step(&valueRules, stream, i, bit, &problems, &cache)
            if cache.count - mark > 1 { sortByRule(from: mark) }
            while commentIndex < comments.count && comments[commentIndex].tokenBefore == i {
                finishLines(before: comments[commentIndex].line)
                processComment(commentIndex)
                commentIndex += 1
            }
        }
        finishLines(before: Int.max)
        return findings
    }

    /// Runs the rules of `slots` that look at token `i`'s kind (`bit`), moving their problems to `cache`.
    private static func step<R: TokenLintRule>(_ slots: inout [RuleSlot<R>], _ stream: LintStream, _ i: Int,
                                               _ bit: UInt32, _ problems: inout [LintStream.Problem],
                                               _ cache: inout [Cached]) {
        for k in slots.indices where slots[k].kinds & bit != 0 {
            slots[k].rule.check(stream, i, &problems)
            if !problems.isEmpty { move(&problems, to: &cache, slots[k].id, slots[k].level) }
        }
    }

    /// Moves what a rule found into the cache, tagged with the rule and its level.
    private static func move(_ problems: inout [LintStream.Problem], to cache: inout [Cached], _ id: LintRuleID,
                             _ level: LintLevel) {
        for p in problems { cache.append(Cached(rule: id, level: level, problem: p)) }
        problems.removeAll(keepingCapacity: true)
    }

    /// yamllint runs the rules in id order for each token: restores that order (stable) in the
    /// problems of one token, `cache[mark...]`.
    private mutating func sortByRule(from mark: Int) {
        let rank = { (rule: LintRuleID) in LintRuleID.allCases.firstIndex(of: rule) ?? 0 }
        let sorted = cache[mark...].enumerated().sorted {
            (rank($0.element.rule), $0.offset) < (rank($1.element.rule), $1.offset)
        }
        cache.replaceSubrange(mark..., with: sorted.map(\.element))
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
            for entry in cache where !disabledForLine.contains(entry.rule.rawValue) && !disabled.contains(entry.rule.rawValue) {
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
