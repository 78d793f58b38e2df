import YAMLComposer
import YAMLLint
import YAMLParser
import YAMLSyntax

/// Checks candidate fix edits of one snapshot by applying them and analysing the result, with what the
/// checks compare against (the data, comments, core diagnostics and lint findings of the unedited text)
/// computed once per snapshot instead of once per candidate, and each answer remembered: editors ask for
/// code actions at nearly every cursor move, mostly at the same version.
///
/// In a stream whose documents are independently checkable (``DocumentChunks``: no directives, no `...`,
/// documents share nothing, YAML 1.2.2 §9.2), edits that lie inside one document's chunk are checked on
/// that chunk alone: core diagnostics, data (YAML 1.2.2 §3.2.1, through ``JSONProjection``) and comments
/// of the other documents cannot change, so the answer is the same as for the whole text, at the cost of
/// one document. The chunk must keep its `---` markers and (when another follows) its final line break, or
/// the whole text is checked. When the chunk check passes every safety condition but the lint finding
/// count does not drop (a rule that looks past the document, like `empty-lines` at the end of the text),
/// the whole text decides. In a text that is not in chunks, edits inside one block mapping entry may pass
/// checked on that entry alone, as a keystroke re-checks it (``BlockEntries``; see ``passesInOneEntry(_:_:)``);
/// every refusal comes from the whole text.
///
/// One verifier serves one snapshot and one lint configuration; ``DocumentModel`` keeps the last one per
/// document. Not thread-safe (the model is used from one serial context). Offsets are UTF-8 bytes.
final class FixVerifier {
    /// What a fix must achieve besides keeping the text sound (no new error, no new core diagnostic of any
    /// code and severity).
    struct Requirement: Hashable {
        /// A core diagnostic code of which the edited text must have fewer (an error of that code removed
        /// lowers the allowed error count by one).
        var removesCore: String?
        /// Lint rules of which the edited text must have fewer findings (with ``FixVerifier/configuration``).
        var removesLint: [String] = []
        /// The data of every document stays the same; when false, the number of documents does.
        var keepsData: Bool
        /// The comments stay the same (ignoring blanks; compared as a multiset).
        var keepsComments: Bool = false
    }

    /// What a verifier computed of the chunks it checked (a pure function of each chunk's bytes and the lint
    /// configuration), handed to the verifier of a later snapshot of the document: a chunk whose bytes did not
    /// change (a keystroke in another document of the stream) is not parsed, composed and linted again.
    struct ChunkBaselines {
        fileprivate let configuration: LintConfiguration?
        fileprivate let baselines: [Int: Baseline]
    }

    /// What the checks compare against, for the whole text or one chunk.
    fileprivate struct Baseline {
        let snapshot: DocumentSnapshot
        let errors: Int
        let coreCounts: [String: Int]
        let data: [JSONValue]?
        let documents: Int
        let comments: [String]
        var lintCounts: [String: Int]?

        init(_ s: DocumentSnapshot) {
            snapshot = s
            errors = CodeActions.errorCount(s)
            coreCounts = FixVerifier.counts(s.diagnostics.map(\.code))
            data = CodeActions.data(s)
            documents = s.composition.documents.count
            comments = LintFixes.comments(s).sorted()
        }
    }

    /// The answer for one candidate: it passes, or it is refused for a reason the user can read
    /// ("it would change the data of the document").
    enum Verdict: Hashable {
        case pass
        case refused(String)
    }

    private enum Outcome {
        case pass, fail(String), lintCountKept(String)
    }

    /// The snapshot whose edits are checked.
    let snapshot: DocumentSnapshot
    /// The lint configuration lint requirements are checked with (nil: lint is off).
    let configuration: LintConfiguration?
    private var whole: Baseline?
    private var chunkBaselines: [Int: Baseline] = [:]
    private var answers: [[TextReplacement]: [Requirement: Verdict]] = [:]
    /// The indentation layout, once made (`.some(nil)`: the formatter refused the text).
    private(set) var layout: IndentationLayout??

    /// How many edited texts have been analysed (re-parsed, and linted when a requirement needs it) so far:
    /// the work a check costs, which kept answers do not repeat.
    private(set) var analysedTexts = 0
    /// How many of those passed checked on one block mapping entry (``passesInOneEntry(_:_:)``).
    private(set) var passedInOneEntry = 0

