import YAMLComposer
import YAMLLint
import YAMLParser
import YAMLSyntax

/// Quick fixes for lint findings and the lint part of "fix all". Every fix is verified by parsing the
/// edited text again: no new syntax error nor any new core (parser, composer, model) diagnostic of any
/// severity, the same data in every document (compared through the JSON projection, YAML 1.2.2 §3.2.1),
/// the same comments (ignoring spaces), and (quick fixes) one fewer finding of the rule when re-linted
/// with the same configuration. Fix-all works in rounds to a fixed point, one parse per round plus the
/// re-parse of the documents whose fixes fail, so it stays linear in the text. `truthy` fixes change YAML 1.2 data on purpose (`yes` is a
/// string in YAML 1.2.2 but a boolean to yamllint), so they are checked for the rest only and are not part
/// of fix-all.
///
/// Fixed: `trailing-spaces`, `new-line-at-end-of-file`, `empty-lines`, `comments` (starting space and
/// distance from content), `document-start` (missing `---`), the spacing of `colons`, `commas`, `hyphens`,
/// `braces`, `brackets`, `document-end` (missing `...`), `new-lines`, `comments-indentation`, and `truthy`. Not fixed:
/// `indentation`, `quoted-strings`, `key-ordering` and the rest.
enum LintFixes {
    /// The fix for one lint diagnostic, nil when there is none or it fails verification. Its title says
    /// what it does and names the rule: "Remove trailing spaces (trailing-spaces)".
    /// `verifier` checks the fix (``FixVerifier``, made for `s` and `configuration`).
    static func quickFix(_ s: DocumentSnapshot, _ d: YAMLDiagnostic, configuration: LintConfiguration,
                         verifier: FixVerifier) -> CodeActionCandidate? {
        guard let (fix, requirement) = unverifiedQuickFix(s, d, configuration: configuration, verifier: verifier),
              verifier.verify(fix.edits, requirement) else { return nil }
        return fix
    }

    /// The fix for one lint diagnostic before verification, with what its verification requires (one
    /// finding fewer of the rule, the same comments, the same data unless the rule is `truthy`); nil when
    /// there is none. Cheap: no parse, no lint run (an `indentation` block fix formats the text once per
    /// snapshot: `verifier`, when it serves `s` and `configuration`, keeps that layout for the next request).
    static func unverifiedQuickFix(_ s: DocumentSnapshot, _ d: YAMLDiagnostic, configuration: LintConfiguration,
                                   verifier: FixVerifier? = nil) -> (CodeActionCandidate, FixVerifier.Requirement)? {
        let layout = verifier.flatMap { $0.serves(s, configuration: configuration) ? $0 : nil }.map { v in { v.indentationLayout() } }
        guard d.source == DocumentModel.lintSource, let (title, edits) = edits(s, d, configuration, layout: layout) else { return nil }
        return (CodeActionCandidate(title: "\(title) (\(d.code))", kind: .quickFix, edits: edits, diagnostic: d, isPreferred: true),
                requirement(removing: [d.code]))
    }

    /// What a lint fix removing findings of `rules` must meet: fewer findings of each, the same comments,
    /// and the same data unless one of the rules is `truthy` (whose fix changes YAML 1.2 data on purpose).
    static func requirement(removing rules: [String]) -> FixVerifier.Requirement {
        FixVerifier.Requirement(removesLint: rules, keepsData: !rules.contains("truthy"), keepsComments: true)
    }

    /// `fixes` (lint quick fixes of one snapshot, in any order) with no two whose edits conflict: each group of
    /// fixes whose edits overlap (or insert at one offset) — neighbouring findings such as a comma and a
    /// bracket that share a run of spaces — becomes one fix, the first of the group (by position) whose
    /// edits verifiably remove a finding of every lint rule in the group, titled with all their rules and
    /// carrying all their diagnostics; when none does, only the group's first fix is offered (the others
    /// come back, computed on the new text, once it is applied). So applying any offered fix, or several
    /// together, never applies an edit meant for text another one has changed.
    static func withoutConflicts(_ fixes: [CodeActionCandidate], verifier: FixVerifier) -> [CodeActionCandidate] {
        guard fixes.count > 1 else { return fixes }
        var out: [CodeActionCandidate] = []
        for ids in conflictGroups(fixes) {
            if ids.count == 1 { out.append(fixes[ids[0]]); continue }
            let rules = groupRules(ids.map { fixes[$0] })
            let joint = ids.first { verifier.verify(fixes[$0].edits, requirement(removing: rules)) }
            guard let chosen = joint else { out.append(fixes[ids[0]]); continue }
            out.append(joined(fixes[chosen], ids.map { fixes[$0] }))
        }
        return out
    }

