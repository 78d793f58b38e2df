import YAMLSyntax

/// One completion proposal in editor terms.
public struct CompletionCandidate: Hashable, Sendable {
    /// Where a candidate comes from, which picks its icon.
    public enum Kind: Hashable, Sendable {
        /// A mapping key.
        case key
        /// A value.
        case value
        /// An alias name (after `*`).
        case alias
        /// The schema modeline comment.
        case modeline
    }

    /// The text shown.
    public var label: String
    /// The kind.
    public var kind: Kind
    /// The text that replaces ``replaceRange``. When it spans lines, the lines after the first carry
    /// their whole indentation (columns from the start of the line), not an indentation relative to the
    /// cursor's line: see ``spansLines``.
    public var insertText: String
    /// The bytes replaced (UTF-8 byte offsets); on the cursor's line and containing the cursor.
    public var replaceRange: TextRange
    /// A short note shown beside the label.
    public var detail: String?
    /// Documentation, Markdown or plain text as the completion request asked (`markdown:`); nil when it
    /// is computed on resolve.
    public var documentation: String?
    /// Sort key; the label when nil.
    public var sortText: String?
    /// True when ``insertText`` is a snippet (LSP 3.17 "Snippet Syntax": `$1`, `${1:default}`); only
    /// produced for clients that accept snippets.
    public var isSnippet: Bool

    /// Whether ``insertText`` has a line break, so that its later lines carry absolute indentation which
    /// an editor must insert as it is (LSP 3.17 `InsertTextMode.asIs`), not shifted by the cursor line's.
    public var spansLines: Bool { insertText.utf8.contains { $0 == 0x0A || $0 == 0x0D } }

    /// Creates a candidate; `replaceRange` in UTF-8 byte offsets.
    public init(label: String, kind: Kind, insertText: String, replaceRange: TextRange, detail: String? = nil,
                documentation: String? = nil, sortText: String? = nil, isSnippet: Bool = false) {
        self.label = label
        self.kind = kind
        self.insertText = insertText
        self.replaceRange = replaceRange
        self.detail = detail
        self.documentation = documentation
        self.sortText = sortText
        self.isSnippet = isSnippet
    }
}

/// The answer to a completion request: the context it was computed for and the candidates.
public struct CompletionSurface: Hashable, Sendable {
    /// Where completion was asked (schema-driven sources add their candidates from it).
    public var context: CompletionContext
    /// The candidates, best first.
    public var candidates: [CompletionCandidate]

    /// Creates a surface.
    public init(context: CompletionContext, candidates: [CompletionCandidate]) {
        self.context = context
        self.candidates = candidates
    }
}
