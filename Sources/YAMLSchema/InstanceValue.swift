import YAMLComposer
import YAMLParser
import YAMLSyntax

/// The JSON data model view of a composed YAML node, as JSON Schema sees it (JSON Schema 2020-12 Core
/// §4.2.1): scalars typed by their resolved YAML 1.2 core-schema tag (§10.3.2), mappings with merge keys
/// (`<<`, YAML 1.1 merge type) applied and keys as strings.
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

    static let nullTag = "tag:yaml.org,2002:null"
    static let boolTag = "tag:yaml.org,2002:bool"
    static let intTag = "tag:yaml.org,2002:int"
    static let floatTag = "tag:yaml.org,2002:float"
    static let mergeTag = "tag:yaml.org,2002:merge"

    /// The value of a scalar with text `text` and resolved tag `tag` (YAML 1.2.2 §10.3.2); unknown tags
    /// and texts that do not parse as their tag claims give strings.
    static func scalar(_ text: String, tag: String) -> InstanceValue {
        switch tag {
        case nullTag: return .null
        case boolTag:
            switch text {
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            default: return .string(text)
            }
        case intTag:
            return integer(text) ?? .string(text)
        case floatTag:
            return float(text).map { .number($0) } ?? .string(text)
        default:
            return .string(text)
        }
    }

    /// Core-schema integer: `[-+]?[0-9]+`, `0o[0-7]+`, `0x[0-9a-fA-F]+`; beyond 64 bits it becomes a
    /// double. (Private stand-in until the composer exposes its own scalar typing.)
    static func integer(_ text: String) -> InstanceValue? {
        var t = Substring(text)
        if t.hasPrefix("0x"), let v = Int64(t.dropFirst(2), radix: 16) { return .integer(v) }
        if t.hasPrefix("0o"), let v = Int64(t.dropFirst(2), radix: 8) { return .integer(v) }
        if let v = Int64(t) { return .integer(v) }
        if t.hasPrefix("+") { t = t.dropFirst() }
        if !t.isEmpty, t.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }), let d = Double(t) { return .number(d) }
        return nil
    }

    /// Core-schema float, including `.inf`, `-.inf`, `.nan` in their three spellings.
    static func float(_ text: String) -> Double? {
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default: break
        }
        var t = text
        if t.hasPrefix("+") { t.removeFirst() }
        if t.hasPrefix(".") { t = "0" + t }
        if t.hasPrefix("-.") { t = "-0" + t.dropFirst() }
        return Double(t)
    }

    /// The text used as a JSON member name for a mapping key node.
    static func keyText(_ node: YAMLNode) -> String {
        let n = node.resolved
        switch n.content {
        case .scalar(let text, _): return text
        case .alias: return ""
        case .sequence(let items): return "[" + items.map { keyText($0) }.joined(separator: ", ") + "]"
        case .mapping(let pairs): return "{" + pairs.map { keyText($0.key) + ": " + keyText($0.value) }.joined(separator: ", ") + "}"
        }
    }

    /// True when `key` is a merge key `<<` (plain and not explicitly tagged as a string, or tagged merge).
    static func isMergeKey(_ key: YAMLNode) -> Bool {
        guard case .scalar(let text, let style) = key.content, text == "<<" else { return false }
        if key.tag == mergeTag { return true }
        return style == .plain && !key.hasExplicitTag
    }
}
