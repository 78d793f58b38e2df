import YAMLSyntax

/// Where completion was asked and what may be typed there: the input every completion source (the
/// document itself now, a JSON Schema later) works from.
public struct CompletionContext: Hashable, Sendable {
    /// What the text at the cursor is.
    public enum Expectation: Hashable, Sendable {
        /// A mapping key of the mapping at ``keyPath``. Right after `- ` the item may also become a scalar:
        /// the path then ends in ``KeyPathComponent/item(_:)`` and a schema source may offer item values too.
        case key
        /// The value of the key that ends ``keyPath``, or an item of the sequence at ``keyPath``.
        case value
        /// An alias name after `*`.
        case aliasName
        /// The `# yaml-language-server: $schema=` modeline at the top of the file.
        case modeline
        /// Nothing can be completed (inside a comment, a block scalar or a quoted scalar).
        case none
    }

    /// What may be typed.
    public var expectation: Expectation
    /// Path from the document root to the mapping whose key is typed (``Expectation/key``) or to the node
    /// whose value is typed (``Expectation/value``).
    public var keyPath: [KeyPathComponent]
    /// The part of the word already typed before the cursor.
    public var partialWord: String
    /// The bytes a chosen candidate replaces: the whole word around the cursor (UTF-8 byte offsets).
    public var replaceRange: TextRange
    /// Keys the mapping being completed already has (for ``Expectation/key``), in text order.
    public var presentKeys: [String]
    /// True when the text after the word already holds the `:` of a key.
    public var hasColonAfter: Bool
    /// True inside a flow collection (`[…]`, `{…}`).
    public var inFlow: Bool
    /// The range of the document (of a multi-document stream) that contains the cursor.
    public var documentRange: TextRange

    /// Creates a context; ranges in UTF-8 byte offsets.
    public init(expectation: Expectation, keyPath: [KeyPathComponent], partialWord: String, replaceRange: TextRange,
                presentKeys: [String] = [], hasColonAfter: Bool = false, inFlow: Bool = false, documentRange: TextRange) {
        self.expectation = expectation
        self.keyPath = keyPath
        self.partialWord = partialWord
        self.replaceRange = replaceRange
        self.presentKeys = presentKeys
        self.hasColonAfter = hasColonAfter
        self.inFlow = inFlow
        self.documentRange = documentRange
    }
}
