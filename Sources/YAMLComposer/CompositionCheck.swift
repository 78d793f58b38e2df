import YAMLParser
import YAMLSyntax

/// What a check reads of a composition, made from the parse events without a representation graph
/// (``Composer/check(_:lineOffset:byteOffset:rootKeys:)``): for the same events, ``documentRanges`` and
/// ``errors`` are those of ``Composer/compose(_:)`` (its documents' ranges and its errors, same order,
/// same messages), and each of ``roots`` answers what a reader of the named top-level keys of the
/// composed root would learn.
package struct CompositionCheck: Sendable {
    /// Each document's range (markers included), UTF-8 byte offsets: ``ComposedDocument/range``.
    package let documentRanges: [TextRange]
    /// `duplicate-key`, `undefined-alias` and `recursive-alias` errors, sorted by position: ``Composition/errors``.
    package let errors: [SyntaxError]
    /// Per document, its root reduced to what the root keys read: a mapping root keeps, in order, only
    /// its entries whose key is a scalar whose content is one of the keys asked for, each value a scalar
    /// as composed, an alias's target when it is a scalar, or an empty collection of the value's kind and
    /// tag (an alias to a collection: the target's); a scalar or alias root is as composed, a sequence
    /// root an empty sequence. Nodes, tags and styles are the composer's; no other node is made.
    package let roots: [YAMLNode]
}
