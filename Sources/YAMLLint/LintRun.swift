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
    /// The comments between the current token and the next.
    private var comments: [LintComment] = []
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
        self.rules = rules
    }

    /// Runs every rule over the whole stream; the findings in yamllint's order.
    mutating func run() -> [LintFinding] {
        let s = stream
        let tokens = s.tokens
        let lines = s.lines
        var i = 0
        while s.ensure(i) {
            let line = tokens[i].startLine + 1
            if lineIndex < lines.count && lines[lineIndex].number < line { finishLines(before: line) }
            var ruleBits = rules.rulesByKind[Int(tokens[i].kind.rawValue)]
            if i + 1 < tokens.count { ruleBits |= rules.rulesByNextKind[Int(tokens[i + 1].kind.rawValue)] }
            if i > 0 { ruleBits |= rules.rulesByPreviousKind[Int(tokens[i - 1].kind.rawValue)] }
            if ruleBits != 0 { checkToken(i, rules: ruleBits) }
            if LintComment.mayFollow(i, s) {
                if !comments.isEmpty { comments.removeAll(keepingCapacity: true) }
                LintComment.appendComments(after: i, s, to: &comments)
                for k in comments.indices {
                    finishLines(before: comments[k].line)
                    processComment(k)
                }
            }
            i += 1
        }
        finishLines(before: Int.max)
        return findings
    }

    /// Runs the token rules whose bits (``LintRuleID/ordinal``) are set in `bits` on token `i`, in
    /// rule-id order (yamllint's), moving each one's problems to the cache: one test per rule, each
    /// against a constant, and each call direct.
    private mutating func checkToken(_ i: Int, rules bits: UInt32) {
        let s = stream
        if bits & LintRun.bit(.anchors) != 0 { rules.anchors?.check(s, i, &problems); flush(.anchors) }
        if bits & LintRun.bit(.braces) != 0 { rules.braces?.check(s, i, &problems); flush(.braces) }
        if bits & LintRun.bit(.brackets) != 0 { rules.brackets?.check(s, i, &problems); flush(.brackets) }
        if bits & LintRun.bit(.colons) != 0 { rules.colons?.check(s, i, &problems); flush(.colons) }
        if bits & LintRun.bit(.commas) != 0 { rules.commas?.check(s, i, &problems); flush(.commas) }
        if bits & LintRun.bit(.documentEnd) != 0 { rules.documentEnd?.check(s, i, &problems); flush(.documentEnd) }
        if bits & LintRun.bit(.documentStart) != 0 { rules.documentStart?.check(s, i, &problems); flush(.documentStart) }
        if bits & LintRun.bit(.emptyValues) != 0 { rules.emptyValues?.check(s, i, &problems); flush(.emptyValues) }
        if bits & LintRun.bit(.floatValues) != 0 { rules.floatValues?.check(s, i, &problems); flush(.floatValues) }
        if bits & LintRun.bit(.hyphens) != 0 { rules.hyphens?.check(s, i, &problems); flush(.hyphens) }
        if bits & LintRun.bit(.indentation) != 0 { rules.indentation?.check(s, i, &problems); flush(.indentation) }
        if bits & LintRun.bit(.keyDuplicates) != 0 { rules.keyDuplicates?.check(s, i, &problems); flush(.keyDuplicates) }
        if bits & LintRun.bit(.keyOrdering) != 0 { rules.keyOrdering?.check(s, i, &problems); flush(.keyOrdering) }
        if bits & LintRun.bit(.octalValues) != 0 { rules.octalValues?.check(s, i, &problems); flush(.octalValues) }
        if bits & LintRun.bit(.quotedStrings) != 0 { rules.quotedStrings?.check(s, i, &problems); flush(.quotedStrings) }
        if bits & LintRun.bit(.truthy) != 0 { rules.truthy?.check(s, i, &problems); flush(.truthy) }
    }

    /// Rule `id`'s bit in the per-kind tables.
    @inline(__always) private static func bit(_ id: LintRuleID) -> UInt32 { 1 << UInt32(id.ordinal) }

    /// Moves what rule `id` found on the current token or line into the cache.
    @inline(__always) private mutating func flush(_ id: LintRuleID) {
        if !problems.isEmpty { LintRun.move(&problems, to: &cache, id, rules.levels[id.ordinal]) }
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
        let lines = stream.lines
        while lineIndex < lines.count && lines[lineIndex].number < lineNumber {
            finishLine(lines[lineIndex])
            lineIndex += 1
        }
    }

    /// Runs the line rules on `line`, then keeps the line's problems whose rules are not disabled.
    private mutating func finishLine(_ line: LintLine) {
        let s = stream
        // Each rule is called only where it can find something (a test its own check starts with).
        if let r = rules.emptyLines, line.start == line.end { r.checkEmptyLines(s, line, &problems); flush(.emptyLines) }
        if let max = rules.lineLength?.max, line.end - line.start > max {
            rules.lineLength?.checkLineLength(s, line, &problems)
            flush(.lineLength)
        }
        if let r = rules.newLineAtEndOfFile, line.end == s.bytes.count {
            r.checkNewLineAtEndOfFile(s, line, &problems)
            flush(.newLineAtEndOfFile)
        }
        if let r = rules.newLines, line.start == 0 { r.checkNewLines(s, line, &problems); flush(.newLines) }
        if let r = rules.trailingSpaces, line.end > line.start, line.end <= s.bytes.count,
           s.isPythonWhitespace(s.bytes[line.end - 1]) {
            r.checkTrailingSpaces(s, line, &problems)
            flush(.trailingSpaces)
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
