import YAMLSyntax

/// Code actions for a client that resolves them (LSP 3.17 §"Code Action Resolve Request"): the list is
/// made without verifying any fix (no re-parse, no lint run), and the edit of the one action the user
/// picks is verified when it is resolved. Editors ask for code actions at nearly every cursor move, and
/// verifying every offered fix (re-parse, re-compose, re-lint of the edited document) was most of what
/// the first request at a version cost.
extension DocumentModel {
    /// The code actions of ``codeActions(_:range:only:isCancelled:)`` (same kinds, order and titles), for a
    /// client that resolves them: quick fixes (core and lint), style rewrites and fix-all come without
    /// edits and with ``CodeActionCandidate/resolveReference`` set, unverified — except those already known (at
    /// this version) to fail, which are left out as the eager list leaves them out. Schema quick fixes are
    /// deferred too (their documents' schema violations are still computed for the list). A group of conflicting lint fixes is offered as one action
    /// titled with all their rules; its resolution may fall back to one of them (see
    /// ``LintFixes/resolveGroup(_:listed:verifier:)``). Nil when the document is not open. Writes nothing:
    /// the resolve makes the list again from the reference.
    /// - Throws: ``Cancelled`` when `isCancelled` says true between steps.
    public func deferredCodeActions(_ uri: DocumentURI, range: TextRange, only: Set<CodeActionCandidate.Kind>?,
                                    isCancelled: @escaping () -> Bool = { false }) throws(Cancelled) -> [CodeActionCandidate]? {
        guard let s = snapshot(uri) else { return nil }
        let verifier = fixVerifier(s)
        return try deferredEntries(s, range: range, only: only, verifier: verifier, isCancelled: isCancelled).enumerated().compactMap { index, entry in
            if case .verify(let requirement) = entry.resolution, case .refused? = verifier.knownVerdict(entry.candidate.edits, requirement) {
                return nil
            }
            var listed = entry.candidate
            listed.resolveReference = CodeActionReference(version: s.version, range: range, kinds: only, index: index, title: listed.title)
            listed.edits = []
            return listed
        }
    }

    /// Every entry of the deferred list of `s` for `range` and `only`, in order, with its unverified edits
    /// and how to resolve it; a pure function of the snapshot, its lint configuration and schema results.
    private func deferredEntries(_ s: DocumentSnapshot, range: TextRange, only: Set<CodeActionCandidate.Kind>?, verifier: FixVerifier,
                                 isCancelled: () -> Bool) throws(Cancelled) -> [DeferredCodeActions.Entry] {
        let uri = s.uri
        if isCancelled() { throw Cancelled() }
        func wanted(_ k: CodeActionCandidate.Kind) -> Bool { only?.contains(k) ?? true }
        let configuration = records[uri]?.lint.configuration
        var out: [DeferredCodeActions.Entry] = []
        func offer(_ candidate: CodeActionCandidate, _ resolution: DeferredCodeActions.Resolution) {
            out.append(DeferredCodeActions.Entry(candidate: candidate, resolution: resolution))
        }
        let indentWidth = settings(for: uri).format.indentWidth
        if wanted(.quickFix) {
            let standIns = duplicateKeyStandIns(s)
            for d in s.diagnostics where d.range.overlaps(range) {
                if let (fix, requirement) = CodeActions.unverifiedQuickFix(s, d, indentWidth: indentWidth) {
                    offer(LintDiagnostics.attributing(fix, to: standIns), .verify(requirement))
                }
            }
        }
        if wanted(.refactorRewrite) && s.bytes.count <= CodeActions.maxRewriteBytes {
            for (rewrite, requirement) in CodeActions.unverifiedRewrites(s, at: range.start, indentWidth: indentWidth) {
                offer(rewrite, .verify(requirement))
            }
        }
        if wanted(.quickFix), let schemaDiagnostics = records[uri]?.schema?.diagnostics, !schemaDiagnostics.isEmpty {
            for (fix, check) in SchemaCodeActions.candidates(s, diagnostics: schemaDiagnostics, range: range, schemaOf: { self.schema(uri, document: $0) }) {
                offer(fix, .schema(check))
            }
        }
        if isCancelled() { throw Cancelled() }
        let lintDiagnostics = configuration == nil ? [] : records[uri]?.lint.diagnostics ?? []
        if wanted(.quickFix), let configuration {
            // The same diagnostics as the eager list: those touching the range.
            let fixes = lintDiagnostics.filter { $0.range.start <= range.end && range.start <= $0.range.end }
                .compactMap { LintFixes.unverifiedQuickFix(s, $0, configuration: configuration, verifier: verifier) }
            for group in LintFixes.conflictGroups(fixes.map(\.0)) {
                if group.count == 1 {
                    offer(fixes[group[0]].0, .verify(fixes[group[0]].1))
                } else {
                    let members = group.map { fixes[$0].0 }
                    offer(LintFixes.joined(members[0], members), .lintGroup(members))
                }
            }
        }
        if only?.contains(.sourceFixAll) == true {
            let core = s.diagnostics.contains { $0.code == "tab-indentation" || $0.code == UnusedAnchors.code }
            let lintFixable = lintDiagnostics.contains { LintFixes.fixAllRules.contains($0.code) }
            let title = core && lintFixable ? "Fix all safe problems (including lint)"
                : core ? "Fix all safe problems (tab indentation, unused anchors)" : "Fix all safe lint problems"
            if core || lintFixable { offer(CodeActionCandidate(title: title, kind: .sourceFixAll, edits: []), .fixAll) }
        }
        return out
    }

