import YAMLSyntax

/// A parse without its lossless tree (``Parser/parseWithoutTree(_:)``): what ``ParseResult`` holds but the
/// tree, of which only the ``SparseSyntax`` a check reads is kept.
package struct EventParse: Sendable {
    /// The parsed text (UTF-8).
    package let bytes: [UInt8]
    /// The events, as ``ParseResult/events`` of the same text.
    package let events: ParseEvents
    /// The syntax errors and warnings, as ``ParseResult/errors`` of the same text.
    package let errors: [SyntaxError]
    /// The tree's anchors, aliases, directives, document markers and byte order marks, and its documents' starts.
    package let syntax: SparseSyntax

    /// True when no error (warnings allowed) was found.
    package var isValid: Bool { !errors.contains { $0.severity == .error } }
}
