import YAMLSyntax

/// Language features of open documents, answered from their snapshots. Offsets are UTF-8 bytes (a
/// renderer converts positions through the snapshot's `LineIndex`); every method answers nil (or an empty
/// list) for a document that is not open, and never fails for an offset inside the text (offsets are
/// clamped to it).
extension DocumentModel {
    // MARK: Anchors and aliases

    /// Go to definition: the `&name` token the alias (or anchor) at `offset` is bound to (YAML 1.2.2 §7.1).
    public func definition(_ uri: DocumentURI, at offset: Int) -> TextRange? {
        atOffset(uri, offset) { s, o, base in AnchorNavigation(s).definition(at: o)?.shifted(by: base) } ?? nil
    }

    /// The aliases bound to the anchor at `offset` (or to the anchor of the alias there), plus the anchor
    /// itself when `includeDeclaration`; text order.
    public func references(_ uri: DocumentURI, at offset: Int, includeDeclaration: Bool) -> [TextRange] {
        atOffset(uri, offset) { s, o, base in
            AnchorNavigation(s).references(at: o, includeDeclaration: includeDeclaration).map { $0.shifted(by: base) }
        } ?? []
    }

    /// The anchor (a write) and its aliases (reads) for the occurrence at `offset`.
    public func highlights(_ uri: DocumentURI, at offset: Int) -> [AnchorHighlight] {
        atOffset(uri, offset) { s, o, base in
            AnchorNavigation(s).highlights(at: o).map { AnchorHighlight(range: $0.range.shifted(by: base), isDefinition: $0.isDefinition) }
        } ?? []
    }

    /// The anchor name range a rename at `offset` would change, or why a rename is refused there.
    public func prepareRename(_ uri: DocumentURI, at offset: Int) -> Result<TextRange, RenameRefusal> {
        atOffset(uri, offset) { s, o, base in AnchorNavigation(s).prepareRename(at: o).map { $0.shifted(by: base) } } ?? .failure(.notAnAnchor)
    }

    /// The edits renaming the anchor at `offset` and the aliases bound to it (only those) to `newName`, or
    /// why not (YAML 1.2.2 §6.9.2 restricts anchor names).
    public func rename(_ uri: DocumentURI, at offset: Int, to newName: String) -> Result<[TextReplacement], RenameRefusal> {
        atOffset(uri, offset) { s, o, base in
            AnchorNavigation(s).rename(at: o, to: newName).map { $0.map { TextReplacement(range: $0.range.shifted(by: base), newText: $0.newText) } }
        } ?? .failure(.notAnAnchor)
    }

    /// The name ranges of the anchor at `offset` and its aliases, edited together; nil when there is none.
    public func linkedEditingRanges(_ uri: DocumentURI, at offset: Int) -> [TextRange]? {
        atOffset(uri, offset) { s, o, base in AnchorNavigation(s).linkedEditingRanges(at: o)?.map { $0.shifted(by: base) } } ?? nil
    }

    // MARK: Structure

    /// Folding regions, at most `settings.maxItemsComputed` (the first by start line). Computed once per
    /// snapshot.
    public func folding(_ uri: DocumentURI) -> FoldingSurface? {
        guard let record = records[uri] else { return nil }
        let limit = record.settings.maxItemsComputed
        return record.memo.surface("folding", limit: limit) { Folding.regions(record.snapshot, limit: limit) }
    }

    /// For each offset, its selection ranges from the innermost out to the whole text.
    public func selectionRanges(_ uri: DocumentURI, at offsets: [Int]) -> [[TextRange]]? {
        guard let s = snapshot(uri) else { return nil }
        return offsets.map { offset in
            guard let view = s.chunkView(around: TextRange(start: offset, end: offset)) else { return SelectionRanges.ranges(s, at: offset) }
            return SelectionRanges.ranges(view.snapshot, at: view.local(offset), whole: view.wholeText).map(view.whole)
        }
    }

    /// The links of a document (schema modeline, `$ref` values, http(s) URLs), at most
    /// `settings.maxItemsComputed`. Computed once per snapshot.
    public func documentLinks(_ uri: DocumentURI) -> [DocumentLinkTarget]? {
        guard let record = records[uri] else { return nil }
        let limit = record.settings.maxItemsComputed
        return record.memo.surface("links", limit: limit) { DocumentLinks.links(record.snapshot, limit: limit) }
    }

