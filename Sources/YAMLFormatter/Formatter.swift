import YAMLParser
import YAMLSyntax

/// Formats a YAML stream over its lossless syntax tree, line by line: indentation, spacing after block
/// indicators, trailing whitespace, blank-line runs and the final line break. Everything else — comments,
/// scalar contents and styles, key order, markers, directives, anchors, tags, flow collections — is
/// copied byte for byte.
///
/// Meaning is kept because lines move only with the block collection they belong to: a block scalar's
/// content and the continuation lines of multi-line scalars shift by the same amount as their parent
/// collection (YAML 1.2.2 §8.1.1.1: block scalar indentation is relative to the parent's, and §6.5/§7.3:
/// leading white space of flow scalar continuation lines is folded away). The document model verifies
/// every result anyway (its safety net) before an edit leaves the server.
public enum Formatter {
    /// The formatted text of `parse`, or nil when the stream has syntax errors (an invalid document is
    /// never formatted). A `# pureyaml-format: ignore-file` comment returns the text unchanged; see
    /// ``FormatMarker`` for regions.
    public static func format(_ parse: ParseResult, options: FormatOptions) -> [UInt8]? {
        guard parse.isValid else { return nil }
        let tree = parse.tree
        if tree.tokens.contains(where: { $0.kind == .comment && LineLayout.marker(tree.slice($0.range)) == .ignoreFile }) {
            return tree.bytes
        }
        var layout = LineLayout(tree: parse.tree, options: options)
        return layout.run()
    }
}
