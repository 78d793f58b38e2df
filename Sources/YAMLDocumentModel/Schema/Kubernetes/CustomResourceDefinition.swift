import YAMLComposer
import YAMLSchema

/// The schemas a Kubernetes CustomResourceDefinition (`apiextensions.k8s.io/v1`, or the older `v1beta1`)
/// gives its custom resources: one JSON Schema per served version, made from the version's
/// `openAPIV3Schema` (see ``jsonSchema(_:type:)``).
struct CustomResourceDefinition {
    /// The served versions' resource types and schemas, in the definition's order.
    var versions: [(type: KubernetesResourceType, schema: JSONValue)]

    /// True when a document's root is a CustomResourceDefinition (`apiextensions.k8s.io/v1` or
    /// `v1beta1`). Reads only the root's keys.
    static func isDefinition(_ root: YAMLNode) -> Bool {
        guard let (apiVersion, kind) = KubernetesResourceType.apiVersionAndKind(root) else { return false }
        return isDefinition(apiVersion: apiVersion, kind: kind)
    }

    /// True when `type` (a document root's, ``KubernetesResourceType/of(_:)``) is that of a CustomResourceDefinition.
    static func isDefinition(_ type: KubernetesResourceType?) -> Bool {
        guard let type else { return false }
        return isDefinition(apiVersion: type.apiVersion, kind: type.kind)
    }

    /// True when a root's top-level `apiVersion` and `kind` name a CustomResourceDefinition.
    static func isDefinition(apiVersion: String, kind: String) -> Bool {
        kind == "CustomResourceDefinition" && (apiVersion == "apiextensions.k8s.io/v1" || apiVersion == "apiextensions.k8s.io/v1beta1")
    }

    /// The definition in a document's root; nil when it is not one (``isDefinition(_:)``) or names no
    /// group and kind. Versions that are not served, or have no schema, are left out.
    init?(_ root: YAMLNode) {
        guard Self.isDefinition(root), case .success(let json) = JSONProjection.project(root) else { return nil }
        self.init(projection: json)
    }

    /// The definition whose document's JSON projection is `json` (the document is a definition:
    /// ``isDefinition(_:)``); nil when it names no group and kind, or serves no version with a schema.
    init?(projection json: JSONValue) {
        let spec = json["spec"]
        guard case .string(let group)? = spec?["group"], case .string(let kind)? = spec?["names"]?["kind"],
              KubernetesResourceType.isGroup(group), KubernetesResourceType.isKind(kind) else { return nil }
        var versions: [(KubernetesResourceType, JSONValue)] = []
        // v1beta1 could give one schema for every version (`spec.validation`) and one version (`spec.version`).
        let shared = spec?["validation"]?["openAPIV3Schema"]
        var entries: [JSONValue] = []
        if case .array(let list)? = spec?["versions"] { entries = list } else if case .string(let v)? = spec?["version"] {
            entries = [.object([(key: "name", value: .string(v))])]
        }
        for entry in entries {
            guard case .string(let name)? = entry["name"], KubernetesResourceType.isVersion(name),
                  entry["served"] != .bool(false),
                  let openAPI = entry["schema"]?["openAPIV3Schema"] ?? shared else { continue }
            let type = KubernetesResourceType(group: group, version: name, kind: kind)
            versions.append((type, Self.jsonSchema(openAPI, type: type)))
        }
        guard !versions.isEmpty else { return nil }
        self.versions = versions
    }