    /// The groups of `fixes` whose edits conflict (overlap, or insert at one offset), as indices into
    /// `fixes`: each group sorted by the position of its first edit, the groups in the order of their
    /// first fix in `fixes`. Nothing is verified.
    static func conflictGroups(_ fixes: [CodeActionCandidate]) -> [[Int]] {
        // Group by a sweep over all edits in position order (union of fixes whose edits conflict).
        var group = Array(fixes.indices)
        func root(_ k: Int) -> Int {
            var k = k
            while group[k] != k { group[k] = group[group[k]]; k = group[k] }
            return k
        }
        let edits = fixes.indices.flatMap { k in fixes[k].edits.map { (fix: k, range: $0.range) } }
            .sorted { ($0.range.start, $0.range.end) < ($1.range.start, $1.range.end) }
        var reach: (end: Int, lastStart: Int, fix: Int)? = nil
        for e in edits {
            // Conflict: overlapping the edits before, or at the offset where the last one starts.
            if let r = reach, e.range.start < r.end || e.range.start == r.lastStart {
                let a = root(r.fix), b = root(e.fix)
                if a != b { group[max(a, b)] = min(a, b) }
                reach = (max(r.end, e.range.end), e.range.start, e.fix)
            } else {
                reach = (e.range.end, e.range.start, e.fix)
            }
        }
        var members: [Int: [Int]] = [:]
        for k in fixes.indices { members[root(k), default: []].append(k) }
        return fixes.indices.filter { root($0) == $0 }.map { k in
            (members[k] ?? [k]).sorted { (fixes[$0].edits.first?.range.start ?? 0) < (fixes[$1].edits.first?.range.start ?? 0) }
        }
    }

    /// The lint rules of a group of fixes, in order, each once.
    static func groupRules(_ group: [CodeActionCandidate]) -> [String] {
        group.compactMap { $0.diagnostic?.code }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    }

    /// `fix` (one of `group`) offered for the whole group: titled with every rule of the group, carrying
    /// every diagnostic of the group.
    static func joined(_ fix: CodeActionCandidate, _ group: [CodeActionCandidate]) -> CodeActionCandidate {
        var fix = fix
        let rules = groupRules(group)
        if let own = fix.diagnostic?.code, fix.title.hasSuffix(" (\(own))") {
            fix.title = String(fix.title.dropLast(own.count + 3)) + " (\(rules.joined(separator: ", ")))"
        }
        fix.additionalDiagnostics = group.compactMap(\.diagnostic).filter { $0 != fix.diagnostic }
        return fix
    }

    /// The fix a group of conflicting lint fixes (sorted by position, unverified) resolves to: the first
    /// whose edits verifiably remove a finding of every rule of the group, offered for the group
    /// (``joined(_:_:)``); else the first that verifiably removes its own finding, as
    /// itself (its own title; the others come back once it is applied); else the refusal of the first.
    static func resolveGroup(_ group: [CodeActionCandidate], listed: CodeActionCandidate,
                             verifier: FixVerifier) -> Result<CodeActionCandidate, CodeActionResolveFailure> {
        let rules = groupRules(group)
        if let joint = group.first(where: { verifier.verify($0.edits, requirement(removing: rules)) }) {
            return .success(joined(joint, group))
        }
        var firstRefusal: String?
        for fix in group {
            switch verifier.verdict(fix.edits, requirement(removing: groupRules([fix]))) {
            case .pass: return .success(fix)
            case .refused(let reason): firstRefusal = firstRefusal ?? reason
            }
        }
        return .failure(.refused(title: listed.title, reason: firstRefusal ?? "its edits conflict"))
    }

    /// The rules whose findings fix-all can fix (`truthy` is a quick fix only: it changes YAML 1.2 data).
    static let fixAllRules: Set<String> = [
        "trailing-spaces", "new-line-at-end-of-file", "empty-lines", "comments", "document-start", "comments-indentation",
        "document-end", "new-lines", "quoted-strings", "key-ordering", "indentation",
        "colons", "commas", "hyphens", "braces", "brackets",
    ]

