import YAMLComposer

/// What a document of a stream is called in the outline and in workspace symbols, by what it holds:
/// - a Kubernetes-style document (`apiVersion` and `kind` strings at the top level) by its kind and
///   `metadata.name` (or `metadata.generateName`): `Deployment web`, with `metadata.namespace` as detail;
/// - another mapping by its top-level `name`, `id` or `title` value; without one, by the title of the
///   schema that applies to it (`schemaTitle`), with its first key as detail; else by its first key;
/// - a sequence or a scalar by its schema's title, else `Document N` (1-based), as an empty document.
/// Names are whole, on one line; the kind is the root's (a mapping, a sequence, ...), `.document` for
/// an empty document.
struct DocumentTitle: Hashable, Sendable {
    var name: String
    var detail: String?
    var kind: OutlineSymbol.Kind
    /// True for a Kubernetes-style document, named by its kind (found by workspace symbols even alone in its file).
    var isResource: Bool

    /// The title of `root`, the root node of document `index` (0-based) of its stream, to which the
    /// loaded schema titled `schemaTitle` (one line, not empty) applies, if any.
    init(_ root: YAMLNode, index: Int, text: OutlineText, schemaTitle: String? = nil) {
        let fallback = "Document \(index + 1)"
        // A schema's title names what its own content cannot (no `name`, only a key or a number).
        let schemaOrNumber = schemaTitle ?? fallback
        isResource = false
        detail = nil
        switch root.content {
        case .mapping(let pairs):
            kind = .mapping
            if let k = Self.string("kind", in: pairs), Self.string("apiVersion", in: pairs) != nil {
                let metadata = Self.value("metadata", in: pairs).flatMap { m -> [(key: YAMLNode, value: YAMLNode)]? in
                    if case .mapping(let p) = m.resolved.content { return p }
                    return nil
                } ?? []
                let resourceName = Self.string("name", in: metadata) ?? Self.string("generateName", in: metadata)
                name = resourceName.map { "\(k) \($0)" } ?? k
                detail = Self.string("namespace", in: metadata)
                isResource = true
            } else if let n = ["name", "id", "title"].lazy.compactMap({ Self.string($0, in: pairs) }).first {
                name = n
            } else if let schemaTitle {
                name = schemaTitle
                detail = pairs.first.map { OutlineBuilder.label(of: $0.key, text: text) }
            } else if let first = pairs.first {
                name = OutlineBuilder.label(of: first.key, text: text)
            } else {
                name = fallback
            }
        case .sequence:
            kind = .sequence
            name = schemaOrNumber
            detail = OutlineBuilder.detail(of: root)
        case .scalar(let s, _):
            name = fallback
            if s.isEmpty && root.range.isEmpty && !root.hasExplicitTag && root.anchor == nil {
                kind = .document
            } else {
                name = schemaOrNumber
                kind = OutlineBuilder.kind(of: root)
                detail = OutlineBuilder.detail(of: root)
            }
        case .alias:
            name = schemaOrNumber
            kind = OutlineBuilder.kind(of: root)
            detail = OutlineBuilder.detail(of: root)
        }
    }

    static func value(_ key: String, in pairs: [(key: YAMLNode, value: YAMLNode)]) -> YAMLNode? {
        pairs.first { OutlineBuilder.scalarText($0.key) == key }?.value
    }

    /// The value of `key` when it is a non-empty string, on one line.
    static func string(_ key: String, in pairs: [(key: YAMLNode, value: YAMLNode)]) -> String? {
        guard let v = value(key, in: pairs)?.resolved, case .scalar(let s, _) = v.content,
              v.tag == "tag:yaml.org,2002:str" || v.tag == "tag:yaml.org,2002:int" else { return nil }
        let text = OutlineText.collapsed(s)
        return text.isEmpty ? nil : text
    }
}
