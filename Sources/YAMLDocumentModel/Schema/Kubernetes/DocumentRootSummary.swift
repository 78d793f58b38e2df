import YAMLComposer

/// What schema association and the CustomResourceDefinition lookups read of a document's root node: its
/// top-level `apiVersion`, `kind` and `metadata` (``SchemaAssociator``, ``CustomResourceDefinition/isDefinition(_:)``,
/// the search of the workspace for definitions). A one-shot check of a large stream keeps this instead of
/// each document's graph (``DocumentByDocumentAnalysis``), so that the graph is freed once its diagnostics
/// are made; every answer is the one the root gives.
struct DocumentRootSummary: Sendable {
    /// ``KubernetesResourceType/apiVersionAndKind(_:)`` of the root.
    let apiVersionAndKind: (apiVersion: String, kind: String)?
    /// The resource type those name (``KubernetesResourceType/of(_:)``).
    let resourceType: KubernetesResourceType?
    /// The first top-level `apiVersion` and `kind` keys' scalar values, as ``SchemaAssociator/kubernetesSchemaName(_:)``
    /// reads them (which may differ from ``apiVersionAndKind`` in a mapping with repeated or non-string keys).
    let schemaNameParts: (apiVersion: String?, kind: String?)
    /// ``SchemaAssociator/hasMetadataMapping(_:)`` of the root.
    let hasMetadataMapping: Bool

    /// The top-level keys read (the contents of scalar keys): a root reduced to its entries with these keys
    /// (``CompositionCheck/roots``) has the summary of the whole root. Every reader in this type must read
    /// no other entry.
    static let keysRead: Set<String> = ["apiVersion", "kind", "metadata"]

    /// True when an edit of the value of the root entry keyed `key` can change what this summary reads:
    /// `key` is one of ``keysRead``, or `<<`, whose merged mappings can bring them in.
    static func readsRootEntry(keyed key: String) -> Bool { key == "<<" || keysRead.contains(key) }

    /// The summary of the document whose root is `root`.
    init(_ root: YAMLNode) {
        var memo = Memo()
        self.init(root, memo: &memo)
    }

    /// ``init(_:)``, the resource type looked up in `memo` (and kept there) by its `apiVersion` and `kind`:
    /// the summaries of a stream's documents name the same few types again and again.
    init(_ root: YAMLNode, memo: inout Memo) {
        apiVersionAndKind = KubernetesResourceType.apiVersionAndKind(root)
        resourceType = apiVersionAndKind.flatMap { memo.resourceType(apiVersion: $0.apiVersion, kind: $0.kind) }
        schemaNameParts = SchemaAssociator.kubernetesSchemaNameParts(root)
        hasMetadataMapping = SchemaAssociator.hasMetadataMapping(root)
    }

    /// Every name a summary holds (the resource type, made from ``apiVersionAndKind``, follows from them):
    /// two summaries with equal names give every answer alike.
    struct Names: Hashable {
        let apiVersion: String?
        let kind: String?
        let schemaNameAPIVersion: String?
        let schemaNameKind: String?
        let hasMetadataMapping: Bool
    }

    /// This summary's ``Names``.
    var names: Names {
        Names(apiVersion: apiVersionAndKind?.apiVersion, kind: apiVersionAndKind?.kind, schemaNameAPIVersion: schemaNameParts.apiVersion,
              schemaNameKind: schemaNameParts.kind, hasMetadataMapping: hasMetadataMapping)
    }

    /// The summaries of the documents whose roots are `roots`, in order (one ``Memo`` for all).
    static func summaries(of roots: [YAMLNode]) -> [DocumentRootSummary] {
        var memo = Memo()
        return roots.map { DocumentRootSummary($0, memo: &memo) }
    }

    /// The resource types named so far by `apiVersion` and `kind` (``KubernetesResourceType/init(apiVersion:kind:)``),
    /// for the summaries of one stream. Measured: parsing and validating the two strings per document was
    /// about 2 % of `pureyaml check` on a 10 MB stream of 6,600 manifests (docs/notes/checkdocs.md).
    struct Memo {
        private struct Names: Hashable {
            let apiVersion: String
            let kind: String
        }

        private var types: [Names: KubernetesResourceType?] = [:]

        /// ``KubernetesResourceType/init(apiVersion:kind:)``, made once per pair of names.
        mutating func resourceType(apiVersion: String, kind: String) -> KubernetesResourceType? {
            let names = Names(apiVersion: apiVersion, kind: kind)
            if let known = types[names] { return known }
            // A stream naming ever new types (generated names): the memo stays small.
            if types.count >= 1024 { types.removeAll(keepingCapacity: true) }
            let type = KubernetesResourceType(apiVersion: apiVersion, kind: kind)
            types[names] = type
            return type
        }
    }

    /// ``SchemaAssociator/kubernetesSchemaName(_:)`` of the root.
    var kubernetesSchemaName: String? {
        SchemaAssociator.kubernetesSchemaName(apiVersion: schemaNameParts.apiVersion, kind: schemaNameParts.kind)
    }

    /// ``CustomResourceDefinition/isDefinition(_:)`` of the root.
    var isDefinition: Bool {
        guard let (apiVersion, kind) = apiVersionAndKind else { return false }
        return CustomResourceDefinition.isDefinition(apiVersion: apiVersion, kind: kind)
    }
}