    /// Mapping keys of all open documents matching `query` (see ``WorkspaceSymbols``), at most `limit`.
    public func workspaceSymbols(_ query: String, limit: Int = 500) -> [WorkspaceSymbolMatch] {
        WorkspaceSymbols.search(query, in: records.values.map { ($0.snapshot, $0.schemaTitles) }, limit: limit,
                                nodeBudget: Swift.max(settings.maxItemsComputed, 1) * 20)
    }

    /// Semantic tokens of the whole document or of `range`; multi-line tokens are split per line unless
    /// `multiline`. At most `settings.maxItemsComputed` tokens (the first in text order).
    /// The whole document's tokens are computed once per snapshot (and `multiline`); a range's each time.
    public func semanticTokens(_ uri: DocumentURI, range: TextRange? = nil, multiline: Bool = false) -> SemanticTokensSurface? {
        guard let record = records[uri] else { return nil }
        let limit = record.settings.maxItemsComputed
        if let range {
            // A range's tokens from the chunks holding it when the stream is read from its chunks.
            guard let view = record.snapshot.chunkView(around: range) else {
                return SemanticTokens.tokens(record.snapshot, in: range, multiline: multiline, limit: limit)
            }
            var surface = SemanticTokens.tokens(view.snapshot, in: view.local(range), multiline: multiline, limit: limit)
            for i in surface.tokens.indices { surface.tokens[i].range = view.whole(surface.tokens[i].range) }
            return surface
        }
        return record.memo.surface(multiline ? "tokens-multiline" : "tokens", limit: limit) {
            SemanticTokens.tokens(record.snapshot, in: nil, multiline: multiline, limit: limit)
        }
    }

    // MARK: Completion and hover

    /// Completion at `offset`: the context, the candidates of the JSON Schema that applies there (when it
    /// is loaded; see ``SchemaCompletion``), then the document's own candidates. `snippets`: the client
    /// accepts snippet insert texts (skeletons then get tab stops); `markdown`: it renders Markdown
    /// documentation (schemas' `markdownDescription` is then preferred).
    public func completion(_ uri: DocumentURI, at offset: Int, snippets: Bool = false, markdown: Bool = true) -> CompletionSurface? {
        guard let s = snapshot(uri),
              var surface = atOffset(uri, offset, { c, o, base in Completion.complete(c, at: o).shifted(by: base) }) else { return nil }
        guard let target = schemaTarget(uri, at: offset) else { return surface }
        let given = settings(for: uri)
        let options = SchemaCompletion.Options(snippets: snippets, markdown: markdown, indentWidth: given.format.indentWidth,
                                               allowImages: given.hoverAllowImages)
        let fromSchema = SchemaCompletion.candidates(s, surface.context, schema: target.schema, root: target.root, options: options)
        surface.candidates = SchemaCompletion.merge(fromSchema, surface.candidates)
        return surface
    }

    /// The completion context at `offset` alone.
    public func completionContext(_ uri: DocumentURI, at offset: Int) -> CompletionContext? {
        atOffset(uri, offset) { s, o, base in Completion.context(s, at: o).shifted(by: base) }
    }

    /// Documentation of an alias candidate (a YAML code block): a preview of the value anchored by the latest
    /// `&name` before `offset` (the cursor where completion was asked) in its document; nil when there is none.
    public func aliasDocumentation(_ uri: DocumentURI, name: String, at offset: Int) -> HoverSection? {
        atOffset(uri, offset) { s, o, _ in
            let index = AnchorIndex(tree: s.tree)
            // In the document holding the cursor: an alias names an anchor of its own document (YAML 1.2.2 §7.1).
            let document = s.tree.root.children.last { $0.kind == .document && $0.range.start <= o }?.range.start ?? 0
            guard let anchor = index.occurrences.last(where: {
                $0.role == .anchor && $0.name == name && $0.range.end <= o && $0.range.start >= document
            }) else { return nil }
            return Hover.preview(s, anchor: anchor)
        } ?? nil
    }

