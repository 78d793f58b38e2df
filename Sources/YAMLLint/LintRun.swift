import YAMLSyntax

/// One lint run over a token stream: the enabled rules, the disable directives in force and the
/// findings so far. yamllint's order is kept: per line, the token and comment problems found on it (the
/// token rules in rule-id order for each token), then the line rules' problems; a problem is kept unless
/// its rule is disabled for its line (`# yamllint disable...` comments).
///
/// A struct with mutating methods (not nested functions over captured variables), so the per-token and
/// per-line steps pass no closure contexts.
struct LintRun {
    /// The rule and level of a problem found on the current line.
    private struct Tag {
        var rule: LintRuleID
        var level: LintLevel
    }

    private let stream: LintStream
    /// The comments between the current token and the next.
    private var comments: [LintComment] = []
    /// The rules, with their state so far.
    private var rules: LintRuleSet
    private var findings: [LintFinding] = []
    /// The problems found on the current line so far (the rules append to it directly), and each
    /// one's rule and level (`tags[k]` for `problems[k]`; a rule's new problems are tagged right
    /// after its call).
    private var problems: [LintStream.Problem] = []
    private var tags: [Tag] = []
    /// `tags.count`, as a plain field (compared with `problems.count` after every rule call).
    private var tagged = 0
    private var disabled = Set<String>()
    private var disabledForLine = Set<String>()
    private var disabledForNextLine = Set<String>()
    /// The next yamllint line to finish (index into `stream.text.lines`).
    private var lineIndex = 0

    /// Which line rules are enabled, read once per run: the per-line tests read these plain fields.
    private struct LineGates {
        var emptyLines = false
        /// `line-length`'s `max` (a line longer in bytes may be too long), `Int.max` when disabled.
        var lineLengthMax = Int.max
        var newLineAtEndOfFile = false
        var newLines = false
        var trailingSpaces = false
    }
    private let lineGates: LineGates

    /// A run of `rules` (fresh, as ``LintRuleSet/init(enabled:)`` makes them) over `stream`.
    init(_ stream: LintStream, rules: LintRuleSet) {
        self.stream = stream
        self.rules = rules
        lineGates = LineGates(emptyLines: rules.emptyLines != nil, lineLengthMax: rules.lineLength?.max ?? Int.max,
                              newLineAtEndOfFile: rules.newLineAtEndOfFile != nil, newLines: rules.newLines != nil,
                              trailingSpaces: rules.trailingSpaces != nil)
    }

    /// Runs every rule over the whole stream; the findings in yamllint's order.
    mutating func run() -> [LintFinding] {
        let s = stream
        let tokens = s.tokens
        let lines = s.lines
        let byKind = rules.rulesByKind, byNextKind = rules.rulesByNextKind, byPreviousKind = rules.rulesByPreviousKind
        // The number of the next yamllint line to finish (`Int.max` when none is left), and the rules
        // the previous token's kind calls on this one: carried from one token to the next.
        var nextLine = lineIndex < lines.count ? lines[lineIndex].number : Int.max
        var previousBits: UInt32 = 0
        var i = 0
        while s.ensure(i) {
            let t = tokens[i]
            if nextLine <= t.startLine {
                finishLines(before: t.startLine + 1)
                nextLine = lineIndex < lines.count ? lines[lineIndex].number : Int.max
            }
            let kind = Int(t.kind.rawValue)
            var ruleBits = byKind[kind] | previousBits
            previousBits = byPreviousKind[kind]
            let hasNext = i + 1 < tokens.count
            if hasNext { ruleBits |= byNextKind[Int(tokens[i + 1].kind.rawValue)] }
            if ruleBits != 0 { checkToken(i, rules: ruleBits) }
            // Comments lie only between tokens on different lines (or after the last token).
            if !hasNext || LintComment.mayFollow(t, tokens[i + 1]) {
                if !comments.isEmpty { comments.removeAll(keepingCapacity: true) }
                LintComment.appendComments(after: i, s, to: &comments)
                for k in comments.indices {
                    finishLines(before: comments[k].line)
                    processComment(k)
                }
                nextLine = lineIndex < lines.count ? lines[lineIndex].number : Int.max
            }
            i += 1
        }
        finishLines(before: Int.max)
        return findings
    }

