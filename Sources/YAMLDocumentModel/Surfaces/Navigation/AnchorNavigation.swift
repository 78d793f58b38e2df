import YAMLSyntax

/// Go-to-definition, references, highlights, rename and linked editing for anchors and aliases of one
/// snapshot (YAML 1.2.2 §6.9.2 anchors, §7.1 aliases). Offsets are UTF-8 bytes.
///
/// Only the anchor under the cursor and the aliases bound to it take part: a later anchor with the same
/// name and the aliases after it form a separate group.
public struct AnchorNavigation: Sendable {
    /// The anchors and aliases of the snapshot.
    public let index: AnchorIndex
    /// The ranges of the stream's documents in text order (UTF-8 byte offsets); aliases bind within one.
    private let documents: [TextRange]

    /// Indexes `snapshot`'s anchors and aliases.
    public init(_ snapshot: DocumentSnapshot) {
        index = AnchorIndex(tree: snapshot.tree)
        documents = snapshot.tree.root.children.filter { $0.kind == .document }.map(\.range)
    }

    /// The anchor index of the group under `offset`: the anchor itself, or the anchor an alias is bound to.
    private func anchor(at offset: Int) -> Int? {
        guard let i = index.occurrence(at: offset) else { return nil }
        return index.occurrences[i].binding
    }

    /// The `&name` token an alias (or the anchor itself) at `offset` refers to; nil elsewhere and for an
    /// undefined alias.
    public func definition(at offset: Int) -> TextRange? {
        anchor(at: offset).map { index.occurrences[$0].range }
    }

    /// The tokens of the group at `offset`: the aliases bound to the anchor, and the anchor itself when
    /// `includeDeclaration` is true; empty when the offset is on none.
    public func references(at offset: Int, includeDeclaration: Bool) -> [TextRange] {
        guard let a = anchor(at: offset) else { return [] }
        return index.group(of: a).filter { includeDeclaration || $0 != a }.map { index.occurrences[$0].range }
    }

    /// The group at `offset` as highlights: the anchor as a write, the aliases as reads.
    public func highlights(at offset: Int) -> [AnchorHighlight] {
        guard let a = anchor(at: offset) else { return [] }
        return index.group(of: a).map {
            AnchorHighlight(range: index.occurrences[$0].range, isDefinition: index.occurrences[$0].role == .anchor)
        }
    }

    /// The name range (sigil excluded) that a rename at `offset` would change, or why there is none.
    public func prepareRename(at offset: Int) -> Result<TextRange, RenameRefusal> {
        guard let i = index.occurrence(at: offset), index.occurrences[i].binding != nil else {
            return .failure(.notAnAnchor)
        }
        return .success(index.occurrences[i].nameRange)
    }

    /// The edits that rename the group at `offset` to `newName` (name ranges only), or why not: the
    /// position is on no bound anchor or alias, `newName` is not a valid anchor name, or the rename would
    /// change which anchor some alias refers to (another anchor of that name between ours and one of our
    /// aliases, ours becoming the nearest anchor of other aliases, or an undefined alias becoming bound).
    public func rename(at offset: Int, to newName: String) -> Result<[TextReplacement], RenameRefusal> {
        guard let a = anchor(at: offset) else { return .failure(.notAnAnchor) }
        guard AnchorIndex.isValidName(newName) else { return .failure(.invalidName(newName)) }
        let group = index.group(of: a)
        guard keepsBindings(renaming: Set(group), to: newName) else { return .failure(.changesBinding(newName)) }
        return .success(group.map { TextReplacement(range: index.occurrences[$0].nameRange, newText: newName) })
    }

    /// True when naming the occurrences whose indices are in `renamed` `newName` leaves every alias bound as
    /// it is now (YAML 1.2.2 §7.1: to the nearest earlier anchor of its name in the same document; an
    /// undefined alias stays undefined).
    private func keepsBindings(renaming renamed: Set<Int>, to newName: String) -> Bool {
        var current: [String: Int] = [:]
        var document = -1
        for (i, o) in index.occurrences.enumerated() {
            var d = Swift.max(document, 0)
            while d + 1 < documents.count && documents[d + 1].start <= o.range.start { d += 1 }
            if d != document { current = [:]; document = d }
            let name = renamed.contains(i) ? newName : o.name
            if o.role == .anchor { current[name] = i } else if current[name] != o.binding { return false }
        }
        return true
    }

    /// The name ranges edited together with the one at `offset` (LSP linked editing); nil when the offset is
    /// on no bound anchor or alias.
    public func linkedEditingRanges(at offset: Int) -> [TextRange]? {
        guard let a = anchor(at: offset) else { return nil }
        return index.group(of: a).map { index.occurrences[$0].nameRange }
    }

    /// A regular expression (ECMAScript syntax) matching a valid anchor name, for linked editing.
    public static let namePattern = "[^\\s,\\[\\]{}]+"
}
