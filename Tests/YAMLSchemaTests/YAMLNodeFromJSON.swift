import YAMLComposer
import YAMLSchema
import YAMLSyntax

/// Builds composed YAML nodes straight from JSON values (as a YAML 1.2 core-schema composer would for
/// the equivalent flow YAML), so validator tests do not depend on the parser and composer.
enum YAMLNodeFromJSON {
    static func node(_ value: JSONValue) -> YAMLNode {
        let empty = TextRange(empty: 0)
        switch value {
        case .null: return scalar("null", "tag:yaml.org,2002:null")
        case .bool(let b): return scalar(String(b), "tag:yaml.org,2002:bool")
        case .integer(let i): return scalar(String(i), "tag:yaml.org,2002:int")
        case .number(let d): return scalar(String(d), "tag:yaml.org,2002:float")
        case .string(let s): return YAMLNode(content: .scalar(s, .doubleQuoted), tag: "tag:yaml.org,2002:str", anchor: nil, range: empty)
        case .array(let items):
            return YAMLNode(content: .sequence(items.map(node)), tag: "tag:yaml.org,2002:seq", anchor: nil, range: empty,
                            collectionStyle: .flow)
        case .object(let members):
            let pairs = members.map { (key: YAMLNode(content: .scalar($0.key, .doubleQuoted), tag: "tag:yaml.org,2002:str",
                                                     anchor: nil, range: empty), value: node($0.value)) }
            return YAMLNode(content: .mapping(pairs), tag: "tag:yaml.org,2002:map", anchor: nil, range: empty, collectionStyle: .flow)
        }
    }

    private static func scalar(_ text: String, _ tag: String) -> YAMLNode {
        YAMLNode(content: .scalar(text, .plain), tag: tag, anchor: nil, range: TextRange(empty: 0))
    }
}
