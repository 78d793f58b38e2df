/// One-sentence descriptions of the stable diagnostic codes (the table in docs/diagnostics.md), for
/// report formats that list rules apart from results, such as SARIF 2.1.0 `reportingDescriptor`
/// (§3.49) `shortDescription`.
public enum DiagnosticCatalog {
    /// The description of `code`; for a code not in the catalog, the code in words
    /// (`some-new-code` -> `Some new code.`), so a report never lacks one.
    public static func shortDescription(of code: String) -> String {
        if let known = descriptions[code] { return known }
        let words = String(code.map { $0 == "-" ? " " : $0 })
        return words.prefix(1).uppercased() + words.dropFirst() + "."
    }

    /// Code -> description. YAML 1.2.2 sections in parentheses.
    static let descriptions: [String: String] = [
        "unclosed-flow-sequence": "A '[' has no matching ']' (§7.4.1).",
        "unclosed-flow-mapping": "A '{' has no matching '}' (§7.4.2).",
        "unclosed-quoted-scalar": "A quoted scalar is not closed before the text or the block ends (§7.3).",
        "missing-flow-separator": "Two entries of a flow collection lack a ',' between them.",
        "missing-colon": "A mapping key lacks the ':' that separates it from its value.",
        "expected-mapping-key": "Content where a mapping key must start.",
        "expected-sequence-entry": "Content where a '- ' block sequence entry must start.",
        "expected-node": "An indicator where a node must be.",
        "invalid-mapping-value": "A ':' that cannot start a value here.",
        "invalid-block-entry": "A '- ' where a block sequence cannot start.",
        "invalid-explicit-key": "A '? ' explicit key in the wrong place.",
        "insufficient-indentation": "A line less indented than its block requires (§6.1, §8.2).",
        "tab-indentation": "A tab used for indentation; YAML allows only spaces there (§6.1).",
        "block-in-flow": "Block syntax inside a flow collection.",
        "block-scalar-indentation": "Block scalar lines less indented than the first line or the indicator (§8.1.1.1).",
        "invalid-block-scalar-header": "A malformed '|' or '>' block scalar header (§8.1.1).",
        "invalid-escape": "An unknown escape in a double-quoted scalar (§5.7).",
        "invalid-anchor": "A malformed anchor (§6.9.2).",
        "invalid-alias": "A malformed alias (§7.1).",
        "invalid-tag": "A malformed tag (§6.9.1).",
        "multiple-anchors": "A node with two anchors.",
        "multiple-tags": "A node with two tags.",
        "alias-with-properties": "An alias with an anchor or a tag (§7.1).",
        "undefined-tag-handle": "A tag handle without a %TAG directive (§6.8.2).",
        "reserved-indicator": "A plain scalar starting with '@' or '`' (§5.3).",
        "comment-without-space": "A '#' directly after content, which starts no comment (§6.6).",
        "content-after-document-end": "Content on the line of a '...' document end marker.",
        "invalid-directive": "A malformed %YAML or %TAG directive (§6.8).",
        "duplicate-directive": "A repeated %YAML or %TAG directive (§6.8).",
        "directive-without-document-end": "A directive after a document that was not ended with '...' (§9.2).",
        "missing-directives-end": "Directives not followed by '---'.",
        "unexpected-character": "A character that fits nowhere in the grammar.",
        "unexpected-token": "A token that fits nowhere in the grammar.",
        "unexpected-content": "Content that fits nowhere in the grammar.",
        "nesting-too-deep": "Nesting deeper than the parser's limit.",
        "invalid-utf8": "Bytes that are not valid UTF-8 (§5.2).",
        "non-printable-character": "A control character or NUL outside the printable set (§5.1).",
        "file-too-large": "A file above pureyaml.maxFileSize: only its syntax is checked.",
        "too-many-findings": "More than 1,000 findings in one document: the rest are counted, not listed.",
        "unsupported-yaml-version": "A %YAML version other than 1.x (§6.8.1).",
        "unknown-directive": "A reserved directive other than %YAML or %TAG, which is ignored (§6.8).",
        "duplicate-key": "A mapping repeats a key; keys must be unique (§3.2.1.1).",
        "undefined-alias": "An alias with no earlier anchor of that name in the document (§7.1).",
        "recursive-alias": "An alias pointing into the collection its anchor is still building.",
        "unused-anchor": "An anchor that no alias uses.",
        "schema-load-failed": "A JSON Schema that could not be loaded; nothing was validated against it.",
        "schema-invalid": "A JSON Schema that is not JSON or YAML, or whose root is not an object or a boolean; nothing was validated against it.",
        SchemaRegistry.keywordIgnoredCode: "A schema keyword or subschema of the wrong shape (\"type\": 5); it is ignored and the rest of the schema is used.",
        "schema-depth-limit": "Nesting deeper than the schema validator's limit; what lies deeper was not checked.",
        "schema-step-limit": "Schema validation stopped after its work budget; the document was not checked fully.",
        ProjectConfiguration.invalidCode: "A .pureyaml.yaml configuration file that cannot be used; defaults apply.",
        ProjectConfiguration.unknownKeyCode: "A key in a .pureyaml.yaml configuration file that names no setting; it is ignored.",
    ]
}
