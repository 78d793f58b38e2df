import YAMLComposer
import YAMLParser
import YAMLSyntax

/// The JSON data model view of a composed YAML node, as JSON Schema sees it (JSON Schema 2020-12 Core
/// §4.2.1): scalars typed by the YAML 1.2 core schema (§10.3.2, via the composer's `scalarValue`),
/// mappings with merge keys (`<<`, YAML 1.1 merge type) applied and keys as their text.
enum InstanceValue {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([YAMLNode])
    case object(ObjectMembers)

    /// A mapping's members after merging, in order, with an index by key text.
    struct ObjectMembers {
        let list: [Member]
        let index: [String: Int]

        /// Members in order; a later member with the same key replaces an earlier one (as in the JSON
        /// projection), keeping the first one's position.
        init(_ members: [Member]) {
            var list: [Member] = []
            var index: [String: Int] = [:]
            for m in members {
                if let i = index[m.key] { list[i] = m } else { index[m.key] = list.count; list.append(m) }
            }
            self.list = list
            self.index = index
        }

        /// The member named `key`.
        subscript(key: String) -> Member? { index[key].map { list[$0] } }
    }

    /// One member of a mapping after merging: the key text, the key node (for ranges) and the value.
    struct Member {
        let key: String
        let keyNode: YAMLNode
        let value: YAMLNode
    }

    /// The JSON Schema type name of this value; `integer` for integers.
    var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .integer: return "integer"
        case .number(let d): return d.isFinite && d.rounded() == d ? "integer" : "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// The numeric value, nil for non-numbers.
    var double: Double? {
        switch self {
        case .integer(let i): return Double(i)
        case .number(let d): return d
        default: return nil
        }
    }

    /// The value of a scalar node under the YAML 1.2 core schema (the composer's typing: `0x1F` is 31,
    /// `1.0` a float, quoted scalars strings); integers beyond 64 bits become doubles.
    static func scalar(_ node: YAMLNode) -> InstanceValue {
        switch node.scalarValue {
        case .null?: return .null
        case .bool(let b)?: return .bool(b)
        case .integer(let i)?: return .integer(i)
        case .bigInteger(let text)?: return .number(Double(text) ?? (text.hasPrefix("-") ? -.infinity : .infinity))
        case .float(let d)?: return .number(d)
        case .string(let s)?: return .string(s)
        case nil:
            if case .scalar(let text, _) = node.content { return .string(text) }
            return .null
        }
    }

    /// The JSON member name of a mapping key node, as the composer's JSON projection names it: strings
    /// as they are, other scalars in canonical form (`0x1F` -> `31`, `~` -> `null`), collections as
    /// compact JSON text (bounded; `…` past the budget).
    static func keyText(_ node: YAMLNode) -> String {
        let n = node.resolved
        if let scalar = n.scalarValue { return scalar.canonicalText }
        switch n.content {
        case .alias: return "null"
        case .scalar(let text, _): return text
        case .sequence, .mapping:
            if case .success(let json) = JSONProjection.project(n, nodeBudget: 10_000) { return json.jsonText }
            return "…"
        }
    }
}
