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
/// the whole text decides.
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