    /// Rounds of fixing in ``fixAll(_:_:configuration:)``: a fix can uncover another (sorting an outer
    /// mapping before an inner one, re-indenting after quotes change), so fixes are applied, the result
    /// linted again, and its fixes applied, up to this many times (so that a second fix-all changes nothing).
    static let fixAllRounds = 12

    /// Every verified data-preserving lint fix of the document (not `truthy`), applied in rounds until no
    /// fixable finding is left (at most ``fixAllRounds``): the snapshot after them (`s` itself when nothing
    /// is fixed). Each round keeps the data and the comments; a round whose fixes fail together keeps the
    /// fixes that pass alone. `diagnostics` are `s`'s lint diagnostics; each later round lints with
    /// `configuration` and `path` (the document's path relative to the configuration, for `ignore`
    /// patterns), so findings a fix uncovers are fixed too. The caller turns the result into line edits
    /// and verifies them against the original text.
    /// `isCancelled` is asked before each round and each re-parse; once it says true, the work stops and
    /// the snapshot reached so far is returned (the caller discards it).
    static func fixAll(_ s: DocumentSnapshot, _ diagnostics: [YAMLDiagnostic], configuration: LintConfiguration,
                       path: String? = nil, isCancelled: @escaping () -> Bool = { false }) -> DocumentSnapshot {
        var current = s
        var findings = diagnostics.filter { $0.source == DocumentModel.lintSource && $0.code != "truthy" }
        var budget = Budget(bytes: isolationBudget * min(s.bytes.count, 64 << 10) + 4 * s.bytes.count, isCancelled: isCancelled)
        for _ in 0..<fixAllRounds where !findings.isEmpty && !isCancelled() {
            let groups = editsByRule(current, findings, configuration)
            let all = merged(groups.values.flatMap { $0 })
            if all.isEmpty { break }
            let baseline = Baseline(current)
            if isCancelled() { break }
            var next = checked(current, all, baseline)
            // Keep what passes: each independently checkable document (chunk) on its own, and in a
            // failing one each rule's fixes, halved until the failing ones are isolated.
            if next == nil, let chunks = current.chunks {
                let accepted = chunkwise(current, chunks, groups, budget: &budget)
                if !accepted.isEmpty { next = checked(current, accepted, baseline) }
            }
            if next == nil {
                let accepted = passingByRule(current, groups, baseline, budget: &budget)
                if !accepted.isEmpty { next = checked(current, accepted, baseline) }
            }
            guard let after = next, after.bytes != current.bytes, !isCancelled() else { break }
            current = after
            // Findings a fix uncovered (blank lines left by removed spaces) are fixed in the next round.
            findings = lintDiagnostics(current, configuration, path: path).filter { $0.code != "truthy" }
        }
        return current
    }

    /// Bytes fix-all may re-parse per byte of a small text while isolating failing fixes: about this many
    /// re-parses of a text up to 64 KiB; a larger text gets four whole re-parses more (checkable documents
    /// are re-parsed alone), so fix-all on save stays bounded and linear on a large file.
    static let isolationBudget = 64

    /// What fix-all may still spend isolating failing fixes: bytes to re-parse (``isolationBudget``), and
    /// the caller's cancellation check.
    struct Budget {
        var bytes: Int
        let isCancelled: () -> Bool
        /// True when no more re-parses may be made.
        var isSpent: Bool { bytes <= 0 || isCancelled() }
    }

    /// What a fix keeps, computed once for the text the fixes apply to.
    struct Baseline {
        let data: [JSONValue]?
        let comments: [String]
        init(_ s: DocumentSnapshot) {
            data = CodeActions.data(s)
            comments = LintFixes.comments(s).sorted()
        }
    }

    /// The snapshot after `edits` when it keeps `s`'s data and comments and adds no error nor any core
    /// diagnostic, else nil.
    private static func checked(_ s: DocumentSnapshot, _ edits: [TextReplacement], _ baseline: Baseline) -> DocumentSnapshot? {
        guard let after = CodeActions.reparse(s, edits), CodeActions.errorCount(after) <= CodeActions.errorCount(s),
              !CodeActions.addsCoreDiagnostic(s, after), comments(after).sorted() == baseline.comments,
              let a = baseline.data, let b = CodeActions.data(after), a == b else { return nil }
        return after
    }

