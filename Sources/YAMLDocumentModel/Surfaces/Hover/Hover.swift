import YAMLComposer
import YAMLParser
import YAMLSyntax

/// Hover from the document itself (no schema): on an alias, a preview of the anchored value; on an
/// anchor, how many aliases use it; on a tag, the tag it resolves to (YAML 1.2.2 §6.9.1, with `%TAG`
/// handles). Every hover carries the key path at the position for schema-driven sections.
enum Hover {
    static func hover(_ snapshot: DocumentSnapshot, at offset: Int) -> HoverSurface? {
        let tree = snapshot.tree
        let o = Swift.max(0, Swift.min(offset, snapshot.bytes.count))
        let path = Completion.treePath(tree, at: o)
        let index = AnchorIndex(tree: tree)
        if let i = index.occurrence(at: o) {
            let occurrence = index.occurrences[i]
            return HoverSurface(range: occurrence.range, keyPath: path,
                                sections: anchorSections(snapshot, index: index, occurrence: occurrence))
        }
        if let t = tree.tokenIndex(at: o) {
            for candidate in [t, t - 1] where candidate >= 0 {
                let token = tree.tokens[candidate]
                guard token.kind == .tag, token.range.touches(o) else { continue }
                let written = tree.text(token.range)
                let text: [HoverSpan]
                switch TagResolution.resolve(written, handles: TagResolution.handles(tree, at: o)) {
                case .tag(let full):
                    text = [.text("Tag "), .code(written), .text(" resolves to "), .code(full), .text(".")]
                case .nonSpecific:
                    text = [.text("Tag "), .code("!"),
                            .text(" is the non-specific tag: the node is a string (or a mapping or sequence), never resolved by its content.")]
                case .undeclaredHandle(let handle):
                    text = [.text("Tag "), .code(written), .text(" uses the handle "), .code(handle),
                            .text(", which no "), .code("%TAG"), .text(" directive of this document declares.")]
                }
                return HoverSurface(range: token.range, keyPath: path, sections: [.paragraph(text)])
            }
        }
        return nil
    }

    /// The sections for an anchor or alias.
    static func anchorSections(_ snapshot: DocumentSnapshot, index: AnchorIndex, occurrence: AnchorOccurrence) -> [HoverSection] {
        guard let binding = occurrence.binding else {
            return [.paragraph([.text("Alias "), .code("*" + occurrence.name), .text(": no anchor "), .code("&" + occurrence.name),
                                .text(" is defined before it in this document.")])]
        }
        let anchor = index.occurrences[binding]
        let aliases = index.group(of: binding).count - 1
        let line = snapshot.displayLine(containing: anchor.range.start)
        var sections: [HoverSection] = []
        switch occurrence.role {
        case .anchor:
            sections.append(.paragraph([.text("Anchor "), .code("&" + anchor.name),
                                        .text(": used by \(aliases == 0 ? "no" : String(aliases)) alias\(aliases == 1 ? "" : "es").")]))
        case .alias:
            sections.append(.paragraph([.text("Alias of "), .code("&" + anchor.name), .text(" (line \(line)).")]))
            if let preview = preview(snapshot, anchor: anchor) { sections.append(preview) }
        }
        return sections
    }

    /// A YAML preview of the node anchored by `anchor`, nil when it cannot be found.
    static func preview(_ snapshot: DocumentSnapshot, anchor: AnchorOccurrence) -> HoverSection? {
        guard let node = ValuePreview.anchoredNode(snapshot.composition, name: anchor.name, anchorRange: anchor.range) else {
            return nil
        }
        return .codeBlock(language: "yaml", code: ValuePreview.text(of: node))
    }
}