    /// Runs the token rules whose bits (``LintRuleID/ordinal``) are set in `bits` on token `i`, in
    /// rule-id order (yamllint's), tagging each one's problems with it: one test per rule (rules a
    /// token rarely concerns tested as a group first), each against a constant, and each call direct.
    private mutating func checkToken(_ i: Int, rules bits: UInt32) {
        let s = stream
        // Grouped by bits a token rarely has (most tokens have only `hyphens`, `indentation`,
        // `key-duplicates` or `truthy`): one test rules out a whole group, in rule-id order.
        if bits & (LintRun.bit(.anchors) | LintRun.bit(.braces) | LintRun.bit(.brackets) | LintRun.bit(.colons)
                   | LintRun.bit(.commas)) != 0 {
            if bits & LintRun.bit(.anchors) != 0 { rules.anchors?.check(s, i, &problems); flush(.anchors) }
            if bits & LintRun.bit(.braces) != 0 { rules.braces?.check(s, i, &problems); flush(.braces) }
            if bits & LintRun.bit(.brackets) != 0 { rules.brackets?.check(s, i, &problems); flush(.brackets) }
            if bits & LintRun.bit(.colons) != 0 { rules.colons?.check(s, i, &problems); flush(.colons) }
            if bits & LintRun.bit(.commas) != 0 { rules.commas?.check(s, i, &problems); flush(.commas) }
        }
        if bits & (LintRun.bit(.documentEnd) | LintRun.bit(.documentStart) | LintRun.bit(.emptyValues)
                   | LintRun.bit(.floatValues)) != 0 {
            if bits & LintRun.bit(.documentEnd) != 0 { rules.documentEnd?.check(s, i, &problems); flush(.documentEnd) }
            if bits & LintRun.bit(.documentStart) != 0 { rules.documentStart?.check(s, i, &problems); flush(.documentStart) }
            if bits & LintRun.bit(.emptyValues) != 0 { rules.emptyValues?.check(s, i, &problems); flush(.emptyValues) }
            if bits & LintRun.bit(.floatValues) != 0 { rules.floatValues?.check(s, i, &problems); flush(.floatValues) }
        }
        if bits & LintRun.bit(.hyphens) != 0 { rules.hyphens?.check(s, i, &problems); flush(.hyphens) }
        if bits & LintRun.bit(.indentation) != 0 { rules.indentation?.check(s, i, &problems); flush(.indentation) }
        if bits & LintRun.bit(.keyDuplicates) != 0 { rules.keyDuplicates?.check(s, i, &problems); flush(.keyDuplicates) }
        if bits & (LintRun.bit(.keyOrdering) | LintRun.bit(.octalValues) | LintRun.bit(.quotedStrings)) != 0 {
            if bits & LintRun.bit(.keyOrdering) != 0 { rules.keyOrdering?.check(s, i, &problems); flush(.keyOrdering) }
            if bits & LintRun.bit(.octalValues) != 0 { rules.octalValues?.check(s, i, &problems); flush(.octalValues) }
            if bits & LintRun.bit(.quotedStrings) != 0 { rules.quotedStrings?.check(s, i, &problems); flush(.quotedStrings) }
        }
        if bits & LintRun.bit(.truthy) != 0 && ValueRule.truthyMayConcern(s.tokens[i], s.bytes) {
            rules.truthy?.check(s, i, &problems)
            flush(.truthy)
        }
    }

    /// Rule `id`'s bit in the per-kind tables.
    @inline(__always) private static func bit(_ id: LintRuleID) -> UInt32 { 1 << UInt32(id.ordinal) }

    /// Tags what rule `id` just found on the current token or line with the rule and its level.
    @inline(__always) private mutating func flush(_ id: LintRuleID) {
        if tagged < problems.count { tagged = LintRun.tag(&tags, upTo: problems.count, id, rules.levels[id.ordinal]) }
    }

