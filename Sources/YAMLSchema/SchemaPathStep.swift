import YAMLComposer

/// One step of an instance location, from a document's root down: a mapping member by its key text, or a
/// sequence item (JSON Schema 2020-12 Core §4.2.1 objects and arrays).
public enum SchemaPathStep: Hashable, Sendable, CustomStringConvertible {
    /// The value of the member whose key text is this (a YAML key's core-schema canonical text).
    case property(String)
    /// An item, with its 0-based index when known (nil: an item being added, or an index a half-typed
    /// buffer does not tell).
    case item(Int?)

    /// `name`, `[3]` or `[]`.
    public var description: String {
        switch self {
        case .property(let name): return name
        case .item(let i?): return "[\(i)]"
        case .item(nil): return "[]"
        }
    }

    /// The steps of a JSON Pointer (RFC 6901) into the document whose root is `root`, such as a
    /// ``SchemaViolation/instancePath``: a token is an item where the document has a sequence, a member
    /// name elsewhere. Nil for a string that is not a pointer.
    public static func steps(ofPointer pointer: String, in root: YAMLNode?) -> [SchemaPathStep]? {
        guard let tokens = SchemaURI.pointerTokens(pointer) else { return nil }
        var out: [SchemaPathStep] = []
        var node = root
        for token in tokens {
            let step: SchemaPathStep
            if let n = node?.resolved, case .sequence = n.content, let i = Int(token), i >= 0 { step = .item(i) } else { step = .property(token) }
            out.append(step)
            node = node.flatMap { SchemaNavigator.child(of: $0, step, near: nil) }
        }
        return out
    }

    /// The node at `path` below `root` (aliases followed at each step; merge keys applied); for an item of
    /// unknown index, the item around `offset` (UTF-8 bytes), else the last one before it. Nil when the
    /// document has no node there.
    public static func node(at path: [SchemaPathStep], in root: YAMLNode, near offset: Int? = nil) -> YAMLNode? {
        var node: YAMLNode? = root
        for step in path {
            guard let n = node else { return nil }
            node = SchemaNavigator.child(of: n, step, near: offset)
        }
        return node
    }
}
