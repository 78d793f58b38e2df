/// The kind of an interior node of the lossless syntax tree.
///
/// Shape (children in source order; trivia tokens may appear between any of them):
/// - `stream`: `document`*                                        (§9.2 l-yaml-stream)
/// - `document`: `directive` tokens, `---`?, content node?, `...`?  (§9.1)
/// - `blockMapping`: `mappingEntry`+                              (§8.2.2)
/// - `blockSequence`: `sequenceItem`+                             (§8.2.1)
/// - `flowMapping`: `{`, (`mappingEntry` `,`?)*, `}`              (§7.4.2)
/// - `flowSequence`: `[`, ((content | `flowPair`) `,`?)*, `]`     (§7.4.1)
/// - `flowPair`: one `mappingEntry` written as an entry of a flow sequence (`[a: b]`), which YAML
///   loads as a single-pair mapping (§7.4.1 ns-flow-pair)
/// - `mappingEntry`: `?`?, `key`?, `:`?, `value`?
/// - `key`, `value`: the properties and content of one side of an entry; an empty `key`/`value`
///   (or a missing one) is a null node (§7.2 "Empty Nodes")
/// - `sequenceItem`: `-`, content node?
/// - `scalar`: properties (anchor/tag tokens)?, then one scalar token, or, for a block scalar,
///   `blockScalarHeader`, trivia, `blockScalarContent`?; a `scalar` with properties and no scalar token
///   is an empty node
/// - `alias`: one `alias` token
/// - content nodes (`blockMapping`, `blockSequence`, `flowMapping`, `flowSequence`, `scalar`, `alias`)
///   start with their properties (anchor/tag tokens) when they have any
/// - `error`: tokens the parser could not fit into the grammar, kept so nothing is lost
public enum NodeKind: UInt8, Sendable, Hashable, CaseIterable {
    case stream
    case document
    case blockMapping
    case blockSequence
    case flowMapping
    case flowSequence
    case flowPair
    case mappingEntry
    case key
    case value
    case sequenceItem
    case scalar
    case alias
    case error

    /// True for nodes that represent YAML content (a node of the representation graph).
    public var isContent: Bool {
        switch self {
        case .blockMapping, .blockSequence, .flowMapping, .flowSequence, .scalar, .alias: return true
        default: return false
        }
    }
}
