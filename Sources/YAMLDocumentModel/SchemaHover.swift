import YAMLComposer
import YAMLSchema
import YAMLSyntax

/// Hover from the JSON Schema that applies to the document: on a key, what the schema says about its value;
/// on a scalar value or item, what it says about that node. Sections: the title in bold, the description
/// (`markdownDescription` when the client renders Markdown), the type, the allowed values, the default,
/// examples, and a deprecation notice.
enum SchemaHover {
    /// Largest number of allowed values or examples listed.
    static let maxListed = 20

    /// The scalar or alias (key or value) at `offset` and its key path (a key's path ends with the key itself);
    /// nil when the offset is not on a scalar.
    static func target(_ snapshot: DocumentSnapshot, at offset: Int) -> (path: [KeyPathComponent], range: TextRange)? {
        let tree = snapshot.tree
        let o = Swift.max(0, Swift.min(offset, snapshot.bytes.count))
        guard let t = tree.tokenIndex(at: o) else { return nil }
        var token: Token?
        for candidate in [t, t - 1] where candidate >= 0 && candidate < tree.tokens.count {
            let k = tree.tokens[candidate]
            if DocumentLinks.isScalar(k.kind) || k.kind == .blockScalarHeader || k.kind == .alias, k.range.touches(o) { token = k; break }
        }
        guard let token else { return nil }
        let inside = token.range.start
        var path = Completion.treePath(tree, at: inside)
        var node: SyntaxNode? = tree.deepestNode(at: inside)
        while let n = node, n.kind != .key && n.kind != .mappingEntry && n.kind != .document { node = n.parent }
        if let key = node, key.kind == .key { path.append(.key(Completion.keyText(key))) }
        return (path, token.range)
    }

    /// The Markdown sections for `info`; empty when the schema says nothing useful.
    static func sections(_ info: SchemaLocationInfo, markdown: Bool) -> [String] {
        var out: [String] = []
        if let title = info.titles.first { out.append(markdown ? "**\(title)**" : title) }
        if markdown, let m = info.markdownDescriptions.first {
            out.append(m)
        } else if let d = info.descriptions.first {
            out.append(d)
        }
        var facts: [String] = []
        if let types = info.typeSummary { facts.append("Type: " + code(types, markdown)) }
        if !info.allowedValues.isEmpty { facts.append("Allowed values: " + list(info.allowedValues, markdown)) }
        if let d = info.defaults.first { facts.append("Default: " + code(ScalarRendering.yaml(d), markdown)) }
        if !info.examples.isEmpty { facts.append("Examples: " + list(info.examples, markdown)) }
        if !facts.isEmpty { out.append(facts.joined(separator: markdown ? "  \n" : "\n")) }
        if info.isDeprecated {
            let text = "Deprecated" + (info.deprecationMessages.first.map { ": " + $0 } ?? ".")
            out.append(markdown ? "**\(text)**" : text)
        }
        return out
    }

    private static func code(_ text: String, _ markdown: Bool) -> String {
        guard markdown else { return text }
        let fence = text.contains("`") ? "`` " : "`"
        return fence + text + (fence == "`" ? "`" : " ``")
    }

    private static func list(_ values: [JSONValue], _ markdown: Bool) -> String {
        let shown = values.prefix(maxListed).map { code(ScalarRendering.yaml($0), markdown) }
        return shown.joined(separator: ", ") + (values.count > maxListed ? ", … (\(values.count) in all)" : "")
    }
}
