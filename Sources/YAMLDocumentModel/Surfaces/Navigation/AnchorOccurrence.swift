import YAMLSyntax

/// One anchor (`&name`) or alias (`*name`) written in a document, with what it is bound to.
///
/// Binding follows YAML 1.2.2 §7.1 "Alias Nodes": an alias names the nearest earlier anchor of that name
/// in the same document; a later anchor with the same name starts a new binding.
public struct AnchorOccurrence: Hashable, Sendable {
    /// Whether the occurrence defines the name or refers to it.
    public enum Role: Hashable, Sendable {
        /// `&name`, a node property (§6.9.2).
        case anchor
        /// `*name`, an alias node (§7.1).
        case alias
    }

    /// The name without its `&` or `*`.
    public var name: String
    /// Anchor or alias.
    public var role: Role
    /// The whole token, sigil included (UTF-8 byte offsets).
    public var range: TextRange
    /// The name only, sigil excluded (UTF-8 byte offsets); what a rename replaces.
    public var nameRange: TextRange
    /// Index (into ``AnchorIndex/occurrences``) of the anchor this occurrence is bound to: its own index for
    /// an anchor, the nearest earlier anchor of the name in the same document for an alias, nil for an
    /// alias with no such anchor.
    public var binding: Int?

    /// Creates an occurrence; ranges in UTF-8 byte offsets.
    public init(name: String, role: Role, range: TextRange, nameRange: TextRange, binding: Int?) {
        self.name = name
        self.role = role
        self.range = range
        self.nameRange = nameRange
        self.binding = binding
    }
}