    /// The passing fixes of each rule in `groups`, kept when they pass together with the rules before.
    private static func passingByRule(_ s: DocumentSnapshot, _ groups: [String: [TextReplacement]], _ baseline: Baseline,
                                      budget: inout Budget) -> [TextReplacement] {
        var accepted: [TextReplacement] = []
        for (_, group) in groups.sorted(by: { $0.key < $1.key }) {
            let passing = passingSubset(s, merged(group), baseline, budget: &budget)
            let union = merged(accepted + passing)
            if !passing.isEmpty, !budget.isSpent {
                budget.bytes -= s.bytes.count
                if checked(s, union, baseline) != nil { accepted = union }
            }
        }
        return accepted
    }

    /// The passing fixes of `groups`, document by document: each chunk of `chunks` (a part of `s`
    /// parsed alone as the snapshot's own re-checks do) is checked with its own fixes; an edit across a
    /// chunk boundary is dropped. Offsets in the result are `s`'s.
    private static func chunkwise(_ s: DocumentSnapshot, _ chunks: DocumentChunks, _ groups: [String: [TextReplacement]],
                                  budget: inout Budget) -> [TextReplacement] {
        let starts = chunks.starts
        var perChunk: [Int: [String: [TextReplacement]]] = [:]
        for (rule, edits) in groups {
            for e in edits {
                // The chunk holding the edit's start: the last start at or before it.
                var lo = 0, hi = starts.count
                while hi - lo > 1 { let mid = (lo + hi) / 2; if starts[mid] <= e.range.start { lo = mid } else { hi = mid } }
                let end = lo + 1 < starts.count ? starts[lo + 1] : s.bytes.count
                guard e.range.end <= end, e.range.start < end || lo + 1 == starts.count else { continue }
                perChunk[lo, default: [:]][rule, default: []].append(e)
            }
        }
        var accepted: [TextReplacement] = []
        for (k, rules) in perChunk.sorted(by: { $0.key < $1.key }) where !budget.isCancelled() {
            let start = starts[k], end = k + 1 < starts.count ? starts[k + 1] : s.bytes.count
            let part = DocumentSnapshot(uri: s.uri, version: s.version, bytes: Array(s.bytes[start..<end]))
            func shifted(_ e: TextReplacement, _ by: Int) -> TextReplacement {
                TextReplacement(range: TextRange(start: e.range.start + by, end: e.range.end + by), newText: e.newText)
            }
            let local = rules.mapValues { $0.map { shifted($0, -start) } }
            let baseline = Baseline(part)
            let all = merged(local.values.flatMap { $0 })
            let passing = checked(part, all, baseline) != nil ? all : passingByRule(part, local, baseline, budget: &budget)
            accepted += passing.map { shifted($0, start) }
        }
        return accepted
    }

    /// The largest part of `edits` found by halving that passes ``checked(_:_:_:)`` (each failing edit
    /// is isolated with about log2(n) re-parses, within `budget` bytes re-parsed, decremented per re-parse).
    private static func passingSubset(_ s: DocumentSnapshot, _ edits: [TextReplacement], _ baseline: Baseline,
                                      budget: inout Budget) -> [TextReplacement] {
        guard !edits.isEmpty, !budget.isSpent else { return [] }
        budget.bytes -= s.bytes.count
        if checked(s, edits, baseline) != nil { return edits }
        guard edits.count > 1 else { return [] }
        let half = edits.count / 2
        let left = passingSubset(s, Array(edits[..<half]), baseline, budget: &budget)
        let right = passingSubset(s, Array(edits[half...]), baseline, budget: &budget)
        if left.isEmpty || right.isEmpty { return left + right }
        budget.bytes -= s.bytes.count
        if checked(s, left + right, baseline) != nil { return left + right }
        return left.count >= right.count ? left : right
    }

    /// The unverified fix edits of `findings`, grouped by rule (indentation: the whole document's lines).
    private static func editsByRule(_ s: DocumentSnapshot, _ findings: [YAMLDiagnostic], _ c: LintConfiguration) -> [String: [TextReplacement]] {
        var groups: [String: [TextReplacement]] = [:]
        let needsTokens = findings.contains { $0.code == "quoted-strings" || $0.code == "key-ordering" }
        let tokens = needsTokens ? Self.tokens(s) : []
        for d in findings where d.code != "indentation" {
            if let (_, e) = edits(s, d, c, tokens: tokens) { groups[d.code, default: []] += e }
        }
        let indentation = findings.filter { $0.code == "indentation" }
        if !indentation.isEmpty {
            let flowLines = indentation.compactMap { LintRewriteFixes.flowLine(s, $0) }
            let blockLines = LintRewriteFixes.indentation(s, c, lineRange: nil) ?? []
            if !flowLines.isEmpty || !blockLines.isEmpty { groups["indentation"] = flowLines + blockLines }
        }
        return groups
    }

