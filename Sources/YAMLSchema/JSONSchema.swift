import YAMLComposer
import YAMLParser
import YAMLSyntax

/// Loads a schema the validator does not hold yet: called with an absolute URI without fragment
/// (e.g. `https://json.schemastore.org/github-action.json`), returns the parsed schema or nil when it
/// cannot be had. Injected by the caller; file, HTTP and caching live outside the model. Never called
/// for the bundled meta-schemas of drafts 4, 6, 7, 2019-09 and 2020-12.
public typealias SchemaResolver = (_ uri: String) -> JSONValue?

/// A compiled JSON Schema (drafts 4, 6, 7, 2019-09, 2020-12) ready to validate composed YAML documents.
///
/// The dialect comes from the root's `$schema` (draft 7 when absent or unknown). Compilation follows
/// every `$ref`/`$dynamicRef`/`$recursiveRef` once, asking the ``SchemaResolver`` for documents it does not
/// hold; afterwards the value is immutable and `Sendable`, and validation does no I/O.
public struct JSONSchema: Sendable {
    /// The base URI used for a schema that is given without a retrieval URI.
    public static let defaultURI = "https://pureyaml.invalid/schema.json"

    /// The retrieval URI of the root document (without fragment).
    public let uri: String
    /// The dialect of the root schema.
    public let draft: SchemaDraft
    /// Absolute URIs that `$ref`s point to but which could not be loaded or found. A reference to them
    /// yields a warning when evaluated.
    public let unresolvedReferences: [String]
    /// Documents that `$ref`s point to and that the `referencePolicy` given to
    /// ``init(json:uri:defaultDraft:resolver:referencePolicy:)`` refused to load, each with its reason.
    /// A reference to them yields the same warning as an unresolved one when evaluated.
    public let refusedReferences: [(uri: String, reason: String)]
    /// Problems in the schema that do not stop it from being used (regular expressions the validator
    /// cannot read, subschemas nested too deep), as sentences.
    public let schemaProblems: [String]
    /// Where the root document or a document it references is not a JSON Schema (a root that is not an
    /// object or a boolean, `"type": 5`, `"required": "a"`, ...; see ``SchemaShapeProblem``), in the order
    /// found, at most 100. The compiled schema leaves each such keyword out (as if it were absent) and
    /// reads each such subschema as `true`, so that the rest of the schema still applies; only a schema
    /// with nothing left to use (``isNotASchema``) should be set aside.
    public let shapeProblems: [SchemaShapeProblem]

    /// True when the schema has nothing left to check with: the root document's root is neither an object
    /// nor a boolean (`[1, 2]`, `"a"`; 2020-12 Core §4.3.1), or every keyword of the root that would check
    /// something has the wrong shape and was left out (`{"type": 5}`, `{"$ref": 5, "title": "t"}`).
    public var isNotASchema: Bool {
        if shapeProblems.contains(where: { $0.documentURI == uri && $0.pointer.isEmpty && $0.keyword == nil }) { return true }
        guard root.boolean == nil, root.keywords.isEmpty else { return false }
        return shapeProblems.contains { $0.documentURI == uri && $0.keyword != nil && $0.pointer == "/" + SchemaURI.escapePointerToken($0.keyword ?? "") }
    }

    let root: SchemaNode
    let store: SchemaStore
    /// The root document's JSON, kept when the compilation can be reused (``isReusable``) by
    /// ``init(json:updating:)``; `.null` otherwise.
    let json: JSONValue
    /// True when ``init(json:updating:)`` may take subschemas from this compilation: it was
    /// self-contained (no reference, identifier or anchor) and without problems.
    let isReusable: Bool
    /// How many updates (``init(json:updating:defaultDraft:resolver:referencePolicy:)``) led here from a
    /// compilation afresh. The index of an update keeps the places of subschemas the edits removed
    /// (nothing looks them up), so after ``maximumUpdates`` the schema is compiled afresh, which bounds them.
    let updates: Int
    /// See ``updates``.
    static let maximumUpdates = 200

    /// Compiles `json`, retrieved from `uri`, loading referenced documents through `resolver`.
    ///
    /// The resolver is called only during this initializer, synchronously, at most once per document
    /// URI; a nil answer leaves the reference unresolved (see ``unresolvedReferences``).
    /// - Parameters:
    ///   - defaultDraft: the dialect assumed when the schema has no (known) `$schema`.
    ///   - referencePolicy: asked before a document that is not compiled yet is loaded for a reference,
    ///     with the target's absolute URI (no fragment) and the retrieval URI of the document holding the
    ///     reference; a reason (one phrase) refuses it: it is neither resolved nor listed as unresolved, but
    ///     in ``refusedReferences``. Bundled meta-schemas are never refused.
    public init(json: JSONValue, uri: String = JSONSchema.defaultURI, defaultDraft: SchemaDraft = .draft7,
                resolver: @escaping SchemaResolver = { _ in nil },
                referencePolicy: @escaping (_ target: String, _ referrer: String) -> String? = { _, _ in nil }) {
        let compiler = SchemaCompiler(resolver: resolver, referencePolicy: referencePolicy)
        let base = SchemaURI.split(uri).base
        let root = compiler.compileDocument(json, uri: base, defaultDraft: defaultDraft)
        compiler.resolvePendingReferences()
        self.init(compiler, root: root, json: json, uri: base)
    }