    /// Whether edits inside one document of a stream are checked on that document alone (false: always
    /// on the whole text, for tests that compare both).
    let checksDocumentsAlone: Bool

    /// The baselines of chunks a verifier of an earlier snapshot made, by chunk index; one is used for chunk k
    /// only when it holds exactly chunk k's bytes of this snapshot (and the configuration is the same).
    private var earlier: [Int: Baseline] = [:]

    /// `earlier`: what the verifier of an earlier snapshot of the document computed of its chunks.
    init(_ snapshot: DocumentSnapshot, configuration: LintConfiguration?, checksDocumentsAlone: Bool = true,
         earlier: ChunkBaselines? = nil) {
        self.snapshot = snapshot
        self.configuration = configuration
        self.checksDocumentsAlone = checksDocumentsAlone
        if let earlier, earlier.configuration == configuration, snapshot.chunks != nil {
            self.earlier = earlier.baselines
        }
    }

    /// The baselines of the chunks checked so far, with those handed on from earlier verifiers that were not
    /// used: what the next snapshot's verifier may reuse.
    /// At most ``handedOnChunks`` of them, those of this verifier first.
    var handedOn: ChunkBaselines {
        let all = earlier.merging(chunkBaselines) { _, made in made }
        return ChunkBaselines(configuration: configuration, baselines: all.count <= Self.handedOnChunks ? all : chunkBaselines)
    }

    /// How many chunk baselines are handed on at most (each holds its chunk's analysis and data).
    static let handedOnChunks = 8

    /// True when this verifier answers for `s` (the same snapshot value: URI, version and text) under
    /// `configuration`.
    func serves(_ s: DocumentSnapshot, configuration c: LintConfiguration?) -> Bool {
        s.uri == snapshot.uri && s.version == snapshot.version && c == configuration && s.bytes == snapshot.bytes
    }

    /// The formatter's indentation layout of `snapshot` under `configuration` (what `indentation` block
    /// fixes take their lines from; see ``LintRewriteFixes/indentationLayout(_:_:)``), made on first use
    /// and kept: cursor moves at one version do not format the text again. Nil when lint is off, the rule
    /// is disabled or the formatter refuses the text.
    func indentationLayout() -> IndentationLayout? {
        if let kept = layout { return kept }
        let made = configuration.flatMap { LintRewriteFixes.indentationLayout(snapshot, $0) }
        layout = .some(made)
        return made
    }

    /// True when applying `edits` (non-overlapping, in `snapshot`'s offsets) leaves a text that parses
    /// with no more errors and no new core diagnostic, and meets `requirement`.
    func verify(_ edits: [TextReplacement], _ requirement: Requirement) -> Bool {
        verdict(edits, requirement) == .pass
    }

    /// ``verify(_:_:)`` with the reason of a refusal; kept per edits and requirement like it.
    func verdict(_ edits: [TextReplacement], _ requirement: Requirement) -> Verdict {
        if let known = answers[edits]?[requirement] { return known }
        var answer: Verdict
        if checksDocumentsAlone, let (k, local) = chunkLocal(edits) {
            switch check(chunk: k, local, requirement) {
            case .pass?: answer = .pass
            case .fail(let reason)?: answer = .refused(reason)
            case .lintCountKept?, nil: answer = check(whole: edits, requirement)
            }
        } else if checksDocumentsAlone, passesInOneEntry(edits, requirement) {
            analysedTexts += 1
            passedInOneEntry += 1
            answer = .pass
        } else {
            answer = check(whole: edits, requirement)
        }
        answers[edits, default: [:]][requirement] = answer
        return answer
    }

    /// The answer already known for `edits` and `requirement`, nil when they were never checked (nothing
    /// is computed).
    func knownVerdict(_ edits: [TextReplacement], _ requirement: Requirement) -> Verdict? {
        answers[edits]?[requirement]
    }

    // MARK: Chunks

