import YAMLComposer

/// Compiles JSON schemas into ``SchemaNode`` trees and indexes every addressable schema by absolute URI:
/// resource roots (`$id`/`id`), JSON Pointer fragments from each enclosing resource, `$anchor`,
/// `$dynamicAnchor`, and draft 4–7 plain-name `id` fragments (JSON Schema 2020-12 Core §8.2, §9).
///
/// References are followed after the walk: a target that is not yet known is loaded from the bundled
/// meta-schemas or the injected resolver (once per document), or compiled on demand from the raw JSON
/// when the pointer leads somewhere the walk did not compile (e.g. below an unknown keyword).
final class SchemaCompiler {
    /// A schema resource whose raw JSON is kept for on-demand pointer targets.
    private struct Resource {
        let json: JSONValue
        let draft: SchemaDraft
        let vocabulary: Vocabulary
        let documentURI: String
        let pointer: String
    }

    /// Which vocabularies are active (2019-09/2020-12 `$vocabulary`); earlier drafts have all.
    struct Vocabulary: Sendable, Equatable {
        var validation = true
        static let all = Vocabulary()
    }

    /// The compilation state while walking one (sub)schema.
    private struct Scope {
        var base: String
        var draft: SchemaDraft
        var vocabulary: Vocabulary
        var documentURI: String
        var pointer: String
        /// Enclosing resources: base URI and the pointer of the resource root in the document.
        var resources: [(base: String, pointer: String)]
        /// Nesting of subschemas below the document root.
        var depth = 0
        /// The pointer tokens that lead from the enclosing schema to this one (``child(_:_:)``).
        var lastTokens: [String] = []
    }

    /// Subschemas nested deeper than this are compiled as `true` (and reported), so that no schema can
    /// exhaust the stack.
    static let maximumNesting = 160

    private(set) var nodes: [String: SchemaNode] = [:]
    private(set) var dynamicAnchors: [String: [String: SchemaNode]] = [:]
    private var resources: [String: Resource] = [:]
    /// References still to resolve: the absolute target, the dialect and the retrieval URI of the document
    /// holding the reference (for ``referencePolicy``).
    private var pendingRefs: [(uri: String, draft: SchemaDraft, referrer: String)] = []
    private var loadedDocuments: Set<String> = []
    private(set) var unresolved: [String] = []
    /// References ``referencePolicy`` refused, each with the reason, in the order met.
    private(set) var refused: [(uri: String, reason: String)] = []
    private(set) var schemaProblems: [String] = []
    /// Where the documents are not JSON Schemas, in walk order (at most ``maximumShapeProblems``).
    private(set) var shapeProblems: [SchemaShapeProblem] = []
    private var shapeProblemPlaces: Set<String> = []
    /// At most this many ``shapeProblems`` are kept.
    static let maximumShapeProblems = 100
    private let resolver: (String) -> JSONValue?
    /// Asked before a document not compiled yet is loaded for a reference: the target's absolute URI
    /// (without fragment) and the retrieval URI of the document holding the reference; a reason refuses it.
    private let referencePolicy: (_ target: String, _ referrer: String) -> String?
    private var fetched: [String: JSONValue?] = [:]
    /// An earlier compilation of another version of the same document, whose subschemas are taken when
    /// their JSON is unchanged (``init(resolver:referencePolicy:reusing:)``): its index and its JSON.
    private let reuse: (nodes: [String: SchemaNode], json: JSONValue)?
    /// While compiling with ``reuse``: the earlier JSON at each schema being compiled, innermost last
    /// (nil where the earlier version had nothing).
    private var earlierPath: [JSONValue?] = []
    /// False once the walk met what makes the compilation depend on more than each subschema's own JSON
    /// and place: a reference, an identifier (`$id`, draft 4 `id`) or an anchor.
    private(set) var isSelfContained = true

    init(resolver: @escaping (String) -> JSONValue?,
         referencePolicy: @escaping (_ target: String, _ referrer: String) -> String? = { _, _ in nil }) {
        self.resolver = resolver
        self.referencePolicy = referencePolicy
        reuse = nil
    }