    /// `edits` sorted, one per stretch of text: the shortest edits are taken first and an edit
    /// overlapping a taken one is dropped (a mapping sorted as a whole waits for the fixes inside it,
    /// in a later round); equal edits from two findings count once. Linear after sorting: only runs of
    /// mutually overlapping edits (usually one or two edits) are resolved shortest-first.
    private static func merged(_ edits: [TextReplacement]) -> [TextReplacement] {
        func conflict(_ a: TextRange, _ b: TextRange) -> Bool {
            a == b || (a.start < b.end && b.start < a.end)
                || (a.isEmpty && b.start < a.start && a.start < b.end) || (b.isEmpty && a.start < b.start && b.start < a.end)
        }
        let sorted = edits.sorted { $0.range < $1.range }
        var out: [TextReplacement] = []
        out.reserveCapacity(sorted.count)
        var runStart = 0
        var runEnd = -1   // the largest end offset in the current run
        func flush(_ upTo: Int) {
            let run = sorted[runStart..<upTo]
            if run.count == 1 { out.append(run[run.startIndex]); return }
            var taken: [TextReplacement] = []
            for e in run.sorted(by: { ($0.range.end - $0.range.start, $0.range) < ($1.range.end - $1.range.start, $1.range) })
            where !taken.contains(where: { conflict($0.range, e.range) }) {
                taken.append(e)
            }
            out += taken.sorted { $0.range < $1.range }
        }
        for (k, e) in sorted.enumerated() {
            // A run goes on while the next edit can conflict with one in it (starts before the run's end,
            // or is the same empty range as the previous one).
            if k > runStart, !(e.range.start < runEnd || e.range == sorted[k - 1].range) {
                flush(k)
                runStart = k
                runEnd = -1
            }
            runEnd = max(runEnd, e.range.end)
        }
        if runStart < sorted.count { flush(sorted.count) }
        return out
    }

    /// The lint findings of `s` under `c` as diagnostics (as ``LintDiagnostics`` makes them); `path` is
    /// the document's path relative to the configuration (for `ignore` patterns).
    static func lintDiagnostics(_ s: DocumentSnapshot, _ c: LintConfiguration, path: String? = nil) -> [YAMLDiagnostic] {
        LintDiagnostics.compute(s, .lint(c, relativePath: path)).1
    }

    // MARK: Edits

    /// The line break a fix adding a line at `offset` writes: the file's own (see
    /// ``DocumentSnapshot/lineBreak(at:fallback:)``), or, in a text without one, the form `new-lines` asks for.
    private static func lineBreak(_ s: DocumentSnapshot, _ offset: Int, _ c: LintConfiguration) -> String {
        s.lineBreak(at: offset, fallback: c.rules[.newLines]?.options["type"]?.string == "dos" ? "\r\n" : "\n")
    }

    private static func int(_ c: LintConfiguration, _ rule: String, _ option: String) -> Int? {
        guard let id = LintRuleID(rawValue: rule) else { return nil }
        return c.rules[id]?.options[option]?.int
    }

    /// The lint token stream of `s` (for the fixes that look at scalar values and keys).
    static func tokens(_ s: DocumentSnapshot) -> [LintToken] {
        LintTokenizer.tokens(s.parse, text: LintText(s.lineIndex))
    }

