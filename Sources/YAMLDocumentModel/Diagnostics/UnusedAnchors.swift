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
        diagnostics(tokens: tree.tokens, documentStarts: AnchorIndex.documentStarts(tree), bytes: tree.bytes)
    }

    /// ``diagnostics(_:)`` of the tree of a parse made without it (``Parser/parseWithoutTree(_:)``).
    static func diagnostics(_ syntax: SparseSyntax, bytes: [UInt8]) -> [YAMLDiagnostic] {
        diagnostics(tokens: syntax.tokens, documentStarts: syntax.documentStarts, bytes: bytes)
    }

    /// ``diagnostics(_:)`` of a tree given as ``AnchorIndex/scan(tokens:documentStarts:bytes:_:)`` reads it.
    private static func diagnostics(tokens: [Token], documentStarts: [Int], bytes: [UInt8]) -> [YAMLDiagnostic] {
        // Occurrence number → anchor token range (nil for aliases) and whether an alias is bound to it;
        // names are built only for the unused anchors reported.
        var anchors: [TextRange?] = []
        var used: [Bool] = []
        AnchorIndex.scan(tokens: tokens, documentStarts: documentStarts, bytes: bytes) { isAnchor, range, binding in
            anchors.append(isAnchor ? range : nil)
            used.append(false)
            if !isAnchor, let binding { used[binding] = true }
        }
        var out: [YAMLDiagnostic] = []
        var message: [UInt8] = []
        for (i, range) in anchors.enumerated() {
            guard let range, !used[i] else { continue }
            // The message's bytes around the name's, decoded once: the same text as
            // interpolating the decoded name (an ASCII byte ends any invalid UTF-8 sequence before it), with
            // one allocation instead of a string interpolation's several.
            message.removeAll(keepingCapacity: true)
            message.append(contentsOf: messagePrefix)
            message.append(contentsOf: bytes[(range.start + 1)..<range.end])
            message.append(contentsOf: messageSuffix)
            out.append(YAMLDiagnostic(range: range, severity: .hint, code: code,
                                      message: String(decoding: message, as: UTF8.self), tags: tags))
        }
        return out
    }

    /// The message up to the anchor's name, and after it.
    private static let messagePrefix = Array("The anchor '&".utf8)
    private static let messageSuffix = Array("' is not used by any alias after it in this document.".utf8)
}
