import YAMLParser
import YAMLSyntax

/// Finds anchors no alias refers to (YAML 1.2.2 §7.1 binding): each becomes an `unused-anchor` hint with
/// the `unnecessary` tag, which editors show faded and which the `remove unused anchor` fix removes.
enum UnusedAnchors {
    /// The diagnostic code.
    static let code = "unused-anchor"

    static func diagnostics(_ tree: SyntaxTree) -> [YAMLDiagnostic] {
        let index = AnchorIndex(tree: tree)
        var used = Set<Int>()
        for o in index.occurrences where o.role == .alias { if let b = o.binding { used.insert(b) } }
        var out: [YAMLDiagnostic] = []
        for (i, o) in index.occurrences.enumerated() where o.role == .anchor && !used.contains(i) {
            out.append(YAMLDiagnostic(range: o.range, severity: .hint, code: code,
                                      message: "The anchor '&\(o.name)' is not used by any alias after it in this document.",
                                      tags: [.unnecessary]))
        }
        return out
    }
}