    private init(_ compiler: SchemaCompiler, root: SchemaNode, json: JSONValue, uri base: String, updates: Int = 0) {
        // An update is self-contained (no anchor, no `$recursiveAnchor`), as the compilation it took nodes
        // from was: nothing depends on the dynamic scope, which spares looking at every node again.
        self.root = root
        self.updates = updates
        self.uri = base
        draft = root.draft
        unresolvedReferences = compiler.unresolved
        refusedReferences = compiler.refused
        schemaProblems = compiler.schemaProblems
        shapeProblems = compiler.shapeProblems
        store = SchemaStore(nodes: compiler.nodes, dynamicAnchors: compiler.dynamicAnchors, usesDynamicScope: updates > 0 ? false : nil)
        isReusable = compiler.isSelfContained && compiler.unresolved.isEmpty && compiler.refused.isEmpty
            && compiler.schemaProblems.isEmpty && compiler.shapeProblems.isEmpty
        self.json = isReusable ? json : .null
    }

    /// Compiles `json`, another version of the document `previous` was compiled from (the same URI and
    /// default dialect), taking from `previous` every subschema whose JSON is the same at the same place
    /// instead of compiling it again: an edit deep inside a large schema (a CustomResourceDefinition's)
    /// compiles the schemas on the path to it and its new subschemas only. The result validates, navigates
    /// and suggests exactly as ``init(json:uri:defaultDraft:resolver:referencePolicy:)`` would.
    ///
    /// Only self-contained schemas are updated this way (``isReusable``: no `$ref`, `$id`/`id`, anchor,
    /// schema problem or shape problem, in `previous` and in what the new version compiles); any other
    /// schema, or one whose root dialect (`$schema`) changed, is compiled afresh as the full initializer
    /// does, with `resolver` and `referencePolicy`.
    public init(json: JSONValue, updating previous: JSONSchema, defaultDraft: SchemaDraft = .draft7,
                resolver: @escaping SchemaResolver = { _ in nil },
                referencePolicy: @escaping (_ target: String, _ referrer: String) -> String? = { _, _ in nil }) {
        if previous.isReusable, previous.updates < Self.maximumUpdates, (previous.json["$schema"] ?? .null).isIdentical(to: json["$schema"] ?? .null) {
            let compiler = SchemaCompiler(reusing: previous.store.nodes, json: previous.json)
            let root = compiler.compileDocument(json, uri: previous.uri, defaultDraft: defaultDraft)
            if compiler.isSelfContained, compiler.schemaProblems.isEmpty, compiler.shapeProblems.isEmpty, root.draft == previous.draft {
                self.init(compiler, root: root, json: json, uri: previous.uri, updates: previous.updates + 1)
                return
            }
        }
        self.init(json: json, uri: previous.uri, defaultDraft: defaultDraft, resolver: resolver, referencePolicy: referencePolicy)
    }

    /// True when the schema documents `a` and `b` (two versions of one schema) differ at most in members of
    /// their schema objects that validation does not read: the annotations `description`,
    /// `markdownDescription`, `default` and `examples` (JSON Schema 2020-12 Validation §9.2, §9.5), `$comment`
    /// (Core §8.3) and extensions named `x-…` (unknown keywords, Core §6.5). Compiled, both give the same
    /// findings for every instance; hover and completion, which show annotations, may differ. Only members
    /// of schema objects are skipped: a property named `description` under `properties`, or a value in
    /// `enum`, is compared as any other. Everything else is compared in order (``JSONValue/isIdentical(to:)``,
    /// a value both share is not looked into), so a reordering counts as a difference.
    public static func validatesAlike(_ a: JSONValue, _ b: JSONValue) -> Bool {
        guard case .object(let x) = a, case .object(let y) = b else { return a.isIdentical(to: b) }
        if a.isIdentical(to: b) { return true }
        func read(_ members: [(key: String, value: JSONValue)]) -> [(key: String, value: JSONValue)] {
            members.filter { !Self.notReadByValidation($0.key) }
        }
        let p = read(x), q = read(y)
        guard p.count == q.count else { return false }
        for (m, n) in zip(p, q) {
            guard m.key == n.key else { return false }
            if m.value.isIdentical(to: n.value) { continue }
            switch (m.key, m.value, n.value) {
            case ("properties", .object(let e), .object(let f)), ("patternProperties", .object(let e), .object(let f)),
                 ("definitions", .object(let e), .object(let f)), ("$defs", .object(let e), .object(let f)),
                 ("dependentSchemas", .object(let e), .object(let f)), ("dependencies", .object(let e), .object(let f)):
                // A map of subschemas (`dependencies`: or of lists of names, compared as written): names
                // compared as written, each subschema alike.
                guard e.count == f.count else { return false }
                for (s, t) in zip(e, f) where s.key != t.key || !validatesAlike(s.value, t.value) { return false }
            case ("items", .array(let e), .array(let f)), ("prefixItems", .array(let e), .array(let f)),
                 ("allOf", .array(let e), .array(let f)), ("anyOf", .array(let e), .array(let f)), ("oneOf", .array(let e), .array(let f)):
                guard e.count == f.count else { return false }
                for (s, t) in zip(e, f) where !validatesAlike(s, t) { return false }
            case ("items", _, _), ("additionalItems", _, _), ("additionalProperties", _, _), ("contains", _, _),
                 ("propertyNames", _, _), ("not", _, _), ("if", _, _), ("then", _, _), ("else", _, _),
                 ("unevaluatedItems", _, _), ("unevaluatedProperties", _, _):
                guard validatesAlike(m.value, n.value) else { return false }
            default:
                return false
            }
        }
        return true
    }

