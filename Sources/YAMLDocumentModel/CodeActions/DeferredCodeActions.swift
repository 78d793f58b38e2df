import YAMLSyntax

/// The code actions offered for one snapshot without their edits (for a client that resolves them, LSP
/// 3.17 §"Code Action Resolve Request"), each with what resolving it takes.
///
/// Nothing is kept between the list and the resolve: the list is a pure function of the snapshot, its
/// lint configuration and schema results, the range and the kinds asked for, so the resolve makes it
/// again from the ``CodeActionReference`` the listed action carries and verifies the one entry it names.
enum DeferredCodeActions {
    /// How an entry becomes a verified candidate.
    enum Resolution {
        /// The entry's unverified edits, checked by the snapshot's ``FixVerifier`` against the requirement.
        case verify(FixVerifier.Requirement)
        /// A group of conflicting lint fixes (sorted by position, unverified): see
        /// ``LintFixes/resolveGroup(_:listed:verifier:)``.
        case lintGroup([CodeActionCandidate])
        /// A schema quick fix: its unverified edits, checked by ``SchemaCodeActions/refusal(_:_:_:)``.
        case schema(SchemaCodeActions.Check)
        /// Fix-all (`source.fixAll.pureyaml`), computed in full when resolved.
        case fixAll
    }

    /// One offered action: the candidate as listed, with its unverified edits (none for fix-all).
    struct Entry {
        var candidate: CodeActionCandidate
        var resolution: Resolution
    }
}

/// Everything ``DocumentModel/resolveCodeAction(_:_:isCancelled:)`` needs to find a deferred action again
/// (a renderer hands it to the client with the action, e.g. in LSP's `data`, and back on resolve): the
/// document version it was offered at, the range and kinds the list was asked for, the action's place in
/// that list and its title (which must still match). No state of the model is involved.
public struct CodeActionReference: Hashable, Sendable {
    /// The document version the action was offered at.
    public var version: Int
    /// The range the list was asked for (UTF-8 byte offsets of that version's text).
    public var range: TextRange
    /// The kinds the list was asked for (`only`); nil: every kind.
    public var kinds: Set<CodeActionCandidate.Kind>?
    /// The action's 0-based place among the entries of that list (counting those left out as known to fail).
    public var index: Int
    /// The action's title as listed.
    public var title: String

    public init(version: Int, range: TextRange, kinds: Set<CodeActionCandidate.Kind>?, index: Int, title: String) {
        self.version = version
        self.range = range
        self.kinds = kinds
        self.index = index
        self.title = title
    }
}
