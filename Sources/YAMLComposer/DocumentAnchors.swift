/// The anchors of one composed document in text order, each with the node it names (YAML 1.2.2
/// §3.2.2.2, §7.1): what the document's alias nodes outside every anchored collection refer to (see
/// ``YAMLNode``). Each such alias holds this object and an index into it, so that making an alias is one
/// reference count on this object (recently used, so in the cache) instead of one on the target or on a
/// box shared with the anchor's other aliases (composed long before, so not).
///
/// Holding every anchored node, it must not be reachable from any of them: aliases inside an anchored
/// collection hold their target directly, so no cycle forms. Written only by the composer while it
/// composes the document (the entries are appended and a collection's node is set when it closes);
/// read-only afterwards, hence `Sendable`.
final class DocumentAnchors: Sendable {
    private struct Entry {
        /// The anchor's name without `&`.
        let name: String
        /// The anchored node; nil while it is a collection that is still open.
        var node: YAMLNode?
    }

    /// Unchecked: only the composer writes, before any other code can read (and dynamic exclusivity checks
    /// cost more than the rest of an append).
    @exclusivity(unchecked) nonisolated(unsafe) private var entries: [Entry] = []

    /// Appends an anchor named `name`; `node` is nil for a collection that is still open.
    func append(_ name: String, node: YAMLNode?) {
        entries.append(Entry(name: name, node: node))
    }

    /// Sets the node of anchor `index` (its collection has closed).
    func setNode(_ node: YAMLNode, at index: Int) {
        entries[index].node = node
    }

    /// The name of anchor `index`.
    func name(at index: Int) -> String { entries[index].name }

    /// The node of anchor `index` (nil while it is an open collection).
    func node(at index: Int) -> YAMLNode? { entries[index].node }
}
