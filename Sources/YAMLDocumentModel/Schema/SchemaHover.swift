import YAMLComposer
import YAMLSchema
import YAMLSyntax

/// Hover from the JSON Schema that applies to the document: on a key, what the schema says about its value;
/// on a scalar value or item, what it says about that node. Sections: the title in bold, the description
/// (with its `markdownDescription` for clients that render Markdown), the type, the allowed values, the default,
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

    /// The sections for `info`; empty when the schema says nothing useful. `allowImages`: the user's
    /// `pureyaml.hover.allowImages` (else the `markdownDescription`'s images become their alt text).
    static func sections(_ info: SchemaLocationInfo, allowImages: Bool) -> [HoverSection] {
        var out: [HoverSection] = []
        if let title = info.titles.first { out.append(.paragraph([.strong(title)])) }
        let plain = info.descriptions.first
        let markdown = info.markdownDescriptions.first.map { SchemaMarkdown.sanitized($0, allowImages: allowImages) }
        if plain != nil || markdown != nil { out.append(.documentation(plain: plain, markdown: markdown)) }
        var facts: [[HoverSpan]] = []
        if let types = info.typeSummary { facts.append([.text("Type: "), .code(types)]) }
        if !info.allowedValues.isEmpty { facts.append([.text("Allowed values: ")] + list(info.allowedValues)) }
        if let d = info.defaults.first { facts.append([.text("Default: "), .code(ScalarRendering.yaml(d))]) }
        if !info.examples.isEmpty { facts.append([.text("Examples: ")] + list(info.examples)) }
        if !facts.isEmpty { out.append(.paragraph(Array(facts.joined(separator: [.lineBreak])))) }
        if info.isDeprecated {
            out.append(.paragraph([.strong("Deprecated" + (info.deprecationMessages.first.map { ": " + $0 } ?? "."))]))
        }
        return out
    }

    private static func list(_ values: [JSONValue]) -> [HoverSpan] {
        let shown = values.prefix(maxListed).map { [HoverSpan.code(ScalarRendering.yaml($0))] }
        return Array(shown.joined(separator: [.text(", ")])) + (values.count > maxListed ? [.text(", … (\(values.count) in all)")] : [])
    }
}
