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
        apiVersionAndKind = KubernetesResourceType.apiVersionAndKind(root)
        resourceType = apiVersionAndKind.flatMap { KubernetesResourceType(apiVersion: $0.apiVersion, kind: $0.kind) }
        schemaNameParts = SchemaAssociator.kubernetesSchemaNameParts(root)
        hasMetadataMapping = SchemaAssociator.hasMetadataMapping(root)
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
