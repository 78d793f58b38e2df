import YAMLParser
import YAMLSyntax

/// The result of composing a parsed stream: one representation graph per document.
public struct Composition: Sendable {
    /// Documents in stream order.
    public let documents: [ComposedDocument]
    /// Composition problems (duplicate keys, undefined aliases), sorted by position.
    public let errors: [SyntaxError]
    /// Creates a composition; `errors` should already be sorted by position.
    public init(documents: [ComposedDocument], errors: [SyntaxError]) {
        self.documents = documents
        self.errors = errors
    }
}