    /// The edits of the fix for `d` (unverified), with the fix's title; `tokens` is `s`'s lint token
    /// stream when the caller has it, `layout` gives `s`'s indentation layout under `c` when the caller
    /// keeps it (see ``LintRewriteFixes/indentationLayout(_:_:)``).
    static func edits(_ s: DocumentSnapshot, _ d: YAMLDiagnostic, _ c: LintConfiguration,
                      tokens: [LintToken]? = nil, layout: (() -> IndentationLayout?)? = nil) -> (String, [TextReplacement])? {
        let b = s.bytes
        let p = d.range.start
        let line = s.lineIndex.line(containing: p)
        let lineStart = s.lineIndex.lineStart(line)
        let lineEnd = s.lineIndex.lineContentEnd(line)
        func isBlank(_ x: UInt8) -> Bool { x == 0x20 || x == 0x09 }
        switch d.code {
        case "trailing-spaces":
            var start = lineEnd
            while start > lineStart && isBlank(b[start - 1]) { start -= 1 }
            // In a block scalar's content the spaces are part of the value (YAML 1.2.2 §8.1.1.2).
            guard start < lineEnd, !isInsideScalar(s, start, kinds: [.blockScalarContent]) else { return nil }
            return ("Remove trailing spaces", [TextReplacement(range: TextRange(start: start, end: lineEnd), newText: "")])
        case "new-line-at-end-of-file":
            guard !endsInBlockScalarContent(s) else { return nil }
            return ("Add a final line break", [TextReplacement(range: TextRange(empty: b.count), newText: lineBreak(s, b.count, c))])
        case "empty-lines":
            // The finding is on the last blank line of a run; keep as many blank lines as allowed.
            guard let allowed = lastNumber(in: d.message) else { return nil }
            var first = line
            while first > 0 && isEmptyLine(s, first - 1) { first -= 1 }
            let blank = line - first + 1
            guard blank > allowed else { return nil }
            let removeFrom = s.lineIndex.lineStart(first)
            let removeTo = s.lineIndex.lineStart(first + (blank - allowed))
            // Blank lines inside a scalar are line feeds of its value (YAML 1.2.2 §6.5, §8.1.1.2).
            guard removeTo > removeFrom, !isInsideScalar(s, removeFrom, kinds: [.blockScalarContent, .plainScalar,
                                                                                 .singleQuotedScalar, .doubleQuotedScalar])
            else { return nil }
            return ("Remove extra blank lines", [TextReplacement(range: TextRange(start: removeFrom, end: removeTo), newText: "")])
        case "comments":
            if d.message.hasPrefix("missing starting space") {
                return ("Add a space after #", [TextReplacement(range: TextRange(empty: p), newText: " ")])
            }
            guard d.message.hasPrefix("too few spaces before comment"), let want = lastNumber(in: d.message) else { return nil }
            var start = p
            while start > lineStart && isBlank(b[start - 1]) { start -= 1 }
            return ("Put \(want) spaces before the comment",
                    [TextReplacement(range: TextRange(start: start, end: p), newText: String(repeating: " ", count: want))])
        case "document-start":
            guard d.message.hasPrefix("missing") else { return nil }
            return ("Add the document start marker ---",
                    [TextReplacement(range: TextRange(empty: lineStart), newText: "---" + lineBreak(s, lineStart, c))])
        case "comments-indentation":
            // Indent the comment like the next line with content (or column 0 at the end).
            var indent = 0
            var next = line + 1
            while next < s.lineIndex.lineCount {
                let start = s.lineIndex.lineStart(next), end = s.lineIndex.lineContentEnd(next)
                var k = start
                while k < end && b[k] == 0x20 { k += 1 }
                if k < end && b[k] != UInt8(ascii: "#") { indent = k - start; break }
                next += 1
            }
            var contentStart = lineStart
            while contentStart < lineEnd && isBlank(b[contentStart]) { contentStart += 1 }
            guard contentStart == p else { return nil }
            // The comment lines after it at the same column go with it: yamllint measures each comment
            // against the one before, so fixed one by one they would take one fix-all round each.
            let column = p - lineStart
            let newIndent = String(repeating: " ", count: indent)
            var edits = [TextReplacement(range: TextRange(start: lineStart, end: p), newText: newIndent)]
            var following = line + 1
            while following < next {
                let start = s.lineIndex.lineStart(following), end = s.lineIndex.lineContentEnd(following)
                var k = start
                while k < end && b[k] == 0x20 { k += 1 }
                guard k - start == column, k < end, b[k] == UInt8(ascii: "#") else { break }
                edits.append(TextReplacement(range: TextRange(start: start, end: k), newText: newIndent))
                following += 1
            }
            return ("Indent the comment like the content", edits)
        case "document-end":
            // Every missing `...` at once (two findings can share a position: yamllint reports the one at
            // the end of the text on the line above it).
            guard d.message.hasPrefix("missing") else { return nil }
            let tokens = s.tree.tokens.filter { !$0.kind.isTrivia && $0.kind != .error }
            var edits: [TextReplacement] = []
            for (k, t) in tokens.enumerated() where t.kind == .directivesEnd && k > 0 {
                let before = tokens[k - 1].kind
                if before == .documentEnd || before == .directive { continue }
                let start = s.lineIndex.lineStart(s.lineIndex.line(containing: t.range.start))
                edits.append(TextReplacement(range: TextRange(empty: start), newText: "..." + lineBreak(s, start, c)))
            }
            // Not after a block scalar whose last line ends the text: the line break before `...` would
            // change its value for PyYAML and libyaml (see `endsInBlockScalarContent`).
            if let last = tokens.last, last.kind != .documentEnd, !endsInBlockScalarContent(s) {
                let needsBreak = !b.isEmpty && b[b.count - 1] != 0x0A && b[b.count - 1] != 0x0D
                let lb = lineBreak(s, b.count, c)
                edits.append(TextReplacement(range: TextRange(empty: b.count), newText: (needsBreak ? lb : "") + "..." + lb))
            }
            guard !edits.isEmpty else { return nil }
            return ("Add the missing document end markers ...", edits)
        case "new-lines":
            // Every line break in the expected form (YAML reads `\n`, `\r\n` and a lone `\r` as one break, §5.4).
            let dos = d.message.hasSuffix("\\r\\n")
            var edits: [TextReplacement] = []
            for i in b.indices {
                if b[i] == 0x0A {
                    let isCRLF = i > 0 && b[i - 1] == 0x0D
                    if dos && !isCRLF { edits.append(TextReplacement(range: TextRange(empty: i), newText: "\r")) }
                    if !dos && isCRLF { edits.append(TextReplacement(range: TextRange(start: i - 1, end: i), newText: "")) }
                } else if b[i] == 0x0D && (i + 1 == b.count || b[i + 1] != 0x0A) {
                    edits.append(dos ? TextReplacement(range: TextRange(empty: i + 1), newText: "\n")
                                     : TextReplacement(range: TextRange(start: i, end: i + 1), newText: "\n"))
                }
            }
            guard !edits.isEmpty else { return nil }
            return (dos ? "Use \\r\\n line breaks" : "Use \\n line breaks", edits)
        case "quoted-strings":
            return LintRewriteFixes.quotedStrings(s, d, c, tokens: tokens ?? Self.tokens(s))
        case "key-ordering":
            return LintRewriteFixes.keyOrdering(s, d, c, tokens: tokens ?? Self.tokens(s))
        case "indentation":
            if let edit = LintRewriteFixes.flowLine(s, d) { return ("Re-indent this line", [edit]) }
            // The whole text's layout, from which only the block's lines are taken; not offered when that
            // obviously fails verification (see ``LintRewriteFixes/blockReindentRefusal``).
            guard d.message.hasPrefix("wrong indentation"), let (block, lines) = LintRewriteFixes.block(s, d),
                  let layout = layout?() ?? LintRewriteFixes.indentationLayout(s, c), let edits = layout.edits(lines), !edits.isEmpty,
                  LintRewriteFixes.blockReindentRefusal(s, block: block, lines: lines, layout: layout, edits: edits) == nil
            else { return nil }
            return ("Re-indent this block", edits)
        case "colons", "commas", "hyphens", "braces", "brackets":
            return spacing(s, d, c, lineStart: lineStart, lineEnd: lineEnd)
        case "truthy":
            guard let token = s.token(at: p), token.kind == .plainScalar, token.range.start == p else { return nil }
            let text = String(decoding: s.bytes[token.range.start..<token.range.end], as: UTF8.self)
            let allowed = c.rules[.truthy]?.options["allowed-values"]?.strings ?? ["true", "false"]
            let truthyWords = ["yes", "on", "true"]
            let replacement = truthyWords.contains(text.lowercased()) ? "true" : "false"
            guard allowed.contains(replacement) else { return nil }
            return ("Replace \(text) with \(replacement)", [TextReplacement(range: token.range, newText: replacement)])
        default:
            return nil
        }
    }

