import YAMLComposer
import YAMLSchema
import YAMLSyntax

/// Completion from the JSON Schema that applies to the document: member names the mapping at the cursor
/// may still have (required ones first; each with its description and type, and a skeleton of its value:
/// the required children of an object, the `- ` of an array, a default), and values for the node at the
/// cursor (`enum`/`const`, `default`, `examples`, `true`/`false`/`null`).
///
/// Works from the ``CompletionContext`` (so half-typed buffers are fine) and the composed document (which
/// narrows `anyOf`/`oneOf` to the alternatives that fit what is written). Bounded by the schema navigator.
enum SchemaCompletion {
    /// How a client wants candidates.
    struct Options {
        /// The client accepts snippets (`$1`, `${1:default}`, `$0`); plain text otherwise.
        var snippets: Bool
        /// The client renders Markdown documentation (prefer `markdownDescription`).
        var markdown: Bool
        /// Spaces per nesting level in inserted skeletons.
        var indentWidth: Int
        /// The user's `pureyaml.hover.allowImages`: documentation keeps schemas' `https:` images.
        var allowImages = false
    }

    /// Largest number of values offered.
    static let maxValues = 200

    /// The schema's candidates for `ctx` in the document whose root is `root`.
    static func candidates(_ snapshot: DocumentSnapshot, _ ctx: CompletionContext, schema: JSONSchema, root: YAMLNode?,
                           options: Options) -> [CompletionCandidate] {
        var path = steps(ctx.keyPath)
        let offset = ctx.replaceRange.start
        switch ctx.expectation {
        case .key:
            var ctx = ctx
            // Keys the mapping already has (flow mappings too), except the one being typed.
            if let root, let mapping = SchemaPathStep.node(at: path, in: root, near: offset)?.resolved.mergedMappingEntries {
                for entry in mapping where !entry.key.range.touches(offset) {
                    if case .scalar(let k, _) = entry.key.resolved.content, !ctx.presentKeys.contains(k) { ctx.presentKeys.append(k) }
                }
            }
            var suggestions = schema.propertySuggestions(at: path, in: root, near: offset, typing: true)
            // A name being typed that only a pattern (or `additionalProperties`) allows, e.g. a job id: offered
            // with the skeleton of its value.
            let word = ctx.partialWord
            var fresh: SchemaPropertySuggestion?
            if !word.isEmpty, !ctx.presentKeys.contains(word), !suggestions.contains(where: { $0.name == word }) {
                fresh = schema.newMemberSuggestion(named: word, at: path, in: root, near: offset)
            }
            if let fresh { suggestions.insert(fresh, at: 0) }
            var out = keyCandidates(snapshot, ctx, suggestions, options: options)
            if fresh != nil, !out.isEmpty {
                out[0].sortText = "00"
                out[0].detail = "new entry: " + (out[0].detail ?? "")
            }
            if case .item? = path.last {
                // Right after `- `: the item may also be a scalar.
                out += valueCandidates(ctx, schema.valueSuggestions(at: path, in: root, near: offset), tier: 4)
            }
            return out
        case .value:
            if opensFlowItem(snapshot.bytes, before: offset, within: ctx.documentRange), path.last.map({ if case .item = $0 { return false } else { return true } }) ?? true {
                path.append(.item(nil))
            }
            return valueCandidates(ctx, schema.valueSuggestions(at: path, in: root, near: offset), tier: 0)
        case .aliasName, .modeline, .none:
            return []
        }
    }

