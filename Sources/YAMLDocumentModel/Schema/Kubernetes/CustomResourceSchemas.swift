import YAMLComposer
import YAMLParser

/// The CustomResourceDefinitions the model knows, by where they come from (a source: an open document's
/// URI, or a `pureyaml.schema.crds` file's), each source's per document of its stream; and the schema
/// every defined resource type gets.
///
/// Sources are fed by the model: open documents on every change (``CustomResourceDefinition/isDefinition(_:)``
/// reads only a document's top-level keys, so documents that define nothing cost a key scan), files named
/// in the settings when they arrive. A folder listing of the workspace can feed found files the same way
/// (``set(_:documents:)``).
struct CustomResourceSchemas {
    /// A served version of a definition: the schema's URI (the source's URI with the fragment
    /// `#<group>/<version>/<kind>`), its JSON Schema and the source.
    struct Entry: Equatable {
        var schemaURI: String
        var schema: JSONValue
        var source: String

        /// The same URI, source and schema, written the same way (``JSONValue/isIdentical(to:)``: member
        /// order counts, which a compiled schema keeps; and it is faster than JSON equality on a large schema).
        static func == (a: Entry, b: Entry) -> Bool {
            a.schemaURI == b.schemaURI && a.source == b.source && a.schema.isIdentical(to: b.schema)
        }
    }

    /// Per source, per document of its stream: what that document defines.
    private(set) var sources: [String: [[KubernetesResourceType: Entry]]] = [:]
    /// The entry of every defined type: of the first source in URI order that defines it.
    private(set) var byType: [KubernetesResourceType: Entry] = [:]

    /// The entry for `type`, nil when no known definition serves it: the definition in the stream `source`
    /// itself when it has one (a resource beside its CRD uses that CRD, whatever else defines the type),
    /// else ``byType``'s.
    func entry(_ type: KubernetesResourceType, preferring source: String? = nil) -> Entry? {
        if let source, let own = Self.firstEntries(sources[source])[type] { return own }
        return byType[type]
    }

    /// Every entry ``entry(_:preferring:)`` may answer: each source's own (the first per type in it).
    var allEntries: [(type: KubernetesResourceType, entry: Entry)] {
        sources.values.flatMap { Self.firstEntries($0).map { (type: $0.key, entry: $0.value) } }
    }

    /// The first entry of each type in `documents` (a source's streams), as ``entry(_:preferring:)`` takes it.
    private static func firstEntries(_ documents: [[KubernetesResourceType: Entry]]?) -> [KubernetesResourceType: Entry] {
        var out: [KubernetesResourceType: Entry] = [:]
        for document in documents ?? [] {
            for (type, entry) in document where out[type] == nil { out[type] = entry }
        }
        return out
    }

    /// What the document `root` of `source` defines (empty when it is not a CustomResourceDefinition).
    static func definitions(in root: YAMLNode?, source: String) -> [KubernetesResourceType: Entry] {
        guard let root, let definition = CustomResourceDefinition(root) else { return [:] }
        return entries(definition, source: source)
    }

    /// The entries of `definition`, read from `source`.
    static func entries(_ definition: CustomResourceDefinition?, source: String) -> [KubernetesResourceType: Entry] {
        guard let definition else { return [:] }
        var out: [KubernetesResourceType: Entry] = [:]
        for (type, schema) in definition.versions where out[type] == nil {
            out[type] = Entry(schemaURI: source + "#" + type.group + "/" + type.version + "/" + type.kind, schema: schema, source: source)
        }
        return out
    }

    /// The definitions of every document of the YAML stream `bytes` (a CRD file).
    static func definitions(inStream bytes: [UInt8], source: String) -> [[KubernetesResourceType: Entry]] {
        Composer.compose(Parser.parse(bytes)).documents.map { definitions(in: $0.root, source: source) }
    }

    /// Replaces what `source` defines (nil: forgets it); returns the resource types whose entry
    /// (``byType``, or `source`'s own) was added, removed or changed (empty: nothing changed).
    @discardableResult
    mutating func set(_ source: String, documents: [[KubernetesResourceType: Entry]]?) -> Set<KubernetesResourceType> {
        let old = sources[source]
        let new = documents.flatMap { $0.allSatisfy(\.isEmpty) ? nil : $0 }
        if old == nil && new == nil { return [] }
        let types = Set((old ?? []).flatMap(\.keys)).union((new ?? []).flatMap(\.keys))
        return replace(source, with: new, concerning: types)
    }

    /// Replaces what document `index` of `source` defines, the stream keeping `count` documents; returns
    /// the resource types whose entry changed (see ``set(_:documents:)``). Only that document's
    /// definitions are compared, not the whole stream's (an edit in one CRD of a stream of many).
    mutating func set(_ source: String, document index: Int, count: Int, _ entries: [KubernetesResourceType: Entry])
        -> Set<KubernetesResourceType> {
        // The common case, on every keystroke: a stream that defines nothing, and still does not.
        if entries.isEmpty && sources[source] == nil { return [] }
        var documents = sources[source] ?? []
        var types = Set(entries.keys)
        if documents.count > count {
            for removed in documents[count...] { types.formUnion(removed.keys) }
            documents.removeLast(documents.count - count)
        }
        while documents.count < count { documents.append([:]) }
        guard index < documents.count else { return [] }
        types.formUnion(documents[index].keys)
        documents[index] = entries
        return replace(source, with: documents.allSatisfy(\.isEmpty) ? nil : documents, concerning: types)
    }

    /// Puts `new` in place of what `source` defined; returns those of `types` (every type the old or new
    /// definitions of the source name) whose entry changed.
    private mutating func replace(_ source: String, with new: [[KubernetesResourceType: Entry]]?,
                                  concerning types: Set<KubernetesResourceType>) -> Set<KubernetesResourceType> {
        let before = byType
        let ownBefore = Self.firstEntries(sources[source])
        sources[source] = new
        rebuild()
        let own = Self.firstEntries(new)
        // A type whose entry for all changed, or whose definition in `source` did (its own resources use it).
        return types.filter { before[$0] != byType[$0] || ownBefore[$0] != own[$0] }
    }

    private mutating func rebuild() {
        byType = [:]
        for source in sources.keys.sorted() {
            for document in sources[source] ?? [] {
                for (type, entry) in document where byType[type] == nil { byType[type] = entry }
            }
        }
    }
}
