import YAMLLint
import YAMLSyntax

/// yamllint-compatible lint in the model: findings become diagnostics (code = rule id, severity from the
/// rule's level, source `yamllint`), computed from the snapshot's existing parse when the snapshot is made
/// or the lint settings/environment change. See docs/lint.md.
extension DocumentModel {
    /// The diagnostics source of lint findings.
    public static let lintSource = "yamllint"
    /// The code of the diagnostic that reports a broken yamllint configuration.
    public static let lintConfigurationCode = "lint-config"

    /// The yamllint configurations that cannot be used (and an unknown `pureyaml.lint.preset`), each once,
    /// in the order first met; lint is off for the documents they apply to. Grows only: a renderer reports
    /// the entries added since it last looked, when ``perform(_:)`` returns
    /// ``SurfaceArea/lintConfigurationProblems``.
    public var lintConfigurationProblems: [LintConfigurationProblem] { lint.configurationProblems }

    /// The lint findings of an open document (empty when lint is off), nil when the document is not open.
    public func lintFindings(_ uri: DocumentURI) -> [LintFinding]? {
        records[uri]?.lint.findings
    }

    /// The lint findings of `snapshot` under yamllint's preset `preset` (`default` or `relaxed`; nil for
    /// another name), computed from the snapshot's parse and line index (nothing is parsed again): what
    /// lint adds to a document's diagnostics, as the benchmark measures it.
    public static func lintFindings(_ snapshot: DocumentSnapshot, preset: String) -> [LintFinding]? {
        LintConfiguration.preset(named: preset).map {
            Linter.lint(snapshot.parse, configuration: $0, lineIndex: snapshot.lineIndex)
        }
    }

    /// Recomputes the lint findings of `uri` from its snapshot; true when its lint diagnostics changed.
    /// After an edit of `previous` (whose findings the record holds), only what the edit can change when it
    /// can (``IncrementalLint``).
    @discardableResult
    func refreshLint(_ uri: DocumentURI, after previous: DocumentSnapshot? = nil) -> Bool {
        guard let s = records[uri]?.snapshot else { return false }
        let resolution = lint.resolve(uri, settings: settings(for: uri))
        var state = records[uri]?.lint ?? DocumentLint()
        if let previous, case .lint(let c, let path) = resolution, state.configuration == c, state.relativePath == path,
           let linted = state.linted, linted.analysis == ObjectIdentifier(previous.analysis),
           let findings = IncrementalLint.findings(s, previous: previous, findings: state.findings, configuration: c, path: path,
                                                   previousMentionsYamllint: linted.mentionsYamllint) {
            lint.record(resolution)
            let diagnostics = findings.map(LintDiagnostics.diagnostic)
            let changed = state.diagnostics != diagnostics
            state.findings = findings
            state.diagnostics = diagnostics
            state.linted = (ObjectIdentifier(s.analysis), false, true)
            records[uri]?.lint = state
            return changed
        }
        if case .lint(let c, let path) = resolution {
            state.configuration = c
            state.relativePath = path
        } else {
            state.configuration = nil
            state.relativePath = nil
        }
        lint.record(resolution)
        let (findings, diagnostics) = LintDiagnostics.compute(s, resolution)
        let changed = state.diagnostics != diagnostics
        state.findings = findings
        state.diagnostics = diagnostics
        if case .lint = resolution {
            state.linted = (ObjectIdentifier(s.analysis), nil, false)
        } else {
            state.linted = nil
        }
        records[uri]?.lint = state
        return changed
    }