    /// A CRD version's `openAPIV3Schema` (an OpenAPI 3.0 schema object, read as JSON Schema draft 4, which
    /// shares its boolean `exclusiveMinimum`/`exclusiveMaximum`) as a JSON Schema for the resource:
    /// Kubernetes' structural-schema extensions become what the API server does with them:
    /// - `nullable: true` allows `null` (added to `type` and to an `enum`);
    /// - `x-kubernetes-int-or-string: true` allows an integer or a string (`type: [integer, string]`, in
    ///   place of the equivalent `anyOf` generators write beside it, so a wrong value gets one finding);
    /// - an object schema with `properties` and no `additionalProperties` rejects other fields (the API
    ///   server drops them, and `kubectl`'s strict field validation reports them), unless
    ///   `x-kubernetes-preserve-unknown-fields: true` keeps them;
    /// - `x-kubernetes-embedded-resource: true` requires `apiVersion` and `kind` and allows `metadata`;
    /// - at the root, `apiVersion` and `kind` must be the resource's, and `metadata` is an object.
    ///
    /// A `properties` that is not an object (`properties: [1, 2]`) is left as written, with nothing added
    /// beside it: the schema compiler ignores it and says so (`schema-keyword-ignored`), as for any schema,
    /// instead of the definition rejecting every field without a word.
    static func jsonSchema(_ openAPI: JSONValue, type: KubernetesResourceType) -> JSONValue {
        var root = structural(openAPI)
        guard case .object(var members) = root else { return root }
        if let malformed = root["properties"], !isObject(malformed) { return root }
        var properties: [(key: String, value: JSONValue)] = []
        if case .object(let p)? = root["properties"] { properties = p }
        func set(_ name: String, _ value: JSONValue) {
            if let i = properties.firstIndex(where: { $0.key == name }) {
                if case .object(var existing) = properties[i].value {
                    existing.removeAll { $0.key == "enum" || $0.key == "type" }
                    if case .object(let add) = value { existing.append(contentsOf: add) }
                    properties[i].value = .object(existing)
                }
            } else {
                properties.append((name, value))
            }
        }
        set("apiVersion", .object([(key: "type", value: .string("string")), (key: "enum", value: .array([.string(type.apiVersion)]))]))
        set("kind", .object([(key: "type", value: .string("string")), (key: "enum", value: .array([.string(type.kind)]))]))
        if !properties.contains(where: { $0.key == "metadata" }) {
            properties.append(("metadata", .object([(key: "type", value: .string("object"))])))
        }
        members.removeAll { $0.key == "properties" || $0.key == "$schema" }
        members.insert((key: "properties", value: .object(properties)), at: 0)
        members.insert((key: "$schema", value: .string("http://json-schema.org/draft-04/schema#")), at: 0)
        root = .object(members)
        return root
    }

    private static func isObject(_ value: JSONValue) -> Bool {
        if case .object = value { true } else { false }
    }

    /// ``jsonSchema(_:type:)`` of `openAPI`, given `schema`, that of an earlier version of `openAPI` that
    /// differed only below `path` (JSON keys and indices from the root): the subschema holding the change
    /// made again by ``structural(_:depth:)`` and put in place of the old one, the rest shared. The
    /// subschema is the deepest one on `path` whose making no schema above it looks into: not an `anyOf`
    /// entry of an `x-kubernetes-int-or-string` schema (whose rule compares its `anyOf`), nor the root's
    /// `apiVersion` or `kind` property (which the root's rule rewrites). Nil when that is the root.
    static func jsonSchema(_ openAPI: JSONValue, updating schema: JSONValue, changedBelow path: [String]) -> JSONValue? {
        // The schema positions on `path`: how many tokens lead to each.
        var positions = [0]
        var at = 0
        var node = openAPI
        while at < path.count {
            // The steps ``structural(_:depth:)`` takes into a subschema.
            let steps: Int
            switch (path[at], node[path[at]]) {
            case ("properties", .object?), ("patternProperties", .object?), ("definitions", .object?),
                 ("allOf", .array?), ("anyOf", .array?), ("oneOf", .array?), ("items", .array?), ("additionalProperties", .array?), ("not", .array?):
                steps = 2
            case ("items", _?), ("additionalProperties", _?), ("not", _?):
                steps = 1
            default:
                steps = 0
            }
            guard steps > 0, at + steps <= path.count, let next = follow(path[at..<(at + steps)], in: node) else { break }
            // A parent whose rule reads this child's content stays the one made again.
            if path[at] == "anyOf", node["x-kubernetes-int-or-string"] == .bool(true) { break }
            if at == 0, path[0] == "properties", path.count > 1, path[1] == "apiVersion" || path[1] == "kind" { break }
            at += steps
            positions.append(at)
            node = next
        }
        guard let last = positions.last, last > 0 else { return nil }
        return replacing(in: schema, at: path[..<last], with: structural(node, depth: positions.count - 1))
    }

    /// The value at `tokens` (object keys, array indices) below `json`.
    static func follow(_ tokens: ArraySlice<String>, in json: JSONValue) -> JSONValue? {
        var current = json
        for token in tokens {
            switch current {
            case .object: guard let next = current[token] else { return nil }; current = next
            case .array(let items): guard let i = Int(token), items.indices.contains(i) else { return nil }; current = items[i]
            default: return nil
            }
        }
        return current
    }

