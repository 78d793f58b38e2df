import YAMLComposer

/// One compiled (sub)schema: a boolean schema or an ordered list of keywords whose operands are already
/// parsed (regexes compiled, subschemas compiled, `$ref` targets resolved to absolute URIs).
///
/// Immutable after compilation, so a compiled schema can be shared between documents and threads.
final class SchemaNode: Sendable {
    /// `true`/`false` for a boolean schema; nil for an object schema.
    let boolean: Bool?
    /// Keywords in evaluation order (`unevaluated*` last, JSON Schema 2020-12 Core §11).
    let keywords: [SchemaKeyword]
    /// The dialect in effect here.
    let draft: SchemaDraft
    /// URI of the document the schema was loaded from (for reporting).
    let documentURI: String
    /// JSON Pointer of this schema inside that document (`""` for the root).
    let pointer: String
    /// Absolute base URI of the schema resource holding this schema (its nearest `$id`).
    let resourceBase: String
    /// `$recursiveAnchor: true` (2019-09) on a resource root.
    let recursiveAnchor: Bool
    /// `$dynamicAnchor` name (2020-12), if any.
    let dynamicAnchor: String?
    /// `title`, used to name `anyOf`/`oneOf` alternatives in messages.
    let title: String?
    /// Annotations for completion and hover (description, default, examples, ...).
    let annotations: SchemaAnnotations

    init(boolean: Bool?, keywords: [SchemaKeyword], draft: SchemaDraft, documentURI: String, pointer: String,
         resourceBase: String, recursiveAnchor: Bool, dynamicAnchor: String?, title: String?,
         annotations: SchemaAnnotations = .none) {
        self.boolean = boolean
        self.keywords = keywords
        self.draft = draft
        self.documentURI = documentURI
        self.pointer = pointer
        self.resourceBase = resourceBase
        self.recursiveAnchor = recursiveAnchor
        self.dynamicAnchor = dynamicAnchor
        self.title = title
        self.annotations = annotations
    }

    /// Property names declared by `properties` (for "did you mean" suggestions).
    var declaredPropertyNames: [String] {
        keywords.flatMap { keyword -> [String] in
            if case .properties(let list) = keyword.operand { return list.map(\.name) }
            return []
        }
    }
}

/// A JSON Schema primitive type name (JSON Schema 2020-12 Validation §6.1.1).
enum JSONType: String, Sendable {
    case null, boolean, object, array, number, string, integer
}

/// One keyword of a compiled schema: its name as written (for schema paths and messages) and operand.
struct SchemaKeyword: Sendable {
    /// The keyword as written, e.g. `additionalItems` or `dependencies`.
    let name: String
    /// The parsed operand.
    let operand: Operand

    /// Parsed operands. Each case documents the spec rule it evaluates.
    enum Operand: Sendable {
        /// `$ref` to an absolute URI (fragment canonicalized).
        case ref(String)
        /// `$dynamicRef` (2020-12 Core §8.2.3.2): the statically resolved URI and the plain-name fragment.
        case dynamicRef(String, anchor: String?)
        /// `$recursiveRef` (2019-09 Core §8.2.4.2): the statically resolved URI.
        case recursiveRef(String)
        case type([JSONType])
        case enumeration([JSONValue])
        case constant(JSONValue)
        case multipleOf(Double)
        case maximum(Double, exclusive: Bool)
        case minimum(Double, exclusive: Bool)
        case maxLength(Int)
        case minLength(Int)
        /// `pattern`; nil when the pattern does not compile (reported as a schema problem).
        case pattern(String, ECMARegex?)
        case format(String)
        /// `prefixItems`, or the array form of `items` (draft 4 – 2019-09).
        case prefixItems([SchemaNode])
        /// `items` (schema form), `additionalItems`, or 2020-12 `items` after `prefixItems`: applies to
        /// items from `start` on.
        case items(SchemaNode, start: Int)
        case contains(SchemaNode, min: Int, max: Int?)
        case maxItems(Int)
        case minItems(Int)
        case uniqueItems
        case properties([(name: String, schema: SchemaNode)])
        case patternProperties([(regex: ECMARegex?, source: String, schema: SchemaNode)])
        /// `additionalProperties`: applies to members not named by `known` nor matched by `patterns`.
        case additionalProperties(SchemaNode, known: Set<String>, patterns: [ECMARegex?])
        case required([String])
        case dependentRequired([(name: String, required: [String])])
        case dependentSchemas([(name: String, schema: SchemaNode)])
        case propertyNames(SchemaNode)
        case maxProperties(Int)
        case minProperties(Int)
        case allOf([SchemaNode])
        case anyOf([SchemaNode])
        case oneOf([SchemaNode])
        case not(SchemaNode)
        case conditional(if: SchemaNode, then: SchemaNode?, else: SchemaNode?)
        case unevaluatedItems(SchemaNode)
        case unevaluatedProperties(SchemaNode)
        /// `deprecated: true` (2019-09 Validation §9.3), with an optional `deprecationMessage`.
        case deprecated(message: String?)
    }
}