    /// True when byte `offset` lies inside (not at the start of) a token of one of `kinds`.
    /// Reads the token alone (``DocumentSnapshot/token(at:)``: in a stream, its document's).
    static func isInsideScalar(_ s: DocumentSnapshot, _ offset: Int, kinds: Set<TokenKind>) -> Bool {
        guard let t = s.token(at: offset) else { return false }
        return kinds.contains(t.kind) && t.range.start < offset
    }

    /// True when the text ends inside a block scalar's content (no line break after its last line). Adding
    /// the final line break could then change the value for some readers: YAML 1.2.2 §8.1.1.2
    /// (`b-chomped-last`) lets the last line end at the end of the input, which PyYAML and libyaml read as
    /// no line break (`|` + `x` is "x"), while the yaml-test-suite's reference (L24T) and PureYAML read the
    /// end of the input as one ("x\n"). `new-line-at-end-of-file` gets no fix there, `document-end` no `...`
    /// at the end, and `key-ordering` does not move that block scalar's entry away from the end.
    static func endsInBlockScalarContent(_ s: DocumentSnapshot) -> Bool {
        guard let last = s.lastToken() else { return false }
        return last.kind == .blockScalarContent && last.range.end == s.bytes.count
            && s.bytes.last != 0x0A && s.bytes.last != 0x0D   // the content token ends after its line break
    }

