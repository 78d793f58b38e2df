import YAMLParser
import YAMLSyntax

/// Resolves a tag as written (`!!str`, `!local`, `!e!x`, `!<tag:x>`) to the tag it denotes, with the
/// `%TAG` directives of its document (YAML 1.2.2 §6.8.2 "TAG Directives", §6.9.1 "Node Tags").
enum TagResolution {
    /// The result: the full tag, or why there is none.
    enum Outcome: Hashable {
        case tag(String)
        case nonSpecific
        case undeclaredHandle(String)
    }

    /// The `%TAG` handle -> prefix table of the document containing `offset`, defaults included
    /// (`!` -> `!`, `!!` -> `tag:yaml.org,2002:`).
    static func handles(_ tree: SyntaxTree, at offset: Int) -> [String: String] {
        var table = ["!": "!", "!!": "tag:yaml.org,2002:"]
        guard let document = tree.root.children.first(where: { $0.kind == .document && $0.range.touches(offset) }) else {
            return table
        }
        for token in document.tokens where token.kind == .directive {
            let parts = tree.text(token.range).split(whereSeparator: { $0 == " " || $0 == "\t" })
            if parts.count >= 3, parts[0] == "%TAG" { table[String(parts[1])] = String(parts[2]) }
        }
        return table
    }

    static func resolve(_ written: String, handles: [String: String]) -> Outcome {
        if written == "!" { return .nonSpecific }
        if written.hasPrefix("!<") && written.hasSuffix(">") && written.count > 3 {
            return .tag(percentDecoded(String(written.dropFirst(2).dropLast())))
        }
        let body = written.dropFirst()
        let handle: String
        let suffix: Substring
        if let bang = body.firstIndex(of: "!") {
            handle = "!" + body[..<bang] + "!"
            suffix = body[body.index(after: bang)...]
        } else {
            handle = "!"
            suffix = body
        }
        guard let prefix = handles[handle] else { return .undeclaredHandle(handle) }
        return .tag(prefix + percentDecoded(String(suffix)))
    }

    /// `%XX` escapes decoded (invalid ones kept as written).
    static func percentDecoded(_ s: String) -> String { PercentDecoding.decode(s) }
}
