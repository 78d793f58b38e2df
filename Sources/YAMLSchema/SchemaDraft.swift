/// A JSON Schema dialect, chosen by a schema's `$schema` keyword.
///
/// Draft 7 is assumed when a schema names no (known) dialect. Order follows publication, so
/// `draft >= .draft2019_09` asks "has the 2019-09 vocabulary semantics".
public enum SchemaDraft: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// Draft 4 (`http://json-schema.org/draft-04/schema#`): `id`, boolean `exclusiveMaximum`.
    case draft4 = 4
    /// Draft 6: `$id`, `const`, `contains`, `propertyNames`, numeric `exclusive*`.
    case draft6 = 6
    /// Draft 7: `if`/`then`/`else`; the default dialect.
    case draft7 = 7
    /// 2019-09: vocabularies, `$anchor`, `$recursiveRef`, `unevaluated*`, `dependentRequired`/`Schemas`.
    case draft2019_09 = 2019
    /// 2020-12: `prefixItems`, `$dynamicRef`/`$dynamicAnchor`.
    case draft2020_12 = 2020

    /// The dialect whose meta-schema URI is `uri` (`http`/`https` and a trailing empty fragment `#` are
    /// ignored), nil for any other URI.
    public init?(metaSchemaURI uri: String) {
        var u = Substring(uri)
        if u.hasSuffix("#") { u = u.dropLast() }
        if u.hasPrefix("https://") { u = u.dropFirst(8) } else if u.hasPrefix("http://") { u = u.dropFirst(7) } else { return nil }
        switch u {
        case "json-schema.org/draft-04/schema": self = .draft4
        case "json-schema.org/draft-06/schema": self = .draft6
        case "json-schema.org/draft-07/schema": self = .draft7
        case "json-schema.org/draft/2019-09/schema": self = .draft2019_09
        case "json-schema.org/draft/2020-12/schema": self = .draft2020_12
        default: return nil
        }
    }

    /// The canonical meta-schema URI (as the meta-schema's own `$id`/`id`, without an empty fragment).
    public var metaSchemaURI: String {
        switch self {
        case .draft4: return "http://json-schema.org/draft-04/schema"
        case .draft6: return "http://json-schema.org/draft-06/schema"
        case .draft7: return "http://json-schema.org/draft-07/schema"
        case .draft2019_09: return "https://json-schema.org/draft/2019-09/schema"
        case .draft2020_12: return "https://json-schema.org/draft/2020-12/schema"
        }
    }

    /// Keywords that a later draft added and that the validator honours in schemas of an earlier draft too,
    /// as the common validators do (yaml-language-server's, and Ajv as SchemaStore runs it): schemas in the
    /// wild use them without changing their `$schema` (`const` in a draft-04 schema). Listed in
    /// docs/schemas.md ("Keywords of later drafts").
    public static let laterKeywordsHonoured: [(keyword: String, since: SchemaDraft)] = [
        ("const", .draft6), ("contains", .draft6), ("propertyNames", .draft6),
        ("if", .draft7), ("then", .draft7), ("else", .draft7),
    ]

    /// Earlier drafts sort first.
    public static func < (a: SchemaDraft, b: SchemaDraft) -> Bool { a.rawValue < b.rawValue }

    /// The keyword that sets a base URI: `id` in draft 4, `$id` later.
    var idKeyword: String { self == .draft4 ? "id" : "$id" }

    /// The usual short name, e.g. `draft-07` or `2020-12`.
    public var description: String {
        switch self {
        case .draft4: return "draft-04"
        case .draft6: return "draft-06"
        case .draft7: return "draft-07"
        case .draft2019_09: return "2019-09"
        case .draft2020_12: return "2020-12"
        }
    }
}
