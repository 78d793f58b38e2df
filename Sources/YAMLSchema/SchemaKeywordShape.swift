import YAMLComposer

/// The shape a keyword's value must have, following the meta-schemas of drafts 4 to 2020-12, loosened where
/// schemas in use commonly mix drafts (see ``of(_:draft:)``). A subschema's own shape (object or boolean) is
/// checked here only for the container; the elements are checked when the compiler reaches them.
enum SchemaKeywordShape: Sendable {
    /// An object or a boolean (JSON Schema 2020-12 Core §4.3.1).
    case schema
    /// A non-empty array (of schemas, checked one by one when compiled).
    case nonEmptySchemaArray
    /// A schema or an array of schemas (`items` before 2020-12).
    case schemaOrSchemaArray
    /// An object whose values are schemas (`properties`, `$defs`, ...).
    case schemaMap
    /// A string.
    case string
    /// An array of strings.
    case stringArray
    /// A type name or a non-empty array of type names (Validation §6.1.1).
    case typeNames
    /// An integer ≥ 0; integral numbers such as `2.0` count (2020-12 Core §4.2.2).
    case nonNegativeInteger
    /// Any number.
    case number
    /// A number > 0 (`multipleOf`).
    case positiveNumber
    /// `true` or `false`.
    case boolean
    /// A boolean (draft 4) or a number (draft 6 on): `exclusiveMaximum`, `exclusiveMinimum`.
    case booleanOrNumber
    /// Any array (`enum`).
    case array
    /// An object whose values are arrays of strings (`dependentRequired`).
    case stringArrayMap
    /// An object whose values are schemas or arrays of strings (`dependencies`).
    case dependencies

    /// The type names of Validation §6.1.1 (and draft 4 §5.5.2).
    static let typeNameList = ["array", "boolean", "integer", "null", "number", "object", "string"]

    /// The shape `keyword` must have in a schema of `draft`; nil for keywords that draft does not define
    /// (they may hold anything) and for those whose every value is allowed (`const`, `default`, ...).
    ///
    /// Loosened from the meta-schemas: `exclusiveMaximum`/`exclusiveMinimum` take a boolean or a number in
    /// every draft (schemas without `$schema` are read as draft 7 but often use the draft 4 form), `enum`
    /// and `required` may be empty, booleans are schemas in draft 4 too, and `dependencies` is checked in
    /// every draft (the validator honours it in every draft).
    static func of(_ keyword: String, draft: SchemaDraft) -> SchemaKeywordShape? {
        switch keyword {
        case "$ref", "$schema", "pattern", "format": return .string
        case "type": return .typeNames
        case "enum": return .array
        case "multipleOf": return .positiveNumber
        case "maximum", "minimum": return .number
        case "exclusiveMaximum", "exclusiveMinimum": return .booleanOrNumber
        case "maxLength", "minLength", "maxItems", "minItems", "maxProperties", "minProperties": return .nonNegativeInteger
        case "uniqueItems": return .boolean
        case "required": return .stringArray
        case "items": return draft >= .draft2020_12 ? .schema : .schemaOrSchemaArray
        case "additionalItems": return draft >= .draft2020_12 ? nil : .schema
        case "additionalProperties", "not": return .schema
        case "properties", "patternProperties", "definitions": return .schemaMap
        case "dependencies": return .dependencies
        case "allOf", "anyOf", "oneOf": return .nonEmptySchemaArray
        case "id": return draft == .draft4 ? .string : nil
        case "$id": return draft >= .draft6 ? .string : nil
        // Honoured in earlier drafts too (``SchemaDraft/laterKeywordsHonoured``), so checked there too.
        case "contains", "propertyNames", "if", "then", "else": return .schema
        case "$defs", "dependentSchemas": return draft >= .draft2019_09 ? .schemaMap : nil
        case "$anchor": return draft >= .draft2019_09 ? .string : nil
        case "dependentRequired": return draft >= .draft2019_09 ? .stringArrayMap : nil
        case "maxContains", "minContains": return draft >= .draft2019_09 ? .nonNegativeInteger : nil
        case "unevaluatedItems", "unevaluatedProperties": return draft >= .draft2019_09 ? .schema : nil
        case "$recursiveRef": return draft == .draft2019_09 ? .string : nil
        case "$recursiveAnchor": return draft == .draft2019_09 ? .boolean : nil
        case "prefixItems": return draft >= .draft2020_12 ? .nonEmptySchemaArray : nil
        case "$dynamicRef", "$dynamicAnchor": return draft >= .draft2020_12 ? .string : nil
        default: return nil
        }
    }