    /// `actions` (the core code actions for `range`) with the lint quick fixes for lint diagnostics touching
    /// `range` added, and, when `only` asks for fix-all, the lint fixes merged into the fix-all action.
    /// - Throws: ``Cancelled`` when `isCancelled` says true during the work.
    func addingLintActions(_ actions: [CodeActionCandidate], _ s: DocumentSnapshot, range: TextRange,
                           only: Set<CodeActionCandidate.Kind>?,
                           isCancelled: @escaping () -> Bool = { false }) throws(Cancelled) -> [CodeActionCandidate] {
        guard let record = records[s.uri], let configuration = record.lint.configuration, case let diagnostics = record.lint.diagnostics,
              !diagnostics.isEmpty else { return actions }
        var out = actions
        if only?.contains(.quickFix) ?? true {
            let verifier = fixVerifier(s)
            var fixes: [CodeActionCandidate] = []
            for d in diagnostics where d.range.start <= range.end && range.start <= d.range.end {
                if isCancelled() { throw Cancelled() }
                if let fix = LintFixes.quickFix(s, d, configuration: configuration, verifier: verifier) { fixes.append(fix) }
            }
            // Lint fixes whose edits overlap are offered as one.
            out += LintFixes.withoutConflicts(fixes, verifier: verifier)
        }
        if only?.contains(.sourceFixAll) == true {
            // Lint fixes run on the text the core fixes (tabs, unused anchors) leave, then one set of line
            // edits (per changed line) goes from the original text to the result.
            let core = out.firstIndex { $0.kind == .sourceFixAll }
            let base = core.flatMap { CodeActions.reparse(s, out[$0].edits) } ?? s
            let path = record.lint.relativePath
            let baseDiagnostics = core == nil ? diagnostics : LintFixes.lintDiagnostics(base, configuration, path: path)
            let fixed = LintFixes.fixAll(base, baseDiagnostics, configuration: configuration, path: path, isCancelled: isCancelled)
            if isCancelled() { throw Cancelled() }
            guard fixed.bytes != base.bytes else { return out }
            let edits = LineDiff.replacements(from: s.bytes, to: fixed.bytes, splittingLines: true)
            if isCancelled() { throw Cancelled() }
            guard let after = CodeActions.reparse(s, edits), CodeActions.errorCount(after) <= CodeActions.errorCount(s),
                  !CodeActions.addsCoreDiagnostic(s, after), let a = CodeActions.data(s), let b = CodeActions.data(after), a == b else { return out }
            if let core {
                out[core].edits = edits
                out[core].title = "Fix all safe problems (including lint)"
            } else {
                out.append(CodeActionCandidate(title: "Fix all safe lint problems", kind: .sourceFixAll, edits: edits))
            }
        }
        return out
    }

    /// The verifier of `s`'s fix candidates under its lint configuration: the one kept from an earlier
    /// request for the same snapshot (cursor moves at one version), else a new one, kept for the next.
    func fixVerifier(_ s: DocumentSnapshot) -> FixVerifier {
        let configuration = records[s.uri]?.lint.configuration
        let memo = records[s.uri]?.memo
        if let kept = memo?.fixVerifier, kept.serves(s, configuration: configuration) { return kept }
        let made = FixVerifier(s, configuration: configuration, earlier: memo?.earlierChunkBaselines)
        memo?.fixVerifier = made
        memo?.earlierChunkBaselines = nil
        return made
    }

    /// Every verified fix-all edit for an open document (core and lint fixes), nil when it is not open: what
    /// `source.fixAll` and `pureyaml check --fix` apply.
    public func fixAllEdits(_ uri: DocumentURI) -> [TextReplacement]? {
        guard let s = snapshot(uri) else { return nil }
        let actions = codeActions(uri, range: TextRange(start: 0, end: s.bytes.count), only: [.sourceFixAll]) ?? []
        return actions.first { $0.kind == .sourceFixAll }?.edits ?? []
    }

    /// Recomputes lint for an open document whose text did not change; bumps its result-id generation
    /// when the lint diagnostics changed.
    func relint(_ uri: DocumentURI) -> Bool {
        guard refreshLint(uri) else { return false }
        let next = (records[uri]?.lint.generation ?? 0) + 1
        records[uri]?.lint.generation = next
        return true
    }

    /// The suffix that makes a pull-diagnostics result id change when lint diagnostics change without a
    /// new version: empty until that happens.
    func lintResultIDSuffix(_ uri: DocumentURI) -> String {
        records[uri]?.lint.generation.map { "-lint\($0)" } ?? ""
    }

