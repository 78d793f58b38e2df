import YAMLParser
import YAMLSyntax

/// Finds anchors no alias refers to (YAML 1.2.2 §7.1 binding): each becomes an `unused-anchor` hint with
/// the `unnecessary` tag, which editors show faded and which the `remove unused anchor` fix removes.
enum UnusedAnchors {
    /// The diagnostic code.
    static let code = "unused-anchor"
    /// The tags of every `unused-anchor` diagnostic, one array shared by all of them.
    private static let tags: [YAMLDiagnostic.Tag] = [.unnecessary]

    static func diagnostics(_ tree: SyntaxTree) -> [YAMLDiagnostic] {
        // Occurrence number → anchor token range (nil for aliases) and whether an alias is bound to it;
        // names are built only for the unused anchors reported.
        var anchors: [TextRange?] = []
        var used: [Bool] = []
        AnchorIndex.scan(tree) { isAnchor, range, binding in
            anchors.append(isAnchor ? range : nil)
            used.append(false)
            if !isAnchor, let binding { used[binding] = true }
        }
        var out: [YAMLDiagnostic] = []
        for (i, range) in anchors.enumerated() {
            guard let range, !used[i] else { continue }
            let name = tree.text(TextRange(start: range.start + 1, end: range.end))
            out.append(YAMLDiagnostic(range: range, severity: .hint, code: code,
                                      message: "The anchor '&\(name)' is not used by any alias after it in this document.",
                                      tags: tags))
        }
        return out
    }
}