    /// The verified action that `reference` (from ``deferredCodeActions(_:range:only:isCancelled:)``) names:
    /// the list is made again for the reference's range and kinds at the current snapshot, and its entry
    /// verified. The candidate comes with its edits (UTF-8 byte ranges of that version's text) and its
    /// `resolveReference` kept; its title and diagnostics may differ from the listed ones when a group of
    /// conflicting lint fixes resolves to one of them, or fix-all fixes less than the title said. Verifying
    /// one fix re-parses, re-composes and re-lints the edited document (in a stream of stand-alone documents,
    /// the edited document alone; in one document, often the edited block mapping entry alone: ``FixVerifier``),
    /// once per version and fix.
    /// - Returns: the failure, in words for the user, when the document is not open, has another version
    ///   (the edits would be for a text the editor no longer shows), the reference names no entry of the
    ///   list made again or one with another title (the lint settings changed since), or the fix fails
    ///   verification (it would change the data, the comments, add a syntax error, or not remove its finding).
    /// - Throws: ``Cancelled`` when `isCancelled` says true during fix-all.
    public func resolveCodeAction(_ uri: DocumentURI, _ reference: CodeActionReference,
                                  isCancelled: @escaping () -> Bool = { false }) throws(Cancelled)
        -> Result<CodeActionCandidate, CodeActionResolveFailure> {
        guard let s = snapshot(uri) else { return .failure(.notOpen) }
        guard s.version == reference.version else { return .failure(.documentChanged(offeredAt: reference.version, current: s.version)) }
        let verifier = fixVerifier(s)
        let entries = try deferredEntries(s, range: reference.range, only: reference.kinds, verifier: verifier, isCancelled: isCancelled)
        guard entries.indices.contains(reference.index), case let entry = entries[reference.index],
              entry.candidate.title == reference.title else { return .failure(.unknownAction) }
        var resolved: Result<CodeActionCandidate, CodeActionResolveFailure>
        switch entry.resolution {
        case .verify(let requirement):
            switch verifier.verdict(entry.candidate.edits, requirement) {
            case .pass: resolved = .success(entry.candidate)
            case .refused(let reason): resolved = .failure(.refused(title: entry.candidate.title, reason: reason))
            }
        case .schema(let check):
            if let reason = SchemaCodeActions.refusal(s, entry.candidate.edits, check) {
                resolved = .failure(.refused(title: entry.candidate.title, reason: reason))
            } else {
                resolved = .success(entry.candidate)
            }
        case .lintGroup(let members):
            resolved = LintFixes.resolveGroup(members, listed: entry.candidate, verifier: verifier)
        case .fixAll:
            let all = try codeActions(uri, range: TextRange(start: 0, end: s.bytes.count), only: [.sourceFixAll], isCancelled: isCancelled)
            if let fix = all?.first(where: { $0.kind == .sourceFixAll }) {
                resolved = .success(fix)
            } else {
                resolved = .failure(.refused(title: entry.candidate.title, reason: "no problem could be fixed without changing the data"))
            }
        }
        return resolved.map { fix in
            var fix = fix
            fix.resolveReference = reference
            return fix
        }
    }
}