    /// Appends `id` and `level` to `tags` until it has `count` entries; `count`. Static, and out of
    /// line (most rule calls find nothing): a mutating method called here would make the caller
    /// retain the stream around it, as the method could replace the whole run.
    @inline(never) private static func tag(_ tags: inout [Tag], upTo count: Int, _ id: LintRuleID,
                                           _ level: LintLevel) -> Int {
        while tags.count < count { tags.append(Tag(rule: id, level: level)) }
        return count
    }

    /// Runs the comment rules on comment `index` and applies it when it is a directive.
    private mutating func processComment(_ index: Int) {
        for (id, level, rule) in rules.commentRules {
            rule.check(stream, comments, index, &problems)
            if tagged < problems.count { tagged = LintRun.tag(&tags, upTo: problems.count, id, level) }
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

    /// Runs the line rules on `line`, then keeps the line's problems whose rules are not disabled. Most
    /// lines have nothing to do (no line rule's first test passes, no problem was found on them, no
    /// `disable-line` is pending): they are told apart here, inline, from the same tests the full step
    /// makes, so they cost no call (which retains the stream around the rules' mutating calls).
    @inline(__always) private mutating func finishLine(_ line: LintLine) {
        let gates = lineGates
        let bytes = stream.bytes
        if (gates.emptyLines && line.start == line.end) || line.end - line.start > gates.lineLengthMax
            || (gates.newLineAtEndOfFile && line.end == bytes.count) || (gates.newLines && line.start == 0)
            || (gates.trailingSpaces && line.end > line.start && line.end <= bytes.count
                && stream.isPythonWhitespace(bytes[line.end - 1]))
            || !problems.isEmpty || !disabledForLine.isEmpty || !disabledForNextLine.isEmpty {
            finishLineInFull(line)
        }
    }

    /// ``finishLine(_:)`` for a line with something to do.
    @inline(never) private mutating func finishLineInFull(_ line: LintLine) {
        let s = stream
        // Each rule is called only where it can find something (a test its own check starts with), and
        // in place (binding a rule to a local would copy it, with its reference-counted fields, per line).
        let gates = lineGates
        if gates.emptyLines && line.start == line.end {
            rules.emptyLines?.checkEmptyLines(s, line, &problems)
            flush(.emptyLines)
        }
        if line.end - line.start > gates.lineLengthMax {
            rules.lineLength?.checkLineLength(s, line, &problems)
            flush(.lineLength)
        }
        if gates.newLineAtEndOfFile && line.end == s.bytes.count {
            rules.newLineAtEndOfFile?.checkNewLineAtEndOfFile(s, line, &problems)
            flush(.newLineAtEndOfFile)
        }
        if gates.newLines && line.start == 0 {
            rules.newLines?.checkNewLines(s, line, &problems)
            flush(.newLines)
        }
        if gates.trailingSpaces && line.end > line.start && line.end <= s.bytes.count
            && s.isPythonWhitespace(s.bytes[line.end - 1]) {
            rules.trailingSpaces?.checkTrailingSpaces(s, line, &problems)
            flush(.trailingSpaces)
        }
        if !problems.isEmpty {
            let bytes = stream.bytes
            let anyDisabled = !disabledForLine.isEmpty || !disabled.isEmpty
            let names = rules.names
            for k in problems.indices {
                let tag = tags[k]
                let name = names[tag.rule.ordinal]
                if anyDisabled && (disabledForLine.contains(name) || disabled.contains(name)) { continue }
                let problem = problems[k]
                let offset = stream.offset(line: problem.line, column: problem.column)
                var end = offset
                if end < bytes.count && bytes[end] != 0x0A && bytes[end] != 0x0D {
                    end += 1
                    while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
                }
                findings.append(LintFinding(range: TextRange(start: offset, end: end), line: problem.line,
                                            column: problem.column, level: tag.level, rule: name,
                                            message: problem.message))
            }
            problems.removeAll(keepingCapacity: true)
            tags.removeAll(keepingCapacity: true)
            tagged = 0
        }
        if !disabledForLine.isEmpty || !disabledForNextLine.isEmpty {
            disabledForLine = disabledForNextLine
            disabledForNextLine = []
        }
    }
}