    /// A compiler that takes the subschemas of `earlier` (the index of an earlier compilation of a version
    /// of the same document, which was self-contained: ``isSelfContained``, no problems) whose JSON is
    /// the same at the same place, instead of compiling them again. The subschemas of a self-contained
    /// schema depend only on their own JSON and their place (pointer, base URI and dialect, which the
    /// document root fixes), so what is taken is what compiling would give. `earlier`'s index may name
    /// places the new version no longer has; nothing looks them up (no reference does, and only schemas
    /// that evaluate report places).
    init(reusing earlier: [String: SchemaNode], json: JSONValue) {
        resolver = { _ in nil }
        referencePolicy = { _, _ in nil }
        reuse = (earlier, json)
        nodes = earlier
    }

    /// Compiles the document `json` retrieved from `uri`, registering it under `uri` too.
    func compileDocument(_ json: JSONValue, uri: String, defaultDraft: SchemaDraft) -> SchemaNode {
        let base = SchemaURI.split(uri).base
        loadedDocuments.insert(base)
        let (draft, vocabulary) = dialect(of: json, inherited: defaultDraft, inheritedVocabulary: .all)
        let scope = Scope(base: base, draft: draft, vocabulary: vocabulary, documentURI: base, pointer: "",
                          resources: [(base, "")])
        resources[base] = Resource(json: json, draft: draft, vocabulary: vocabulary, documentURI: base, pointer: "")
        let node = compile(json, scope)
        if nodes[base] == nil { nodes[base] = node }
        return node
    }

    /// Resolves every pending reference, loading documents as needed, until nothing new turns up.
    func resolvePendingReferences() {
        var guardCount = 0
        while let (uri, referringDraft, referrer) = pendingRefs.popLast(), guardCount < 100_000 {
            guardCount += 1
            if nodes[uri] != nil { continue }
            let (base, fragment) = SchemaURI.split(uri)
            if !loadedDocuments.contains(base) && resources[base] == nil, MetaSchemaLibrary.json(for: base) == nil,
               let reason = referencePolicy(base, referrer) {
                if !refused.contains(where: { $0.uri == base }) { refused.append((base, reason)) }
                continue
            }
            if !loadedDocuments.contains(base) && resources[base] == nil {
                loadedDocuments.insert(base)
                if let json = fetch(base) {
                    // A document without `$schema` is read in the dialect of the schema that refers to it.
                    let draft = MetaSchemaLibrary.draft(for: base) ?? referringDraft
                    _ = compileDocument(json, uri: base, defaultDraft: draft)
                }
            }
            if nodes[uri] != nil { continue }
            // A pointer to a place the walk did not compile: compile it from the resource's raw JSON.
            if let fragment, let tokens = SchemaURI.pointerTokens(fragment), let resource = resources[base],
               let target = Self.follow(tokens, in: resource.json) {
                let pointer = resource.pointer + fragment
                let scope = Scope(base: base, draft: resource.draft, vocabulary: resource.vocabulary,
                                  documentURI: resource.documentURI, pointer: pointer, resources: [(base, resource.pointer)])
                let node = compile(target, scope)
                nodes[uri] = node
                continue
            }
            unresolved.append(uri)
        }
    }

    /// The document at `base`: a bundled meta-schema, or what the resolver returns (asked once per URI).
    private func fetch(_ base: String) -> JSONValue? {
        if let bundled = MetaSchemaLibrary.json(for: base) { return bundled }
        if let known = fetched[base] { return known }
        let json = resolver(base)
        fetched[base] = .some(json)
        return json
    }

    /// The value at `tokens` inside `json`, nil when a token does not exist.
    static func follow(_ tokens: [String], in json: JSONValue) -> JSONValue? {
        var current = json
        for token in tokens {
            switch current {
            case .object:
                guard let next = current[token] else { return nil }
                current = next
            case .array(let elements):
                guard let i = Int(token), i >= 0, i < elements.count else { return nil }
                current = elements[i]
            default: return nil
            }
        }
        return current
    }

    /// The dialect of a schema object: its `$schema` when known (directly or through a custom
    /// meta-schema's own `$schema` and `$vocabulary`), else the inherited one.
    private func dialect(of json: JSONValue, inherited: SchemaDraft,
                         inheritedVocabulary: Vocabulary) -> (SchemaDraft, Vocabulary) {
        guard case .string(let uri)? = json["$schema"] else { return (inherited, inheritedVocabulary) }
        if let draft = SchemaDraft(metaSchemaURI: uri) { return (draft, .all) }
        let base = SchemaURI.split(uri).base
        guard let meta = resources[base]?.json ?? fetch(base) else {
            return (inherited, inheritedVocabulary)
        }
        var draft = inherited
        if case .string(let metaOfMeta)? = meta["$schema"], let known = SchemaDraft(metaSchemaURI: metaOfMeta) {
            draft = known
        }
        var vocabulary = Vocabulary.all
        if case .object(let members)? = meta["$vocabulary"] {
            vocabulary.validation = members.contains { $0.key.hasSuffix("/vocab/validation") }
        }
        return (draft, vocabulary)
    }