    /// The lint `key-duplicates` diagnostics of `s` published in place of its core `duplicate-key` ones,
    /// keyed by the core diagnostic's range (see ``LintDiagnostics/standIns(core:lint:)``); empty when lint
    /// is off or its `key-duplicates` rule is disabled.
    func duplicateKeyStandIns(_ s: DocumentSnapshot) -> [TextRange: YAMLDiagnostic] {
        guard let lintDiagnostics = records[s.uri]?.lint.diagnostics, !lintDiagnostics.isEmpty else { return [:] }
        return LintDiagnostics.standIns(core: s.diagnostics, lint: lintDiagnostics)
    }
}

/// Turns lint findings into diagnostics.
enum LintDiagnostics {
    /// A finding as a diagnostic: code = rule id, severity from the rule's level, source `yamllint`.
    static func diagnostic(_ f: LintFinding) -> YAMLDiagnostic {
        YAMLDiagnostic(range: f.range, severity: f.level == .error ? .error : .warning, code: f.rule,
                       message: f.message, source: DocumentModel.lintSource)
    }

    /// The code of the core diagnostic of a repeated mapping key (YAML 1.2.2 §3.2.1.1: keys are unique).
    static let duplicateKeyCode = "duplicate-key"

    /// For each core `duplicate-key` diagnostic of `core` that a `key-duplicates` finding of `lint` reports
    /// too (the finding starts inside the key's range), that lint diagnostic, keyed by the core one's range.
    ///
    /// Such a key is published once, as the lint diagnostic (yamllint's rule id, message and level, so
    /// `check --format parsable` stays a drop-in for yamllint), and the `duplicate-key` quick fix is
    /// attached to it. Both lists are sorted by position, as the model keeps them; linear in their lengths.
    static func standIns(core: [YAMLDiagnostic], lint: [YAMLDiagnostic]) -> [TextRange: YAMLDiagnostic] {
        let rule = LintRuleID.keyDuplicates.rawValue
        var findings = lint.lazy.filter { $0.code == rule }.makeIterator()
        var finding = findings.next()
        guard finding != nil else { return [:] }
        var out: [TextRange: YAMLDiagnostic] = [:]
        for d in core where d.code == duplicateKeyCode {
            while let f = finding, f.range.start < d.range.start { finding = findings.next() }
            guard let f = finding else { break }
            if f.range.start < Swift.max(d.range.end, d.range.start + 1) { out[d.range] = f }
        }
        return out
    }

    /// `fix` with its diagnostic replaced by the lint diagnostic published in its place, if any (see
    /// ``standIns(core:lint:)``).
    static func attributing(_ fix: CodeActionCandidate, to standIns: [TextRange: YAMLDiagnostic]) -> CodeActionCandidate {
        guard !standIns.isEmpty, let d = fix.diagnostic, d.code == duplicateKeyCode, let standIn = standIns[d.range] else { return fix }
        var out = fix
        out.diagnostic = standIn
        return out
    }

    static func compute(_ s: DocumentSnapshot, _ resolution: LintState.Resolution) -> ([LintFinding], [YAMLDiagnostic]) {
        switch resolution {
        case .off:
            return ([], [])
        case .broken(let path, let message):
            // Reported once, in ``DocumentModel/lintConfigurationProblems``; only the configuration file itself
            // carries it as a diagnostic, not every document under it.
            guard s.uri.filePath == path else { return ([], []) }
            return ([], [LintConfigurationProblem(path: path, message: message).diagnostic])
        case .lint(let configuration, let relativePath):
            var findings = Linter.lint(s.parse, configuration: configuration, path: relativePath, lineIndex: s.lineIndex)
            // Token and comment rules see the parser's recovery after a syntax error; like yamllint (whose
            // token stream stops at the first scanner error) they report nothing from there on.
            if let firstError = s.syntaxErrors.first(where: { $0.severity == .error })?.range.start {
                findings.removeAll { f in
                    f.range.start >= firstError && !(LintRuleID(rawValue: f.rule)?.isLineRule ?? false)
                }
            }
            return (findings, findings.map(diagnostic))
        }
    }
}