    /// True when `value` has this shape.
    func admits(_ value: JSONValue) -> Bool {
        switch self {
        case .schema: return Self.isSchema(value)
        case .nonEmptySchemaArray:
            if case .array(let items) = value { return !items.isEmpty }
            return false
        case .schemaOrSchemaArray:
            if case .array = value { return true }
            return Self.isSchema(value)
        case .schemaMap:
            if case .object = value { return true }
            return false
        case .dependencies:
            guard case .object(let members) = value else { return false }
            return members.allSatisfy { Self.isSchema($0.value) || Self.isStringArray($0.value) }
        case .string:
            if case .string = value { return true }
            return false
        case .stringArray: return Self.isStringArray(value)
        case .typeNames:
            switch value {
            case .string(let name): return Self.typeNameList.contains(name)
            case .array(let names):
                return !names.isEmpty && names.allSatisfy { if case .string(let n) = $0 { return Self.typeNameList.contains(n) } else { return false } }
            default: return false
            }
        case .nonNegativeInteger:
            switch value {
            case .integer(let i): return i >= 0
            case .number(let d): return d >= 0 && d.isFinite && d.rounded() == d
            default: return false
            }
        case .number:
            switch value {
            case .integer: return true
            case .number(let d): return d.isFinite
            default: return false
            }
        case .positiveNumber:
            switch value {
            case .integer(let i): return i > 0
            case .number(let d): return d > 0 && d.isFinite
            default: return false
            }
        case .boolean:
            if case .bool = value { return true }
            return false
        case .booleanOrNumber:
            switch value {
            case .bool, .integer: return true
            case .number(let d): return d.isFinite
            default: return false
            }
        case .array:
            if case .array = value { return true }
            return false
        case .stringArrayMap:
            guard case .object(let members) = value else { return false }
            return members.allSatisfy { Self.isStringArray($0.value) }
        }
    }

    /// What the value must be, as a phrase: `a type name (array, boolean, ...) or a non-empty list of them`.
    var expected: String {
        switch self {
        case .schema: return "a schema (an object or a boolean)"
        case .nonEmptySchemaArray: return "a non-empty array of schemas"
        case .schemaOrSchemaArray: return "a schema (an object or a boolean) or an array of schemas"
        case .schemaMap: return "an object whose values are schemas"
        case .string: return "a string"
        case .stringArray: return "an array of strings"
        case .typeNames:
            return "a type name (\(Describe.list(Self.typeNameList, conjunction: "or"))) or a non-empty array of them"
        case .nonNegativeInteger: return "an integer ≥ 0"
        case .number: return "a number"
        case .positiveNumber: return "a number > 0"
        case .boolean: return "true or false"
        case .booleanOrNumber: return "a boolean or a number"
        case .array: return "an array"
        case .stringArrayMap: return "an object whose values are arrays of strings"
        case .dependencies: return "an object whose values are schemas or arrays of strings"
        }
    }

    /// True for an object or a boolean.
    static func isSchema(_ value: JSONValue) -> Bool {
        switch value {
        case .object, .bool: return true
        default: return false
        }
    }

    private static func isStringArray(_ value: JSONValue) -> Bool {
        guard case .array(let items) = value else { return false }
        return items.allSatisfy { if case .string = $0 { return true } else { return false } }
    }
}