    private func register(_ node: SchemaNode, _ scope: Scope) {
        for resource in scope.resources {
            let relative = String(scope.pointer.dropFirst(resource.pointer.count))
            let key = relative.isEmpty ? resource.base : resource.base + "#" + relative
            // With ``reuse`` the index starts as the earlier one, whose entry this node replaces.
            if nodes[key] == nil || reuse != nil { nodes[key] = node }
        }
    }

    private func addRef(_ reference: String, _ scope: Scope) -> String {
        isSelfContained = false
        let uri = Self.canonical(SchemaURI.resolve(reference, against: scope.base))
        pendingRefs.append((uri, scope.draft, scope.documentURI))
        return uri
    }

    /// `uri` with a JSON Pointer fragment percent-decoded and re-escaped in canonical form.
    static func canonical(_ uri: String) -> String {
        let (base, fragment) = SchemaURI.split(uri)
        guard let fragment else { return uri }
        let decoded = SchemaURI.percentDecoded(fragment)
        guard let tokens = SchemaURI.pointerTokens(decoded) else { return base + "#" + decoded }
        if tokens.isEmpty { return base }
        return base + "#" + tokens.map { "/" + SchemaURI.escapePointerToken($0) }.joined()
    }

    private func child(_ scope: Scope, _ tokens: String...) -> Scope {
        var s = scope
        s.depth += 1
        for t in tokens { s.pointer += "/" + SchemaURI.escapePointerToken(t) }
        s.lastTokens = tokens
        return s
    }

    // MARK: - Compiling one schema

    private func compile(_ json: JSONValue, _ parentScope: Scope) -> SchemaNode {
        guard let reuse else { return compileAfresh(json, parentScope) }
        // The earlier JSON at this place; the same JSON there compiled to the same node.
        let earlier = earlierPath.isEmpty ? reuse.json : earlierPath[earlierPath.count - 1].flatMap { Self.follow(parentScope.lastTokens, in: $0) }
        if let earlier, earlier.isIdentical(to: json),
           let node = reuse.nodes[parentScope.pointer.isEmpty ? parentScope.base : parentScope.base + "#" + parentScope.pointer] {
            return node
        }
        earlierPath.append(earlier)
        defer { earlierPath.removeLast() }
        return compileAfresh(json, parentScope)
    }

