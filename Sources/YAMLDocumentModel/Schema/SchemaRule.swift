import YAMLSyntax

/// Why a schema applies to a document (precedence: command line, modeline, settings, Kubernetes kinds and
/// custom resources by content, catalog, CRD catalog).
public enum SchemaRule: Sendable, Hashable, CustomStringConvertible {
    /// The command line's `--schema` (``SchemaSettings/overrideSchema``).
    case commandLine
    /// A modeline comment in the document, at `range` (UTF-8 byte offsets).
    case modeline(TextRange)
    /// A `yaml.schemas` entry whose glob `glob` matched the document's path.
    case settings(glob: String)
    /// A Kubernetes manifest: the schema of the kind its `apiVersion` and `kind` name (`resource`, as
    /// `apps/v1 Deployment`), found by content (a built-in kind; `glob` nil) or under a `yaml.schemas`
    /// `kubernetes` entry whose glob `glob` matched the document's path.
    case kubernetes(resource: String, glob: String?)
    /// A Kubernetes custom resource (`resource`, as `monitoring.coreos.com/v1 ServiceMonitor`) validated
    /// against the schema its CustomResourceDefinition gives: the one in the document `definition` (a URI:
    /// the same stream, another open document or a `pureyaml.schema.crds` file), or, when nil, the CRD
    /// catalog's (`pureyaml.schema.crdCatalog`).
    case customResource(resource: String, definition: String?)
    /// The SchemaStore catalog entry named `name`, by its `fileMatch` glob `glob`.
    case catalog(name: String, glob: String)

    /// True for the Kubernetes rules (``kubernetes(resource:glob:)``, ``customResource(resource:definition:)``).
    public var isKubernetes: Bool {
        switch self {
        case .kubernetes, .customResource: return true
        default: return false
        }
    }

    /// E.g. `modeline`, `settings glob "**/.github/workflows/*.yml"`, `catalog entry "GitHub Workflow"`,
    /// `kubernetes: apps/v1 Deployment`.
    public var description: String {
        switch self {
        case .commandLine: return "command line --schema"
        case .modeline: return "modeline"
        case .settings(let glob): return "settings glob \"\(glob)\""
        case .kubernetes(let resource, nil): return "kubernetes: \(resource)"
        case .kubernetes(let resource, let glob?): return "kubernetes: \(resource) (settings glob \"\(glob)\")"
        case .customResource(let resource, let definition?): return "kubernetes: \(resource) (CustomResourceDefinition in \(definition))"
        case .customResource(let resource, nil): return "kubernetes: \(resource) (CRD catalog)"
        case .catalog(let name, let glob): return "catalog entry \"\(name)\" (fileMatch \"\(glob)\")"
        }
    }
}

/// Where a schema stands in the model.
public enum SchemaLoadStatus: Sendable, Hashable, CustomStringConvertible {
    /// Requested from the edge, not delivered yet (or waiting for documents it `$ref`s).
    case loading
    /// Compiled and used for validation.
    case loaded
    /// The edge could not deliver it.
    case failed(String)
    /// A download that cannot be had here and now (no network, downloads off, no copy in the cache; see
    /// ``MissingSchema``); the phrase says why.
    case missing(String)
    /// Delivered but not a usable schema; the phrase says why: `not valid JSON or YAML: ...` (malformed
    /// text) or `not a JSON Schema: ...` (nothing left to check with: a root that is not an object or a
    /// boolean, or a root whose every keyword has the wrong shape; see ``JSONSchema/isNotASchema``).
    case invalid(String)

    /// `loading`, `loaded`, `failed: <why>`, `missing: <why>`, `invalid: <why>`.
    public var description: String {
        switch self {
        case .loading: return "loading"
        case .loaded: return "loaded"
        case .failed(let why): return "failed: \(why)"
        case .missing(let why): return "missing: \(why)"
        case .invalid(let why): return "invalid: \(why)"
        }
    }
}

/// Which schema applies to one document of a stream, and why.
public struct DocumentSchemaInfo: Sendable, Hashable {
    /// 0-based index of the document in the stream.
    public var index: Int
    /// The document's text region (UTF-8 byte offsets): from the end of the previous document to the end
    /// of this one, so comments before a document's content belong to it.
    public var range: TextRange
    /// The absolute URI of the schema, nil when none applies.
    public var schemaURI: String?
    /// Why the schema applies; nil when none does.
    public var rule: SchemaRule?
    /// True when the document's modeline says `$schema=none`.
    public var disabled: Bool
    /// The schema's status; nil when no schema applies.
    public var status: SchemaLoadStatus?
    /// Further schemas that apply too (absolute URIs, in settings order): the other `yaml.schemas` entries
    /// whose globs match the file. The document is validated against each (as `allOf`), and completion
    /// and hover offer what any of them offers; a load problem of one is reported as a diagnostic.
    public var additionalSchemaURIs: [String] = []
    /// The Kubernetes resource type the document names (its `apiVersion` and `kind`), when detection is
    /// on: a change of the CustomResourceDefinitions of that type re-associates it.
    var resourceType: KubernetesResourceType?
    /// The schema's title (what hover shows at the document's root: the root's `title`, or that of the
    /// schema its root `$ref`s), on one line, once the schema is loaded; only in a stream of several
    /// documents, where it may name the document in the outline (``DocumentTitle``).
    var schemaTitle: String?
}

/// The `schemaInfo` surface of one document (the explain view): per document of the stream, the schema,
/// the rule that chose it and its load status.
public struct SchemaInfoSurface: Sendable, Hashable {
    /// The document.
    public var uri: DocumentURI
    /// One entry per document of the stream, in order.
    public var documents: [DocumentSchemaInfo]
    /// The catalog's URL (absolute), nil when the catalog is disabled.
    public var catalogURL: String?
    /// The catalog's status (``SchemaLoadStatus/loading`` until it is delivered), nil when the catalog is disabled.
    public var catalogStatus: SchemaLoadStatus?
}
