import YAMLParser
import YAMLSyntax

/// A node of the representation graph (YAML 1.2.2 §3.2.1): a scalar, a sequence or a mapping, with its
/// resolved tag, its anchor and where it came from. Aliases are resolved: an alias node points at the
/// node its anchor named (the same object), so the graph may share nodes.
///
/// Immutable once composed; `Sendable`.
public final class YAMLNode: Sendable {
    /// The node's content.
    public enum Content: Sendable {
        /// A scalar's content after escapes, folding and chomping, and its presentation style.
        case scalar(String, ScalarStyle)
        /// Entries in source order.
        case sequence([YAMLNode])
        /// Key/value pairs in source order (duplicates kept, in order; they are reported as errors).
        case mapping([(key: YAMLNode, value: YAMLNode)])
        /// An alias `*name`; `target` is the node of the nearest earlier anchor of that name in the same
        /// document, nil when undefined (reported as an error).
        case alias(name: String, target: YAMLNode?)
    }

    /// The content.
    public let content: Content
    /// The resolved tag: for untagged nodes the YAML 1.2 core schema tag (§10.3.2), e.g.
    /// `tag:yaml.org,2002:int`; for explicit tags the expanded tag. For an alias, the target's tag
    /// (or `tag:yaml.org,2002:null` when undefined).
    public let tag: String
    /// True when the tag was written explicitly (other than the non-specific `!`).
    public let hasExplicitTag: Bool
    /// The anchor name without `&`, if any.
    public let anchor: String?
    /// The node's range in UTF-8 byte offsets (properties included), as the event's range.
    public let range: TextRange
    /// Collection style for sequences and mappings; `.block` for scalars.
    public let collectionStyle: CollectionStyle

    public init(content: Content, tag: String, hasExplicitTag: Bool = false, anchor: String?,
                range: TextRange, collectionStyle: CollectionStyle = .block) {
        self.content = content
        self.tag = tag
        self.hasExplicitTag = hasExplicitTag
        self.anchor = anchor
        self.range = range
        self.collectionStyle = collectionStyle
    }

    /// The node with aliases followed (at most `limit` hops; alias chains cannot loop because an alias
    /// only names an earlier anchor).
    public var resolved: YAMLNode {
        var n = self
        var hops = 0
        while case .alias(_, let target?) = n.content, hops < 1000 { n = target; hops += 1 }
        return n
    }
}

/// One composed document of a stream.
public struct ComposedDocument: Sendable {
    /// The root node; an empty document has an empty plain scalar (null) root.
    public let root: YAMLNode
    /// The whole document's range (markers included), UTF-8 byte offsets.
    public let range: TextRange
    /// The `%YAML` directive's version, if any.
    public let version: String?

    public init(root: YAMLNode, range: TextRange, version: String?) {
        self.root = root
        self.range = range
        self.version = version
    }
}