    /// The chunk holding every edit strictly inside it (never touching the `---` that starts it nor the
    /// start of the next chunk), and the edits in that chunk's offsets; nil when there is none.
    private func chunkLocal(_ edits: [TextReplacement]) -> (Int, [TextReplacement])? {
        guard let chunks = snapshot.chunks, let first = edits.map(\.range.start).min(),
              let last = edits.map(\.range.end).max() else { return nil }
        let starts = chunks.starts
        var lo = 0, hi = starts.count
        while hi - lo > 1 { let mid = (lo + hi) / 2; if starts[mid] <= first { lo = mid } else { hi = mid } }
        let start = starts[lo]
        let end = lo + 1 < starts.count ? starts[lo + 1] : snapshot.bytes.count
        let isLast = lo + 1 == starts.count
        guard lo == 0 || first > start + 3, isLast ? last <= end : last < end else { return nil }
        return (lo, edits.map {
            TextReplacement(range: TextRange(start: $0.range.start - start, end: $0.range.end - start), newText: $0.newText)
        })
    }

    /// The check of chunk `k` alone; nil when the edited chunk no longer stands alone the same way (its
    /// markers changed, or it lost the final line break another chunk needs).
    private func check(chunk k: Int, _ edits: [TextReplacement], _ requirement: Requirement) -> Outcome? {
        guard let chunks = snapshot.chunks else { return nil }
        let base: Baseline
        let start = chunks.starts[k]
        let end = chunks.end(of: k, textCount: snapshot.bytes.count)
        if let known = chunkBaselines[k] {
            base = known
        } else if let handed = earlier[k], handed.snapshot.bytes.count == end - start, handed.snapshot.bytes[...] == snapshot.bytes[start..<end] {
            base = handed
            chunkBaselines[k] = base
        } else {
            base = Baseline(DocumentSnapshot(uri: snapshot.uri, version: snapshot.version, bytes: Array(snapshot.bytes[start..<end])))
            chunkBaselines[k] = base
        }
        analysedTexts += 1
        guard let after = CodeActions.reparse(base.snapshot, edits) else { return .fail(Self.unreadable) }
        let isLast = k + 1 == chunks.starts.count
        guard DocumentChunks.markers(in: after.tree.tokens) == DocumentChunks.markers(in: base.snapshot.tree.tokens),
              isLast || after.bytes.last == 0x0A else { return nil }
        var local = base
        let outcome = Self.outcome(after, &local, requirement, configuration)
        chunkBaselines[k] = local
        return outcome
    }

    // MARK: One block mapping entry

    /// The lint rules whose findings on a block mapping entry's lines are the same whether the lines are linted
    /// in context or alone (the `- ` indicators before the key made spaces, as ``BlockEntries`` parses them):
    /// each reads the spaces between tokens on one line, or one line (yamllint 1.38's rules as `YAMLLint`
    /// implements them); a finding about the indicators made spaces is in neither the old nor the new lines
    /// alone, and in both texts in context (the edits start after the key's `:`).
    static let entryLocalRules: Set<String> = ["trailing-spaces", "colons", "commas", "comments", "hyphens", "braces", "brackets"]

    /// True when the text qualifies for ``passesInOneEntry(_:_:)``: computed once.
    private lazy var checksEntries: Bool = Self.qualifiesForEntryChecks(snapshot)

