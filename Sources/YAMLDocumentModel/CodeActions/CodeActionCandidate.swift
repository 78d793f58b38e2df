/// A fix or refactoring the model offers, as edits of the snapshot's text (LSP `CodeAction`).
public struct CodeActionCandidate: Hashable, Sendable {
    /// The LSP code action kind.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// `quickfix`: repairs one diagnostic.
        case quickFix = "quickfix"
        /// `refactor.rewrite`: same data, different presentation.
        case refactorRewrite = "refactor.rewrite"
        /// `source.fixAll.pureyaml`: every safe fix of the document at once.
        case sourceFixAll = "source.fixAll.pureyaml"
    }

    /// The title shown in the editor's menu.
    public var title: String
    /// The kind.
    public var kind: Kind
    /// Non-overlapping edits sorted by position (UTF-8 byte ranges of the snapshot's text).
    public var edits: [TextReplacement]
    /// The diagnostic a quick fix repairs.
    public var diagnostic: YAMLDiagnostic?
    /// Further diagnostics the same edits repair (neighbouring lint findings whose fixes would overlap,
    /// offered as one fix).
    public var additionalDiagnostics: [YAMLDiagnostic] = []
    /// True for the fix to apply by default ("auto fix").
    public var isPreferred: Bool
    /// Set on a candidate offered to a client that resolves code actions (LSP 3.17 `codeAction/resolve`)
    /// before its edits are computed or verified: `edits` is then empty, and
    /// ``DocumentModel/resolveCodeAction(_:_:isCancelled:)`` with this reference gives the verified
    /// candidate. Nil when `edits` are final. The same list asked for again at one document version
    /// gives the same references.
    public var resolveReference: CodeActionReference?

    /// Creates a candidate.
    public init(title: String, kind: Kind, edits: [TextReplacement], diagnostic: YAMLDiagnostic? = nil,
                isPreferred: Bool = false) {
        self.title = title
        self.kind = kind
        self.edits = edits
        self.diagnostic = diagnostic
        self.isPreferred = isPreferred
    }
}