    /// Hover at `offset` (alias preview, anchor use count, tag resolution, then what the document's JSON
    /// Schema says about the key or value there; see ``SchemaHover``), nil when there is nothing to say.
    public func hover(_ uri: DocumentURI, at offset: Int) -> HoverSurface? {
        guard let s = snapshot(uri) else { return nil }
        let view = s.chunkView(around: TextRange(start: offset, end: offset))
        let local = view?.snapshot ?? s, o = view?.local(offset) ?? offset, base = view?.base ?? 0
        var surface = Hover.hover(local, at: o)?.shifted(by: base)
        guard let target = schemaTarget(uri, at: offset), var spot = SchemaHover.target(local, at: o) else { return surface }
        spot.range = spot.range.shifted(by: base)
        let info = target.schema.locationInfo(at: SchemaCompletion.steps(spot.path), in: target.root, near: offset)
        let sections = SchemaHover.sections(info, allowImages: settings(for: uri).hoverAllowImages)
        guard !sections.isEmpty else { return surface }
        if surface == nil { surface = HoverSurface(range: spot.range, keyPath: spot.path, sections: []) }
        surface?.sections += sections
        return surface
    }

    /// The key path to the node at `offset` (for schema-driven hover and completion).
    public func keyPath(_ uri: DocumentURI, at offset: Int) -> [KeyPathComponent]? {
        atOffset(uri, offset) { s, o, _ in Completion.treePath(s.tree, at: o) }
    }

    // MARK: Code actions and diagnostics

    /// Quick fixes for diagnostics overlapping `range` and style rewrites of the collection at `range.start`
    /// (documents up to 512 KiB), restricted to the kinds in `only` when given; the fix-all action only
    /// when `only` names it; schema quick fixes (allowed values, missing required members; see
    /// ``SchemaCodeActions``); yamllint quick fixes and their part of fix-all (``LintFixes``). Every candidate
    /// has been verified by parsing its result.
    public func codeActions(_ uri: DocumentURI, range: TextRange, only: Set<CodeActionCandidate.Kind>? = nil) -> [CodeActionCandidate]? {
        (try? codeActions(uri, range: range, only: only, isCancelled: { false })) ?? nil
    }

    /// ``codeActions(_:range:only:)`` that stops when `isCancelled` says true (asked between steps: before
    /// and after the core actions, per lint quick fix, per fix-all round and re-parse), for a renderer
    /// whose client can cancel the request (LSP `$/cancelRequest`).
    /// - Throws: ``Cancelled`` when the work was stopped; nothing is computed after that.
    public func codeActions(_ uri: DocumentURI, range: TextRange, only: Set<CodeActionCandidate.Kind>?,
                            isCancelled: @escaping () -> Bool) throws(Cancelled) -> [CodeActionCandidate]? {
        guard let s = snapshot(uri) else { return nil }
        if isCancelled() { throw Cancelled() }
        let standIns = duplicateKeyStandIns(s)
        var out = CodeActions.actions(s, range: range, only: only, indentWidth: settings(for: uri).format.indentWidth,
                                      verifier: fixVerifier(s)).map { LintDiagnostics.attributing($0, to: standIns) }
        if only?.contains(.quickFix) ?? true, let schemaDiagnostics = records[uri]?.schema?.diagnostics, !schemaDiagnostics.isEmpty {
            out += SchemaCodeActions.actions(s, diagnostics: schemaDiagnostics, range: range) { self.schema(uri, document: $0) }
        }
        if isCancelled() { throw Cancelled() }
        return try addingLintActions(out, s, range: range, only: only, isCancelled: isCancelled)
    }

    /// `body` applied to the snapshot of `uri` and `offset`, or, when the stream is read from its chunks, to the
    /// chunks around `offset` alone (``ChunkView``) and `offset` in them; `body` gets the snapshot, the offset and
    /// what to add to its offsets to have the whole text's. Nil when the document is not open.
    func atOffset<T>(_ uri: DocumentURI, _ offset: Int, _ body: (DocumentSnapshot, Int, Int) -> T) -> T? {
        guard let s = snapshot(uri) else { return nil }
        guard let view = s.chunkView(around: TextRange(start: offset, end: offset)) else { return body(s, offset, 0) }
        return body(view.snapshot, view.local(offset), view.base)
    }

    /// The identifier of the diagnostics result of an open document (LSP pull diagnostics `resultId`): its
    /// version, which changes whenever its text does.
    public func diagnosticsResultID(_ uri: DocumentURI) -> String? {
        snapshot(uri).map { String($0.version) + lintResultIDSuffix(uri) }
    }
}