    /// True when `edits` verifiably meet `requirement` checked on the one block mapping entry of a text that is
    /// not in chunks holding them all, as a keystroke's re-check does (``BlockEntries``): the whole new text's
    /// core diagnostics are the old ones with the entry's made again, so errors and core problems are counted
    /// as for the whole text; the text outside the entry is unchanged, so the comments are the same when the
    /// entry's lines (old and new, parsed alone) have the same comments, the data when the entry composed alone
    /// (its key and value: no anchor or alias in the text, so nothing outside repeats them) has the same data,
    /// and a finding of a rule in ``entryLocalRules`` is removed when the entry's lines alone have fewer. False
    /// whenever that cannot be shown: the whole text is checked then (and every refusal comes from there).
    private func passesInOneEntry(_ edits: [TextReplacement], _ requirement: Requirement) -> Bool {
        guard snapshot.chunks == nil, let entries = snapshot.blockEntries, entries.anchors == nil,
              requirement.removesLint.allSatisfy(Self.entryLocalRules.contains),
              requirement.removesLint.isEmpty || configuration != nil,
              let first = edits.map(\.range.start).min(), let last = edits.map(\.range.end).max(), checksEntries else { return false }
        let old = snapshot.bytes
        let new = CodeActions.apply(edits, to: old)
        let (prefix, suffix) = DocumentChunks.commonPrefixAndSuffix(old, new, replacing: first, last)
        guard prefix < old.count || prefix < new.count else { return false }
        let lineIndex = LineIndex(new, editing: snapshot.lineIndex, prefix: prefix, suffixStart: new.count - suffix)
        guard let recheck = entries.recheck(old: old, diagnostics: snapshot.diagnostics, lineIndex: snapshot.lineIndex, new: new,
                                            newLineIndex: lineIndex, prefix: prefix, suffix: suffix),
              let newEntry = recheck.entry, let newTree = recheck.tree else { return false }

        // Core diagnostics, as ``outcome(_:_:_:_:)`` counts them for the whole text.
        var allowedErrors = CodeActions.errorCount(snapshot)
        let baseCounts = Self.counts(snapshot.diagnostics.map(\.code))
        if let code = requirement.removesCore {
            guard recheck.diagnostics.filter({ $0.code == code }).count < baseCounts[code, default: 0] else { return false }
            if snapshot.diagnostics.contains(where: { $0.code == code && $0.severity == .error }) { allowedErrors -= 1 }
        }
        guard recheck.diagnostics.filter({ $0.severity == .error }).count <= allowedErrors else { return false }
        let afterCounts = Self.counts(recheck.diagnostics.map(\.code))
        guard !afterCounts.contains(where: { $0.value > baseCounts[$0.key, default: 0] }) else { return false }

        // The entry's old lines, parsed alone as its new ones were (the indicators before the key made spaces).
        let slice = recheck.slice
        guard let keyColumn = newTree.nodes.indices.first(where: { newTree.nodes[$0].kind == .mappingEntry }).map({ newTree.range(ofNode: $0).start }),
              Self.hasNoCollectionKey(new[slice.start..<slice.end]) else { return false }
        func alone(_ bytes: ArraySlice<UInt8>) -> ParseResult {
            var lines = Array(bytes)
            for j in 0..<min(keyColumn, lines.count) where lines[j] != 0x20 { lines[j] = 0x20 }
            return Parser.parse(lines)
        }
        let oldParse = alone(old[slice.start..<(slice.end - recheck.delta)])
        if requirement.keepsComments && LintFixes.comments(in: oldParse.tree).sorted() != LintFixes.comments(in: newTree).sorted() { return false }
        if requirement.keepsData {
            let composed = Composer.compose(oldParse)
            guard composed.documents.count == 1, case .success(let a) = JSONProjection.project(composed.documents[0].root),
                  case .success(let b) = JSONProjection.project(newEntry), a == b else { return false }
        }
        guard !requirement.removesLint.isEmpty, let configuration else { return true }
        let rules = configuration.restricted(to: Set(requirement.removesLint.compactMap(LintRuleID.init(rawValue:))))
        let before = Self.counts(Linter.lint(oldParse, configuration: rules).map(\.rule))
        let now = Self.counts(Linter.lint(alone(new[slice.start..<slice.end]), configuration: rules).map(\.rule))
        return requirement.removesLint.allSatisfy { now[$0, default: 0] < before[$0, default: 0] }
    }

    /// True when the data of every version of `s`'s text edited inside one block mapping entry, with that entry's
    /// data unchanged and no collection key in its new lines, can be projected (``JSONProjection``) as that of
    /// `s`'s text: no anchor or alias (the expansion is the graph, at most two nodes per byte: under the node
    /// budget below 256 KiB), no collection key (``hasNoCollectionKey(_:)``), and nesting under the depth limit
    /// (each nested block collection starts to the right of its parent's start or its parent's parent's, each
    /// flow collection at a `[` or `{`: at most two levels per column of the longest line plus one per bracket);
    /// nor any `yamllint` directive comment (lint alone would not see one above the entry).
    static func qualifiesForEntryChecks(_ s: DocumentSnapshot) -> Bool {
        let bytes = s.bytes
        guard bytes.count < SnapshotAnalysis.compositionReleaseBytes, hasNoCollectionKey(bytes[...]) else { return false }
        var longest = 0, lineStart = 0, brackets = 0
        let word = Array("yamllint".utf8)
        for i in bytes.indices {
            switch bytes[i] {
            case 0x0A, 0x0D:
                longest = max(longest, i - lineStart)
                lineStart = i + 1
            case 0x5B, 0x7B: brackets += 1
            case 0x79 where bytes[i...].starts(with: word): return false
            default: break
            }
        }
        longest = max(longest, bytes.count - lineStart)
        return 2 * (longest + 1) + brackets < JSONProjection.defaultMaxDepth
    }

