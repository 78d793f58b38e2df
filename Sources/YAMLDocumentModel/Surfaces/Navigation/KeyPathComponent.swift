/// One step of the path from a document's root to a node: a mapping key or a sequence item. Schema-driven
/// features (completion, hover) walk a schema along such a path.
public enum KeyPathComponent: Hashable, Sendable, CustomStringConvertible {
    /// The value of the mapping key with this text.
    case key(String)
    /// An item of a sequence, with its 0-based index when known (completion in a half-typed buffer
    /// does not always know it).
    case item(Int?)

    /// `key`, `[3]` or `[]`.
    public var description: String {
        switch self {
        case .key(let k): return k
        case .item(let i?): return "[\(i)]"
        case .item(nil): return "[]"
        }
    }
}
