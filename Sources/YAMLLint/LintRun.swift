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
    /// The rules, with their state so far.
    private var rules: LintRuleSet
    private var findings: [LintFinding] = []
    private var cache: [Cached] = []
    private var problems: [LintStream.Problem] = []
    private var disabled = Set<String>()
    private var disabledForLine = Set<String>()
    private var disabledForNextLine = Set<String>()
    /// The next yamllint line to finish (index into `stream.text.lines`).
    private var lineIndex = 0

    /// A run of `rules` (fresh, as ``LintRuleSet/init(enabled:)`` makes them) over `stream`.
    init(_ stream: LintStream, rules: LintRuleSet) {
        self.stream = stream
        comments = LintComment.comments(stream)
        self.rules = rules
    }

    /// Runs every rule over the whole stream; the findings in yamllint's order.
    mutating func run() -> [LintFinding] {
        let tokens = stream.tokens
        let lines = stream.text.lines
        var commentIndex = 0
        for i in tokens.indices {
            let line = tokens[i].startLine + 1
            if lineIndex < lines.count && lines[lineIndex].number < line { finishLines(before: line) }
            var ruleBits = rules.rulesByKind[Int(tokens[i].kind.rawValue)]
            if i + 1 < tokens.count { ruleBits |= rules.rulesByNextKind[Int(tokens[i + 1].kind.rawValue)] }
            if i > 0 { ruleBits |= rules.rulesByPreviousKind[Int(tokens[i - 1].kind.rawValue)] }
            while ruleBits != 0 {
                let ordinal = ruleBits.trailingZeroBitCount
                ruleBits &= ruleBits - 1
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
        case .anchors: rules.anchors?.check(s, i, &problems)
        case .braces: rules.braces?.check(s, i, &problems)
        case .brackets: rules.brackets?.check(s, i, &problems)
        case .colons: rules.colons?.check(s, i, &problems)
        case .commas: rules.commas?.check(s, i, &problems)
        case .documentEnd: rules.documentEnd?.check(s, i, &problems)
        case .documentStart: rules.documentStart?.check(s, i, &problems)
        case .emptyValues: rules.emptyValues?.check(s, i, &problems)
        case .floatValues: rules.floatValues?.check(s, i, &problems)
        case .hyphens: rules.hyphens?.check(s, i, &problems)
        case .indentation: rules.indentation?.check(s, i, &problems)
        case .keyDuplicates: rules.keyDuplicates?.check(s, i, &problems)
        case .keyOrdering: rules.keyOrdering?.check(s, i, &problems)
        case .octalValues: rules.octalValues?.check(s, i, &problems)
        case .quotedStrings: rules.quotedStrings?.check(s, i, &problems)
        case .truthy: rules.truthy?.check(s, i, &problems)
        case .comments, .commentsIndentation, .emptyLines, .lineLength, .newLineAtEndOfFile, .newLines, .trailingSpaces:
            return
        }
        if !problems.isEmpty {
            let id = LintRuleID.ordered[ordinal]
            LintRun.move(&problems, to: &cache, id, rules.levels[ordinal])
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
        for (id, level, rule) in rules.commentRules {
            rule.check(stream, comments, index, &problems)
            if !problems.isEmpty { LintRun.move(&problems, to: &cache, id, level) }
        }
        let c = comments[index]
        // Every directive starts with `# yamllint `: most comments are ruled out from their first bytes.
        guard c.startsWithDirectivePrefix(stream) else { return }
        let body = c.text(stream)
        let all = rules.allRules
        if let ids = Linter.directive(body, keyword: "disable") {
            if ids.isEmpty { disabled = all } else { disabled.formUnion(ids.filter(all.contains)) }
        } else if let ids = Linter.directive(body, keyword: "enable") {
            if ids.isEmpty { disabled.removeAll() } else { disabled.subtract(ids) }
        }
        if let ids = Linter.directive(body, keyword: "disable-line") {
            let set = ids.isEmpty ? all : Set(ids.filter(all.contains))
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
        for k in rules.lineRules.indices {
            rules.lineRules[k].2.check(stream, line, &problems)
            if !problems.isEmpty { LintRun.move(&problems, to: &cache, rules.lineRules[k].0, rules.lineRules[k].1) }
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