    private func compileAfresh(_ json: JSONValue, _ parentScope: Scope) -> SchemaNode {
        var scope = parentScope
        let tooDeep = scope.depth > Self.maximumNesting
        if tooDeep {
            schemaProblems.append("\(scope.documentURI)#\(scope.pointer): subschemas nested deeper than \(Self.maximumNesting) levels are not checked")
        }
        guard case .object(let members) = json, !tooDeep else {
            let value: Bool
            if tooDeep { value = true } else if case .bool(let b) = json { value = b } else {
                value = true
                shapeProblem(scope, keyword: nil, "expected a schema (an object or a boolean), found \(Describe.json(json))")
            }
            let node = SchemaNode(boolean: value, keywords: [], draft: scope.draft, documentURI: scope.documentURI,
                                  pointer: scope.pointer, resourceBase: scope.base, recursiveAnchor: false,
                                  dynamicAnchor: nil, title: nil)
            register(node, scope)
            return node
        }
        var object = SchemaObject(members)

        // Identification: $schema, $id/id (ignored beside $ref up to draft 7), anchors.
        // A `$ref` that is not a string is malformed and left out; it does not hide its siblings.
        var hasRef = false
        if case .string? = object["$ref"] { hasRef = true }
        let refOnly = hasRef && scope.draft <= .draft7
        var anchors: [String] = []
        if !refOnly {
            if case .string(let id)? = object[scope.draft.idKeyword] {
                isSelfContained = false
                let (draft, vocabulary) = dialect(of: json, inherited: scope.draft, inheritedVocabulary: scope.vocabulary)
                scope.draft = draft
                scope.vocabulary = vocabulary
                if id.hasPrefix("#") {
                    if scope.draft <= .draft7 { anchors.append(String(id.dropFirst())) }
                } else {
                    let resolved = SchemaURI.resolve(id, against: scope.base)
                    let (newBase, fragment) = SchemaURI.split(resolved)
                    scope.base = newBase
                    scope.resources.append((newBase, scope.pointer))
                    resources[newBase] = Resource(json: json, draft: scope.draft, vocabulary: scope.vocabulary,
                                                  documentURI: scope.documentURI, pointer: scope.pointer)
                    if let fragment, !fragment.isEmpty, scope.draft <= .draft7 { anchors.append(fragment) }
                }
            } else if parentScope.pointer.isEmpty {
                let (draft, vocabulary) = dialect(of: json, inherited: scope.draft, inheritedVocabulary: scope.vocabulary)
                scope.draft = draft
                scope.vocabulary = vocabulary
            }
        }
        let draft = scope.draft
        // A keyword of the wrong shape is left out, as if it were not there: the rest still applies.
        for keyword in malformedKeywords(members, refOnly: refOnly, scope) { object.remove(keyword) }
        var dynamicAnchor: String?
        if draft >= .draft2019_09 {
            if case .string(let a)? = object["$anchor"] { anchors.append(a) }
        }
        if draft >= .draft2020_12, case .string(let a)? = object["$dynamicAnchor"] {
            anchors.append(a)
            dynamicAnchor = a
        }
        let recursiveAnchor = draft == .draft2019_09 && object["$recursiveAnchor"] == .bool(true)
        if !anchors.isEmpty || recursiveAnchor { isSelfContained = false }

        var keywords: [SchemaKeyword] = []
        if refOnly {
            if case .string(let ref)? = object["$ref"] {
                keywords.append(SchemaKeyword(name: "$ref", operand: .ref(addRef(ref, scope))))
            }
            // Still index definitions, so that `$id`s inside them can be found.
            for keyword in ["definitions", "$defs"] {
                if case .object(let defs)? = object[keyword] {
                    for d in defs { _ = compile(d.value, child(scope, keyword, d.key)) }
                }
            }
        } else {
            keywords = compileKeywords(object, scope)
        }
        var title: String?
        if case .string(let t)? = object["title"] { title = t }
        let node = SchemaNode(boolean: nil, keywords: keywords, draft: draft, documentURI: scope.documentURI,
                              pointer: scope.pointer, resourceBase: scope.base, recursiveAnchor: recursiveAnchor,
                              dynamicAnchor: dynamicAnchor, title: title, annotations: SchemaAnnotations(object))
        register(node, scope)
        for anchor in anchors where nodes[scope.base + "#" + anchor] == nil {
            nodes[scope.base + "#" + anchor] = node
        }
        if let dynamicAnchor, dynamicAnchors[scope.base]?[dynamicAnchor] == nil {
            dynamicAnchors[scope.base, default: [:]][dynamicAnchor] = node
        }
        return node
    }

    /// Records a ``SchemaShapeProblem`` at `scope`'s pointer (plus `/keyword`), once per place.
    private func shapeProblem(_ scope: Scope, keyword: String?, _ message: String) {
        let pointer = scope.pointer + (keyword.map { "/" + SchemaURI.escapePointerToken($0) } ?? "")
        guard shapeProblems.count < Self.maximumShapeProblems,
              shapeProblemPlaces.insert(scope.documentURI + "#" + pointer).inserted else { return }
        shapeProblems.append(SchemaShapeProblem(documentURI: scope.documentURI, pointer: pointer, keyword: keyword,
                                                message: message))
    }

    /// Checks the values of the keywords `scope.draft` defines against ``SchemaKeywordShape``; beside a
    /// draft 4–7 `$ref`, whose siblings are ignored, only `$ref` itself. Records a problem for each keyword
    /// whose value has the wrong shape and returns those keywords (the caller leaves them out).
    private func malformedKeywords(_ members: [(key: String, value: JSONValue)], refOnly: Bool, _ scope: Scope) -> [String] {
        var malformed: [String] = []
        for member in members where !refOnly || member.key == "$ref" {
            guard let shape = SchemaKeywordShape.of(member.key, draft: scope.draft), !shape.admits(member.value) else { continue }
            malformed.append(member.key)
            shapeProblem(scope, keyword: member.key,
                         "\(Describe.quoted(member.key)) must be \(shape.expected), found \(Describe.json(member.value))")
        }
        return malformed
    }

