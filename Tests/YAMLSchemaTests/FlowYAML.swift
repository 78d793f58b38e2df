import YAMLComposer
import YAMLParser
import YAMLSyntax

/// A tiny composer for single-line-or-more *flow* YAML (`{a: 1, b: [x, "y"], <<: *base}`) with anchors,
/// aliases, quoted and plain scalars typed by the YAML 1.2 core schema, and real UTF-8 ranges. Test-only:
/// it lets validator tests check messages and ranges without waiting for the real parser/composer.
struct FlowYAML {
    private let bytes: [UInt8]
    private var i = 0
    private var anchors: [String: YAMLNode] = [:]

    /// Composes `text`; traps on malformed input (tests only feed it well-formed text).
    static func compose(_ text: String) -> YAMLNode {
        var p = FlowYAML(bytes: Array(text.utf8))
        return p.node()
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var current: UInt8? { i < bytes.count ? bytes[i] : nil }

    private mutating func skipSpace() {
        while let c = current, c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D { i += 1 }
    }

    private mutating func name() -> String {
        let start = i
        while let c = current, !" ,[]{}:\n".utf8.contains(c) { i += 1 }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    private mutating func node() -> YAMLNode {
        skipSpace()
        let start = i
        var anchor: String?
        if current == UInt8(ascii: "&") {
            i += 1
            anchor = name()
            skipSpace()
        }
        if current == UInt8(ascii: "*") {
            i += 1
            let alias = name()
            let target = anchors[alias]
            return YAMLNode(content: .alias(name: alias, target: target), tag: target?.tag ?? "tag:yaml.org,2002:null",
                            anchor: nil, range: TextRange(start: start, end: i))
        }
        let result: YAMLNode
        switch current {
        case UInt8(ascii: "{"):
            i += 1
            var pairs: [(key: YAMLNode, value: YAMLNode)] = []
            while true {
                skipSpace()
                if current == UInt8(ascii: "}") { i += 1; break }
                let key = node()
                skipSpace()
                precondition(current == UInt8(ascii: ":"), "expected ':' at \(i)")
                i += 1
                let value = node()
                pairs.append((key, value))
                skipSpace()
                if current == UInt8(ascii: ",") { i += 1 }
            }
            result = YAMLNode(content: .mapping(pairs), tag: "tag:yaml.org,2002:map", anchor: anchor,
                              range: TextRange(start: start, end: i), collectionStyle: .flow)
        case UInt8(ascii: "["):
            i += 1
            var items: [YAMLNode] = []
            while true {
                skipSpace()
                if current == UInt8(ascii: "]") { i += 1; break }
                items.append(node())
                skipSpace()
                if current == UInt8(ascii: ",") { i += 1 }
            }
            result = YAMLNode(content: .sequence(items), tag: "tag:yaml.org,2002:seq", anchor: anchor,
                              range: TextRange(start: start, end: i), collectionStyle: .flow)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let quote = bytes[i]
            i += 1
            var text: [UInt8] = []
            while let c = current, c != quote {
                if c == UInt8(ascii: "\\"), quote == UInt8(ascii: "\""), i + 1 < bytes.count { i += 1 }
                text.append(bytes[i])
                i += 1
            }
            i += 1
            result = YAMLNode(content: .scalar(String(decoding: text, as: UTF8.self), quote == UInt8(ascii: "\"") ? .doubleQuoted : .singleQuoted),
                              tag: "tag:yaml.org,2002:str", anchor: anchor, range: TextRange(start: start, end: i))
        default:
            let textStart = i
            while let c = current, !",[]{}\n".utf8.contains(c) {
                if c == UInt8(ascii: ":"), i + 1 >= bytes.count || " ,]}\n".utf8.contains(bytes[i + 1]) { break }
                i += 1
            }
            var end = i
            while end > textStart, bytes[end - 1] == 0x20 { end -= 1 }
            let text = String(decoding: bytes[textStart..<end], as: UTF8.self)
            result = YAMLNode(content: .scalar(text, .plain), tag: Self.coreTag(text), anchor: anchor,
                              range: TextRange(start: start, end: end))
        }
        if let anchor { anchors[anchor] = result }
        return result
    }

    /// The YAML 1.2 core schema tag of a plain scalar (§10.3.2).
    static func coreTag(_ text: String) -> String {
        switch text {
        case "", "~", "null", "Null", "NULL": return "tag:yaml.org,2002:null"
        case "true", "True", "TRUE", "false", "False", "FALSE": return "tag:yaml.org,2002:bool"
        case ".inf", ".Inf", ".INF", "+.inf", "-.inf", ".nan", ".NaN", ".NAN": return "tag:yaml.org,2002:float"
        default: break
        }
        if text.wholeMatch(of: /[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+/) != nil { return "tag:yaml.org,2002:int" }
        if text.wholeMatch(of: /[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?/) != nil { return "tag:yaml.org,2002:float" }
        return "tag:yaml.org,2002:str"
    }
}