    /// `json` with the value at `tokens` replaced by `value` (nil when there is none); what is not on
    /// the way is shared.
    static func replacing(in json: JSONValue, at tokens: ArraySlice<String>, with value: JSONValue) -> JSONValue? {
        guard let token = tokens.first else { return value }
        switch json {
        case .object(var members):
            guard let i = members.lastIndex(where: { $0.key == token }),
                  let inner = replacing(in: members[i].value, at: tokens.dropFirst(), with: value) else { return nil }
            members[i].value = inner
            return .object(members)
        case .array(var items):
            guard let i = Int(token), items.indices.contains(i),
                  let inner = replacing(in: items[i], at: tokens.dropFirst(), with: value) else { return nil }
            items[i] = inner
            return .array(items)
        default:
            return nil
        }
    }

    /// ``jsonSchema(_:type:)``'s rules for one subschema and, recursively, those below it.
    static func structural(_ schema: JSONValue, depth: Int = 0) -> JSONValue {
        guard case .object(var members) = schema, depth < 200 else { return schema }
        func flag(_ name: String) -> Bool { members.contains { $0.key == name && $0.value == .bool(true) } }
        for i in members.indices {
            let value = members[i].value
            switch members[i].key {
            case "properties", "patternProperties", "definitions":
                if case .object(let entries) = value {
                    members[i].value = .object(entries.map { (key: $0.key, value: structural($0.value, depth: depth + 1)) })
                }
            case "items", "additionalProperties", "not":
                if case .array(let list) = value {
                    members[i].value = .array(list.map { structural($0, depth: depth + 1) })
                } else {
                    members[i].value = structural(value, depth: depth + 1)
                }
            case "allOf", "anyOf", "oneOf":
                if case .array(let list) = value { members[i].value = .array(list.map { structural($0, depth: depth + 1) }) }
            default: break
            }
        }
        if flag("x-kubernetes-int-or-string") {
            // The `anyOf: [{type: integer}, {type: string}]` CRD generators write beside it says the same.
            let sameAnyOf: JSONValue = .array([.object([(key: "type", value: .string("integer"))]), .object([(key: "type", value: .string("string"))])])
            members.removeAll { $0.key == "type" || ($0.key == "anyOf" && $0.value == sameAnyOf) }
            members.append((key: "type", value: .array([.string("integer"), .string("string")])))
        }
        if flag("x-kubernetes-embedded-resource") {
            var properties: [(key: String, value: JSONValue)] = []
            if case .object(let p)? = members.first(where: { $0.key == "properties" })?.value { properties = p }
            for (name, type) in [("apiVersion", "string"), ("kind", "string"), ("metadata", "object")]
            where !properties.contains(where: { $0.key == name }) {
                properties.append((name, .object([(key: "type", value: .string(type))])))
            }
            members.removeAll { $0.key == "properties" }
            members.append((key: "properties", value: .object(properties)))
            var required: [JSONValue] = []
            if case .array(let r)? = members.first(where: { $0.key == "required" })?.value { required = r }
            for name in ["apiVersion", "kind"] where !required.contains(.string(name)) { required.append(.string(name)) }
            members.removeAll { $0.key == "required" }
            members.append((key: "required", value: .array(required)))
        }
        // Only well-formed `properties` close the object: a malformed one is ignored by the compiler (which
        // says so), and closing the object on top of it would reject every field.
        if members.contains(where: { $0.key == "properties" && isObject($0.value) }), !members.contains(where: { $0.key == "additionalProperties" }),
           !flag("x-kubernetes-preserve-unknown-fields") {
            members.append((key: "additionalProperties", value: .bool(false)))
        }
        if flag("nullable") {
            if let i = members.firstIndex(where: { $0.key == "type" }) {
                switch members[i].value {
                case .string(let t): members[i].value = .array([.string(t), .string("null")])
                case .array(let list) where !list.contains(.string("null")): members[i].value = .array(list + [.string("null")])
                default: break
                }
            }
            if let i = members.firstIndex(where: { $0.key == "enum" }), case .array(let list) = members[i].value, !list.contains(.null) {
                members[i].value = .array(list + [.null])
            }
        }
        return .object(members)
    }
}