    private func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .integer(let i)?: return Double(i)
        case .number(let d)?: return d
        default: return nil
        }
    }

    private func count(_ value: JSONValue?) -> Int? {
        guard let d = number(value), d >= 0, d.rounded() == d else { return nil }
        return d > Double(Int.max / 2) ? Int.max / 2 : Int(d)
    }

    private func regex(_ source: String, _ scope: Scope) -> ECMARegex? {
        let r = ECMARegex(source)
        if r == nil { schemaProblems.append("\(scope.documentURI)#\(scope.pointer): invalid regular expression \(source)") }
        return r
    }

    private func compileKeywords(_ object: SchemaObject, _ scope: Scope) -> [SchemaKeyword] {
        let draft = scope.draft
        let validation = scope.vocabulary.validation
        var out: [SchemaKeyword] = []
        func add(_ name: String, _ operand: SchemaKeyword.Operand) { out.append(SchemaKeyword(name: name, operand: operand)) }
        func sub(_ name: String) -> SchemaNode? {
            guard let value = object[name] else { return nil }
            return compile(value, child(scope, name))
        }
        func subArray(_ name: String) -> [SchemaNode]? {
            guard case .array(let values)? = object[name] else { return nil }
            return values.enumerated().map { compile($0.element, child(scope, name, String($0.offset))) }
        }
        func subMap(_ name: String) -> [(name: String, schema: SchemaNode)]? {
            guard case .object(let entries)? = object[name] else { return nil }
            return entries.map { ($0.key, compile($0.value, child(scope, name, $0.key))) }
        }

        // References.
        if case .string(let ref)? = object["$ref"] { add("$ref", .ref(addRef(ref, scope))) }
        if draft == .draft2019_09, case .string(let ref)? = object["$recursiveRef"] {
            add("$recursiveRef", .recursiveRef(addRef(ref, scope)))
        }
        if draft >= .draft2020_12, case .string(let ref)? = object["$dynamicRef"] {
            let uri = addRef(ref, scope)
            let fragment = SchemaURI.split(uri).fragment
            add("$dynamicRef", .dynamicRef(uri, anchor: fragment.flatMap { $0.hasPrefix("/") ? nil : $0 }))
        }
        // Definitions are compiled for indexing only.
        for defs in ["definitions", "$defs"] {
            if case .object(let entries)? = object[defs] {
                for d in entries { _ = compile(d.value, child(scope, defs, d.key)) }
            }
        }

        if validation {
            if let t = object["type"] {
                var types: [JSONType] = []
                switch t {
                case .string(let s): types = JSONType(rawValue: s).map { [$0] } ?? []
                case .array(let list): types = list.compactMap { if case .string(let s) = $0 { return JSONType(rawValue: s) } else { return nil } }
                default: break
                }
                add("type", .type(types))
            }
            if case .array(let values)? = object["enum"] { add("enum", .enumeration(values)) }
            // `const` in draft 4 too: a later-draft keyword honoured in earlier drafts (see ``SchemaDraft/laterKeywordsHonoured``).
            if let c = object["const"] { add("const", .constant(c)) }
            if let m = number(object["multipleOf"]), m > 0 { add("multipleOf", .multipleOf(m)) }
            if draft == .draft4 {
                if let m = number(object["maximum"]) { add("maximum", .maximum(m, exclusive: object["exclusiveMaximum"] == .bool(true))) }
                if let m = number(object["minimum"]) { add("minimum", .minimum(m, exclusive: object["exclusiveMinimum"] == .bool(true))) }
            } else {
                if let m = number(object["maximum"]) { add("maximum", .maximum(m, exclusive: false)) }
                if let m = number(object["exclusiveMaximum"]) { add("exclusiveMaximum", .maximum(m, exclusive: true)) }
                if let m = number(object["minimum"]) { add("minimum", .minimum(m, exclusive: false)) }
                if let m = number(object["exclusiveMinimum"]) { add("exclusiveMinimum", .minimum(m, exclusive: true)) }
            }
            if let n = count(object["maxLength"]) { add("maxLength", .maxLength(n)) }
            if let n = count(object["minLength"]) { add("minLength", .minLength(n)) }
            if case .string(let p)? = object["pattern"] { add("pattern", .pattern(p, regex(p, scope))) }
            if let n = count(object["maxItems"]) { add("maxItems", .maxItems(n)) }
            if let n = count(object["minItems"]) { add("minItems", .minItems(n)) }
            if object["uniqueItems"] == .bool(true) { add("uniqueItems", .uniqueItems) }
            if let n = count(object["maxProperties"]) { add("maxProperties", .maxProperties(n)) }
            if let n = count(object["minProperties"]) { add("minProperties", .minProperties(n)) }
            if case .array(let names)? = object["required"] {
                add("required", .required(names.compactMap { if case .string(let s) = $0 { return s } else { return nil } }))
            }
            if draft >= .draft2019_09, case .object(let entries)? = object["dependentRequired"] {
                add("dependentRequired", .dependentRequired(entries.map { ($0.key, Self.strings($0.value)) }))
            }
        }
        if case .string(let f)? = object["format"] { add("format", .format(f)) }

        // Arrays.
        var prefixCount: Int?
        if draft >= .draft2020_12 {
            if let prefix = subArray("prefixItems") { add("prefixItems", .prefixItems(prefix)); prefixCount = prefix.count }
            if let items = sub("items") { add("items", .items(items, start: prefixCount ?? 0)) }
        } else if case .array? = object["items"], let prefix = subArray("items") {
            add("items", .prefixItems(prefix))
            if let additional = sub("additionalItems") { add("additionalItems", .items(additional, start: prefix.count)) }
        } else if let items = sub("items") {
            add("items", .items(items, start: 0))
        }
        if let contains = sub("contains") {
            var minimum = 1
            var maximum: Int?
            if draft >= .draft2019_09 && validation {
                if let n = count(object["minContains"]) { minimum = n }
                maximum = count(object["maxContains"])
            }
            add("contains", .contains(contains, min: minimum, max: maximum))
        }

        // Objects.
        let properties = subMap("properties")
        if let properties { add("properties", .properties(properties)) }
        var patterns: [(regex: ECMARegex?, source: String, schema: SchemaNode)] = []
        if case .object(let entries)? = object["patternProperties"] {
            patterns = entries.map { (regex($0.key, scope), $0.key, compile($0.value, child(scope, "patternProperties", $0.key))) }
            add("patternProperties", .patternProperties(patterns))
        }
        if let additional = sub("additionalProperties") {
            add("additionalProperties", .additionalProperties(additional, known: Set(properties?.map(\.name) ?? []),
                                                              patterns: patterns.map(\.regex)))
        }
        // `dependencies` is honoured in every draft (2019-09 split it, but schemas in the wild still use it).
        if case .object(let entries)? = object["dependencies"] {
            var required: [(name: String, required: [String])] = []
            var schemas: [(name: String, schema: SchemaNode)] = []
            for e in entries {
                if case .array = e.value, validation { required.append((e.key, Self.strings(e.value))) } else if case .array = e.value {} else {
                    schemas.append((e.key, compile(e.value, child(scope, "dependencies", e.key))))
                }
            }
            if !required.isEmpty { add("dependencies", .dependentRequired(required)) }
            if !schemas.isEmpty { add("dependencies", .dependentSchemas(schemas)) }
        }
        if draft >= .draft2019_09, let d = subMap("dependentSchemas") { add("dependentSchemas", .dependentSchemas(d)) }
        if let names = sub("propertyNames") { add("propertyNames", .propertyNames(names)) }

        // Combinators and conditionals.
        if let list = subArray("allOf") { add("allOf", .allOf(list)) }
        if let list = subArray("anyOf") { add("anyOf", .anyOf(list)) }
        if let list = subArray("oneOf") { add("oneOf", .oneOf(list)) }
        if let n = sub("not") { add("not", .not(n)) }
        do {
            // `if`/`then`/`else` in drafts 4 and 6 too (``SchemaDraft/laterKeywordsHonoured``).
            // `then`/`else` are compiled even without `if`: they may hold `$id`s that `$ref`s name.
            let thenSchema = sub("then")
            let elseSchema = sub("else")
            if let condition = sub("if") { add("if", .conditional(if: condition, then: thenSchema, else: elseSchema)) }
        }
        if object["deprecated"] == .bool(true) {
            var message: String?
            if case .string(let m)? = object["deprecationMessage"] { message = m }
            add("deprecated", .deprecated(message: message))
        }
        // Annotation-collecting keywords go last.
        if draft >= .draft2019_09 {
            if let u = sub("unevaluatedItems") { add("unevaluatedItems", .unevaluatedItems(u)) }
            if let u = sub("unevaluatedProperties") { add("unevaluatedProperties", .unevaluatedProperties(u)) }
        }
        return out
    }

    private static func strings(_ value: JSONValue) -> [String] {
        guard case .array(let list) = value else { return [] }
        return list.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
    }
}