    /// True when `bytes` holds no `?` followed by a blank or a line break (an explicit key, YAML 1.2.2 §8.2.2)
    /// and no `]` or `}` followed by blanks and a `:` (a flow collection as an implicit key, §7.4): then no
    /// mapping key is a collection (an alias neither, in a text without one).
    static func hasNoCollectionKey(_ bytes: ArraySlice<UInt8>) -> Bool {
        var i = bytes.startIndex
        while i < bytes.endIndex {
            switch bytes[i] {
            case 0x3F:
                if i + 1 == bytes.endIndex || [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i + 1]) { return false }
            case 0x5D, 0x7D:
                var j = i + 1
                while j < bytes.endIndex && (bytes[j] == 0x20 || bytes[j] == 0x09) { j += 1 }
                if j < bytes.endIndex && bytes[j] == 0x3A { return false }
            default: break
            }
            i += 1
        }
        return true
    }

    // MARK: Whole text

    private func check(whole edits: [TextReplacement], _ requirement: Requirement) -> Verdict {
        analysedTexts += 1
        guard let after = CodeActions.reparse(snapshot, edits) else { return .refused(Self.unreadable) }
        var base = whole ?? Baseline(snapshot)
        let outcome = Self.outcome(after, &base, requirement, configuration)
        whole = base
        switch outcome {
        case .pass: return .pass
        case .fail(let reason), .lintCountKept(let reason): return .refused(reason)
        }
    }

    private static let unreadable = "the edited text could not be analysed"

    /// How `after` (the edited `base` text) meets `requirement`; computes `base`'s lint counts on first need.
    private static func outcome(_ after: DocumentSnapshot, _ base: inout Baseline, _ requirement: Requirement,
                                _ configuration: LintConfiguration?) -> Outcome {
        var allowedErrors = base.errors
        if let code = requirement.removesCore {
            let now = after.diagnostics.filter { $0.code == code }.count
            guard now < base.coreCounts[code, default: 0] else { return .fail("it would not remove the \(code) problem") }
            if base.snapshot.diagnostics.contains(where: { $0.code == code && $0.severity == .error }) { allowedErrors -= 1 }
        }
        guard CodeActions.errorCount(after) <= allowedErrors else { return .fail("it would add a syntax error") }
        let afterCounts = counts(after.diagnostics.map(\.code))
        if let added = afterCounts.keys.sorted().first(where: { afterCounts[$0, default: 0] > base.coreCounts[$0, default: 0] }) {
            return .fail("it would add a new \(added) problem")
        }
        if requirement.keepsComments && LintFixes.comments(after).sorted() != base.comments {
            return .fail("it would change the comments")
        }
        if requirement.keepsData {
            guard let a = base.data, let b = CodeActions.data(after), a == b else { return .fail("it would change the data of the document") }
        } else if after.composition.documents.count != base.documents {
            return .fail("it would change the number of documents")
        }
        guard !requirement.removesLint.isEmpty else { return .pass }
        guard let configuration else { return .fail("lint is off") }
        if base.lintCounts == nil {
            base.lintCounts = counts(Linter.lint(base.snapshot.parse, configuration: configuration).map(\.rule))
        }
        let before = base.lintCounts ?? [:]
        let now = counts(Linter.lint(after.parse, configuration: configuration).map(\.rule))
        for rule in requirement.removesLint where now[rule, default: 0] >= before[rule, default: 0] {
            return .lintCountKept("it would not remove the \(rule) finding")
        }
        return .pass
    }

    private static func counts(_ codes: [String]) -> [String: Int] {
        var out: [String: Int] = [:]
        for c in codes { out[c, default: 0] += 1 }
        return out
    }
}
