import YAMLComposer

/// The annotation keywords of one (sub)schema that editors show and complete from (JSON Schema 2020-12
/// Validation §9: `title`, `description`, `default`, `examples`, `deprecated`), plus the
/// `markdownDescription` and `deprecationMessage` extensions VS Code and yaml-language-server read.
///
/// They do not take part in validation; they are kept beside the compiled keywords for completion and hover.
struct SchemaAnnotations: Sendable {
    /// `title`.
    var title: String?
    /// `description` (plain text).
    var description: String?
    /// `markdownDescription` (Markdown; preferred by clients that render it), sanitized by
    /// ``SchemaMarkdown`` with `https:` images kept: whoever shows it drops them unless the user allows them.
    var markdownDescription: String?
    /// `default`, when present.
    var defaultValue: JSONValue?
    /// `examples` (draft 6+; an array), in order.
    var examples: [JSONValue] = []
    /// True for `deprecated: true`.
    var deprecated = false
    /// `deprecationMessage`.
    var deprecationMessage: String?

    /// No annotations (boolean schemas, `$ref`-only schemas of drafts up to 7 keep their `description`).
    static let none = SchemaAnnotations()

    /// Reads the annotation keywords of a schema object's members.
    init(_ object: SchemaObject) {
        if case .string(let s)? = object["title"] { title = s }
        if case .string(let s)? = object["description"] { description = s }
        if case .string(let s)? = object["markdownDescription"] { markdownDescription = SchemaMarkdown.sanitized(s, allowImages: true) }
        defaultValue = object["default"]
        if case .array(let list)? = object["examples"] { examples = list }
        deprecated = object["deprecated"] == .bool(true)
        if case .string(let s)? = object["deprecationMessage"] { deprecationMessage = s }
    }

    init() {}
}
