import YAMLParser
import YAMLSyntax

/// A node of the representation graph (YAML 1.2.2 §3.2.1): a scalar, a sequence or a mapping, with its
/// resolved tag, its anchor and where it came from. Aliases are resolved: an alias node points at the
/// node its anchor named (the same object), so the graph may share nodes.
///
/// Immutable once composed; `Sendable`. Releasing a deeply nested graph does not recurse: the
/// deinitializer takes uniquely owned children apart with an explicit stack.
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
    public var content: Content { storage }
    /// The content; written only by `deinit`, when no other reference to the node exists.
    nonisolated(unsafe) private var storage: Content
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

    /// Creates a node; `range` in UTF-8 byte offsets. `tag` must already be resolved (see ``tag``).
    public init(content: Content, tag: String, hasExplicitTag: Bool = false, anchor: String?,
                range: TextRange, collectionStyle: CollectionStyle = .block) {
        self.storage = content
        self.tag = tag
        self.hasExplicitTag = hasExplicitTag
        self.anchor = anchor
        self.range = range
        self.collectionStyle = collectionStyle
    }

    /// The node with aliases followed (at most 1,000 hops; alias chains cannot loop because an alias
    /// only names an earlier anchor).
    public var resolved: YAMLNode {
        var n = self
        var hops = 0
        while case .alias(_, let target?) = n.content, hops < 1000 { n = target; hops += 1 }
        return n
    }

    deinit {
        // Move the children out so that releasing a deep chain does not recurse once per level.
        guard var pending = storage.takeChildren() else { return }
        while var node = pending.popLast() {
            if isKnownUniquelyReferenced(&node), let children = node.storage.takeChildren() {
                pending.append(contentsOf: children)
            }
        }
    }
}

extension YAMLNode.Content {
    /// Replaces a collection's content with an empty one and returns its child nodes; nil for
    /// scalars and aliases (an alias target is an earlier node, never a descendant of the alias).
    fileprivate mutating func takeChildren() -> [YAMLNode]? {
        switch self {
        case .sequence(let items):
            self = .sequence([])
            return items
        case .mapping(let pairs):
            self = .mapping([])
            var nodes: [YAMLNode] = []
            nodes.reserveCapacity(pairs.count * 2)
            for p in pairs { nodes.append(p.key); nodes.append(p.value) }
            return nodes
        case .scalar, .alias:
            return nil
        }
    }
}
