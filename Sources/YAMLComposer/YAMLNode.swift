import YAMLParser
import YAMLSyntax

/// A node of the representation graph (YAML 1.2.2 §3.2.1): a scalar, a sequence or a mapping, with its
/// resolved tag, its anchor and where it came from. Aliases are resolved: an alias node points at the
/// node its anchor named (the same object), so the graph may share nodes.
///
/// Immutable once composed; `Sendable`. Releasing a deeply nested graph does not recurse: the
/// deinitializer takes uniquely owned children apart with an explicit stack.
///
/// An alias node made by the composer outside every anchored collection does not hold its target itself:
/// it holds its document's ``DocumentAnchors`` and the anchor's index there, so that making it touches
/// neither the target nor anything shared with the other aliases of that anchor (in a large document the
/// target was composed long before and is no longer in the cache). Such a node keeps every anchored node
/// of its document alive, not only its target.
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

    /// What a node stores: ``Content``, except that a composed alias may name its target through its
    /// document's anchors (see the type's description).
    enum Storage {
        case scalar(String, ScalarStyle)
        case sequence([YAMLNode])
        case mapping([(key: YAMLNode, value: YAMLNode)])
        /// An alias made from ``Content/alias(name:target:)``. Boxed (`indirect`): it is the largest case,
        /// and every node would otherwise pay for it.
        indirect case alias(name: String, target: YAMLNode?)
        /// An alias whose name and target are entry `index` of `anchors` (its target is never nil).
        case anchorsEntry(DocumentAnchors, index: Int)
    }

    /// The content.
    public var content: Content {
        switch storage {
        case .scalar(let text, let style): return .scalar(text, style)
        case .sequence(let items): return .sequence(items)
        case .mapping(let pairs): return .mapping(pairs)
        case .alias(let name, let target): return .alias(name: name, target: target)
        case .anchorsEntry(let anchors, let index): return .alias(name: anchors.name(at: index), target: anchors.node(at: index))
        }
    }

    /// The node an alias refers to; nil for other nodes and for an undefined alias.
    var aliasTarget: YAMLNode? {
        switch storage {
        case .alias(_, let target): return target
        case .anchorsEntry(let anchors, let index): return anchors.node(at: index)
        case .scalar, .sequence, .mapping: return nil
        }
    }

    /// The storage; written only by `deinit`, when no other reference to the node exists (so no access
    /// can overlap a write, and the dynamic exclusivity check every read paid is left out).
    @exclusivity(unchecked) nonisolated(unsafe) private var storage: Storage
    // Stored properties are ordered so that the flags fill the padding after `storage`: a node takes 80
    // bytes (96 with the allocator's header), and a composed document has one per scalar, collection and alias.
    /// True when the tag was written explicitly (other than the non-specific `!`).
    public let hasExplicitTag: Bool
    /// Collection style for sequences and mappings; `.block` for scalars.
    public let collectionStyle: CollectionStyle
    /// The resolved tag: for untagged nodes the YAML 1.2 core schema tag (§10.3.2), e.g.
    /// `tag:yaml.org,2002:int`; for explicit tags the expanded tag. For an alias, the target's tag
    /// (or `tag:yaml.org,2002:null` when undefined).
    public let tag: String
    /// The anchor name without `&`, if any.
    public let anchor: String?
    /// ``range`` in 32 bits: the syntax tree already limits a text to 2 GiB (offsets past 4 GiB would be
    /// clamped, never trapped).
    private let start: UInt32, end: UInt32

    /// The node's range in UTF-8 byte offsets (properties included), as the event's range.
    public var range: TextRange { TextRange(start: Int(start), end: Int(end)) }

    /// Creates a node; `range` in UTF-8 byte offsets. `tag` must already be resolved (see ``tag``).
    public convenience init(content: Content, tag: String, hasExplicitTag: Bool = false, anchor: String?,
                            range: TextRange, collectionStyle: CollectionStyle = .block) {
        let storage: Storage
        switch content {
        case .scalar(let text, let style): storage = .scalar(text, style)
        case .sequence(let items): storage = .sequence(items)
        case .mapping(let pairs): storage = .mapping(pairs)
        case .alias(let name, let target): storage = .alias(name: name, target: target)
        }
        self.init(storage: storage, tag: tag, hasExplicitTag: hasExplicitTag, anchor: anchor, range: range,
                  collectionStyle: collectionStyle)
    }

    /// Creates a node from its storage (the composer's nodes); as ``init(content:tag:hasExplicitTag:anchor:range:collectionStyle:)``.
    init(storage: Storage, tag: String, hasExplicitTag: Bool = false, anchor: String?,
         range: TextRange, collectionStyle: CollectionStyle = .block) {
        self.storage = storage
        self.tag = tag
        self.hasExplicitTag = hasExplicitTag
        self.anchor = anchor
        self.start = UInt32(clamping: range.start)
        self.end = UInt32(clamping: range.end)
        self.collectionStyle = collectionStyle
    }

    /// The node with aliases followed (at most 1,000 hops; alias chains cannot loop because an alias
    /// only names an earlier anchor).
    public var resolved: YAMLNode {
        var n = self
        var hops = 0
        while hops < 1000, let target = n.aliasTarget { n = target; hops += 1 }
        return n
    }

    deinit {
        // Move the children out so that releasing a deep chain does not recurse once per level.
        var pending: [YAMLNode] = []
        storage.moveChildren(into: &pending)
        while var node = pending.popLast() {
            if isKnownUniquelyReferenced(&node) { node.storage.moveChildren(into: &pending) }
        }
    }
}

extension YAMLNode.Storage {
    /// Replaces a collection's content with an empty one and appends its child nodes to `nodes`; does
    /// nothing for scalars and aliases (an alias target is an earlier node, never a descendant of the alias).
    fileprivate mutating func moveChildren(into nodes: inout [YAMLNode]) {
        switch self {
        case .sequence(let items):
            self = .sequence([])
            nodes.append(contentsOf: items)
        case .mapping(let pairs):
            self = .mapping([])
            nodes.reserveCapacity(nodes.count + pairs.count * 2)
            for p in pairs { nodes.append(p.key); nodes.append(p.value) }
        case .scalar, .alias, .anchorsEntry:
            return
        }
    }
}
