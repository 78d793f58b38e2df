import YAMLSyntax

/// Everything the parser learns from one YAML stream. The parser never throws and never drops a byte.
public struct ParseResult: Sendable {
    /// The lossless syntax tree; `tree.printedBytes == input`.
    public let tree: SyntaxTree
    /// The event stream (yaml-test-suite notation via ``Event/testSuiteNotation``); after an error it
    /// continues with what recovery found, so later content still produces events.
    /// Stored compactly; elements are ``Event`` values built on access (see ``ParseEvents``).
    public let events: ParseEvents
    /// Syntax errors and warnings, sorted by position.
    public let errors: [SyntaxError]

    /// Bundles the parser's outputs.
    public init(tree: SyntaxTree, events: ParseEvents, errors: [SyntaxError]) {
        self.tree = tree
        self.events = events
        self.errors = errors
    }

    /// Bundles a tree, events given as values, and errors.
    public init(tree: SyntaxTree, events: [Event], errors: [SyntaxError]) {
        self.init(tree: tree, events: ParseEvents(events), errors: errors)
    }

    /// True when no error (warnings allowed) was found.
    public var isValid: Bool { !errors.contains { $0.severity == .error } }
}