    /// True when the text before `offset` (blanks skipped) is `[` or `,` of a flow sequence: an item is
    /// typed, even where an unterminated collection leaves the tree without the item. Looks back at most
    /// 4 KiB, counting brackets (quoted scalars are not told apart; the answer only picks a schema).
    static func opensFlowItem(_ bytes: [UInt8], before offset: Int, within range: TextRange) -> Bool {
        var p = Swift.min(offset, bytes.count)
        let floor = Swift.max(range.start, offset - 4096)
        while p > floor, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[p - 1]) { p -= 1 }
        guard p > floor, bytes[p - 1] == UInt8(ascii: "[") || bytes[p - 1] == UInt8(ascii: ",") else { return false }
        var depth = 0
        while p > floor {
            p -= 1
            switch bytes[p] {
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth += 1
            case UInt8(ascii: "{"):
                if depth == 0 { return false }
                depth -= 1
            case UInt8(ascii: "["):
                if depth == 0 { return true }
                depth -= 1
            default: break
            }
        }
        return false
    }

    /// A key path in schema terms.
    static func steps(_ path: [KeyPathComponent]) -> [SchemaPathStep] {
        path.map { c in
            switch c {
            case .key(let k): return .property(k)
            case .item(let i): return .item(i)
            }
        }
    }

    /// The schema's candidates, then the document's own ones (sorted after them) whose label the schema
    /// does not offer.
    static func merge(_ fromSchema: [CompletionCandidate], _ own: [CompletionCandidate]) -> [CompletionCandidate] {
        let labels = Set(fromSchema.map(\.label))
        return fromSchema + own.filter { !labels.contains($0.label) }.map { c in
            var c = c
            c.sortText = "1" + (c.sortText ?? c.label)
            return c
        }
    }

    // MARK: Keys

    static func keyCandidates(_ snapshot: DocumentSnapshot, _ ctx: CompletionContext, _ suggestions: [SchemaPropertySuggestion],
                              options: Options) -> [CompletionCandidate] {
        let present = Set(ctx.presentKeys)
        let lines = snapshot.lineIndex
        let keyColumn = ctx.replaceRange.start - lines.lineStart(lines.line(containing: ctx.replaceRange.start))
        let lineBreak = snapshot.lineBreak(at: ctx.replaceRange.start)   // a CRLF file stays CRLF
        var out: [CompletionCandidate] = []
        for (i, s) in suggestions.enumerated() where !present.contains(s.name) {
            var (text, snippet) = insertion(s, ctx, column: keyColumn, options: options)
            if lineBreak != "\n" { text = text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: lineBreak) }
            var detail = s.info.typeSummary ?? "any"
            switch s.requirement {
            case .required: detail += " (required)"
            case .requiredByAlternative: detail += " (required by an alternative)"
            case .optional: break
            }
            if s.info.isDeprecated { detail += " (deprecated)" }
            let tier = s.info.isDeprecated ? 3 : s.requirement.rawValue
            out.append(CompletionCandidate(label: s.name, kind: .key, insertText: text, replaceRange: ctx.replaceRange,
                                           detail: detail, documentation: documentation(s.info, markdown: options.markdown, allowImages: options.allowImages),
                                           sortText: "0\(tier)" + String(format4: i), isSnippet: snippet))
        }
        return out
    }

    /// The text inserted for a member name, and whether it is a snippet.
    static func insertion(_ s: SchemaPropertySuggestion, _ ctx: CompletionContext, column: Int,
                          options: Options) -> (String, Bool) {
        let name = ScalarRendering.yaml(.string(s.name), inFlow: ctx.inFlow)
        if ctx.hasColonAfter { return (name, false) }
        let snippets = options.snippets
        let key = snippets ? ScalarRendering.snippetEscaped(name) : name
        if ctx.inFlow {
            return snippets ? (key + ": $1", true) : (name + ": ", false)
        }
        var writer = SkeletonWriter(snippets: snippets, indentWidth: Swift.max(1, options.indentWidth))
        let body = writer.value(s.shape, column: column)
        return (key + ":" + body, snippets)
    }

    // MARK: Values

    static func valueCandidates(_ ctx: CompletionContext, _ suggestions: [SchemaValueSuggestion], tier: Int) -> [CompletionCandidate] {
        suggestions.prefix(maxValues).enumerated().map { i, v in
            let text = ScalarRendering.yaml(v.value, inFlow: ctx.inFlow)
            let detail: String
            switch v.source {
            case .allowed: detail = "allowed value"
            case .defaultValue: detail = "default"
            case .example: detail = "example"
            case .type: detail = v.value == .null ? "null" : "boolean"
            }
            return CompletionCandidate(label: text, kind: .value, insertText: text, replaceRange: ctx.replaceRange, detail: detail,
                                       documentation: v.description, sortText: "\(tier)\(v.source.rawValue)" + String(format4: i))
        }
    }

    /// The documentation of a member or value, in Markdown when `markdown` (its `markdownDescription`, with
    /// its images only when `allowImages`, else
    /// its plain description escaped with ``PlainTextMarkdown``), else in plain text; then whether it is
    /// deprecated.
    static func documentation(_ info: SchemaLocationInfo, markdown: Bool, allowImages: Bool) -> String? {
        func plain(_ text: String) -> String { markdown ? PlainTextMarkdown.escaped(text) : text }
        var parts: [String] = []
        if markdown, let m = info.markdownDescriptions.first { parts.append(SchemaMarkdown.sanitized(m, allowImages: allowImages)) } else if let d = info.descriptions.first { parts.append(plain(d)) }
        if info.isDeprecated { parts.append("Deprecated" + (info.deprecationMessages.first.map { ": " + plain($0) } ?? ".")) }
        return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
    }
}