    private static func isEmptyLine(_ s: DocumentSnapshot, _ line: Int) -> Bool {
        s.lineIndex.lineStart(line) == s.lineIndex.lineContentEnd(line)
    }

    /// The last decimal number in `text` (`too many blank lines (3 > 2)` -> 2).
    private static func lastNumber(in text: String) -> Int? {
        let digits = text.split(whereSeparator: { !$0.isNumber })
        return digits.last.flatMap { Int($0) }
    }

    /// The run of spaces the spacing finding is about (around its position, never the indentation),
    /// replaced by the configured maximum ("too many") or minimum ("too few").
    private static func spacing(_ s: DocumentSnapshot, _ d: YAMLDiagnostic, _ c: LintConfiguration,
                                lineStart: Int, lineEnd: Int) -> (String, [TextReplacement])? {
        let b = s.bytes
        let p = d.range.start
        var start = p, end = p
        if p < lineEnd && b[p] == 0x20 {
            while start > lineStart && b[start - 1] == 0x20 { start -= 1 }
            while end < lineEnd && b[end] == 0x20 { end += 1 }
        } else {
            while start > lineStart && b[start - 1] == 0x20 { start -= 1 }
        }
        guard start > lineStart, !(b[lineStart..<start].allSatisfy { $0 == 0x20 || $0 == 0x09 }) else { return nil }
        let m = d.message
        let option: String
        switch (d.code, m.hasPrefix("too many"), m.contains("before")) {
        case ("braces", true, _), ("brackets", true, _):
            option = m.contains("empty") && (int(c, d.code, "max-spaces-inside-empty") ?? -1) != -1
                ? "max-spaces-inside-empty" : "max-spaces-inside"
        case ("braces", false, _), ("brackets", false, _):
            option = m.contains("empty") && (int(c, d.code, "min-spaces-inside-empty") ?? -1) != -1
                ? "min-spaces-inside-empty" : "min-spaces-inside"
        case (_, true, true): option = "max-spaces-before"
        case (_, true, false): option = "max-spaces-after"
        case (_, false, _): option = "min-spaces-after"
        }
        guard let n = int(c, d.code, option), n >= 0 else { return nil }
        // Where the spaces are, from the message: "too many spaces after comma" -> "after the comma".
        var place = m.firstRange(of: "spaces ").map { m[$0.upperBound...].split(separator: " ").map(String.init) } ?? []
        if !place.isEmpty { place.insert("the", at: 1) }
        let at = place.isEmpty ? "" : " " + place.joined(separator: " ")
        let title = n == 0 ? "Remove the spaces\(at)" : "Use \(n) space\(n == 1 ? "" : "s")\(at)"
        return (title, [TextReplacement(range: TextRange(start: start, end: end), newText: String(repeating: " ", count: n))])
    }

    // MARK: Verification

    /// The comments of a snapshot with spaces removed (compared as a multiset: sorting keys moves them).
    static func comments(_ s: DocumentSnapshot) -> [String] { comments(in: s.tree) }

    /// The comments of `tree` with spaces removed.
    static func comments(in tree: SyntaxTree) -> [String] {
        tree.tokens.filter { $0.kind == .comment }.map {
            String(decoding: tree.slice($0.range).filter { $0 != 0x20 && $0 != 0x09 }, as: UTF8.self)
        }
    }
}