    /// The members of a schema object that validation never reads (see ``validatesAlike(_:_:)``).
    private static func notReadByValidation(_ key: String) -> Bool {
        switch key {
        case "description", "markdownDescription", "default", "examples", "$comment": return true
        default: return key.hasPrefix("x-")
        }
    }

    /// Parses JSON schema text (UTF-8 bytes) and compiles it; see ``init(json:uri:defaultDraft:resolver:)``.
    /// - Throws: ``JSONTextParser/SyntaxError`` when `bytes` is not JSON.
    public init<Bytes: Sequence>(jsonText bytes: Bytes, uri: String = JSONSchema.defaultURI,
                                 defaultDraft: SchemaDraft = .draft7,
                                 resolver: @escaping SchemaResolver = { _ in nil }) throws(JSONTextParser.SyntaxError)
    where Bytes.Element == UInt8 {
        let json = try JSONTextParser.parse(bytes)
        self.init(json: json, uri: uri, defaultDraft: defaultDraft, resolver: resolver)
    }

    /// Compiles a schema file's bytes, JSON or YAML: text whose first non-blank character is `{` or `[`
    /// is read as JSON (RFC 8259), anything else as a YAML 1.2 document projected to JSON (core schema
    /// types, merge keys applied; only the first document of a stream).
    /// - Throws: ``SchemaTextError`` for malformed JSON or YAML, or YAML without a JSON value.
    public init(schemaText bytes: [UInt8], uri: String = JSONSchema.defaultURI, defaultDraft: SchemaDraft = .draft7,
                resolver: @escaping SchemaResolver = { _ in nil }) throws(SchemaTextError) {
        let json = try SchemaText.parse(bytes)
        self.init(json: json, uri: uri, defaultDraft: defaultDraft, resolver: resolver)
    }

    /// Validates the document whose root is `root` and returns the violations, sorted by range.
    ///
    /// Merge keys (`<<`) are applied before validation. Each anchored node is evaluated at most once
    /// per schema location however many aliases name it; work and recursion are bounded by `options`.
    /// A document without content (only comments or nothing: an empty plain scalar root) is not
    /// validated, as editors expect of a file being started.
    public func validate(_ root: YAMLNode, options: ValidationOptions = ValidationOptions()) -> [SchemaViolation] {
        if case .scalar("", .plain) = root.content, !root.hasExplicitTag, root.anchor == nil { return [] }
        return SchemaEvaluator(store: store, options: options).validate(root, against: self.root)
    }

    /// Validates one composed document; see ``validate(_:options:)-(YAMLNode,_)``.
    public func validate(_ document: ComposedDocument, options: ValidationOptions = ValidationOptions()) -> [SchemaViolation] {
        validate(document.root, options: options)
    }

    /// True when `root` has no error-severity violation.
    public func isValid(_ root: YAMLNode, options: ValidationOptions = ValidationOptions()) -> Bool {
        !validate(root, options: options).contains { $0.severity == .error }
    }
}

/// Every compiled schema by absolute URI, and `$dynamicAnchor`s by resource. Immutable.
final class SchemaStore: Sendable {
    let nodes: [String: SchemaNode]
    let dynamicAnchors: [String: [String: SchemaNode]]
    /// True when some schema has `$dynamicAnchor` or `$recursiveAnchor`, so that evaluation results
    /// depend on the dynamic scope.
    let usesDynamicScope: Bool

    /// `usesDynamicScope`: nil to find out from the nodes (which looks at every one of them).
    init(nodes: [String: SchemaNode], dynamicAnchors: [String: [String: SchemaNode]], usesDynamicScope: Bool? = nil) {
        self.nodes = nodes
        self.dynamicAnchors = dynamicAnchors
        self.usesDynamicScope = usesDynamicScope ?? (!dynamicAnchors.isEmpty || nodes.values.contains { $0.recursiveAnchor })
    }
}
