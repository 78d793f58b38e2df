import YAMLComposer
import YAMLSyntax

/// Searches the mapping keys and the documents of open documents (LSP `workspace/symbol`).
///
/// Documents are found by the names the outline gives them (``DocumentTitle``): every document of a
/// stream of several, and a Kubernetes-style document (`Deployment web`) also when it is alone in its file.
/// In a stream of several documents, a key's container name starts with its document's name
/// (`Deployment web.spec`).
///
/// A key matches when the query is empty, when it contains the query ignoring case, or when the query's
/// characters appear in it in order ("fuzzy-ish"). Results are ranked: exact match, prefix, substring,
/// then in-order characters; within a rank by document URI and position. At most `limit` results;
/// each document's walk visits at most `nodeBudget` nodes, so a huge workspace answers promptly.
enum WorkspaceSymbols {
    /// `schemaTitles[i]` of a document are the titles of the loaded schemas of its documents, as the
    /// outline has them (``OutlineBuilder/build(_:schemaTitles:)``).
    static func search(_ query: String, in documents: [(snapshot: DocumentSnapshot, schemaTitles: [String?])], limit: Int,
                       nodeBudget: Int) -> [WorkspaceSymbolMatch] {
        let needle = Array(query.lowercased())
        var ranked: [(rank: Int, match: WorkspaceSymbolMatch)] = []
        for (snapshot, schemaTitles) in documents.sorted(by: { $0.snapshot.uri < $1.snapshot.uri }) {
            var budget = nodeBudget
            let text = OutlineText(tree: snapshot.tree, lines: snapshot.lineIndex)
            let documents = snapshot.composition.documents
            for (index, document) in documents.enumerated() {
                let title = DocumentTitle(document.root, index: index, text: text,
                                          schemaTitle: index < schemaTitles.count ? schemaTitles[index] : nil)
                if documents.count > 1 || title.isResource, let rank = rank(Array(title.name.lowercased()), needle) {
                    ranked.append((rank, WorkspaceSymbolMatch(uri: snapshot.uri, name: title.name, kind: title.kind,
                                                              containerName: nil,
                                                              range: OutlineBuilder.selection(of: document, in: text))))
                }
                // In a stream of several documents a key's container starts with its document's name.
                var stack: [(node: YAMLNode, path: [String])] = [(document.root, documents.count > 1 ? [title.name] : [])]
                while let (node, path) = stack.popLast(), budget > 0 {
                    budget -= 1
                    switch node.content {
                    case .mapping(let pairs):
                        for pair in pairs.reversed() {
                            let name = OutlineBuilder.label(of: pair.key, text: text)
                            if let rank = rank(Array(name.lowercased()), needle) {
                                ranked.append((rank, WorkspaceSymbolMatch(
                                    uri: snapshot.uri, name: name, kind: OutlineBuilder.kind(of: pair.value),
                                    containerName: path.isEmpty ? nil : path.joined(separator: "."), range: pair.key.range)))
                            }
                            stack.append((pair.value, path + [name]))
                        }
                    case .sequence(let items):
                        for (i, item) in items.enumerated().reversed() { stack.append((item, path + ["[\(i)]"])) }
                    case .scalar, .alias:
                        break
                    }
                }
            }
        }
        ranked.sort { a, b in
            if a.rank != b.rank { return a.rank < b.rank }
            if a.match.uri != b.match.uri { return a.match.uri < b.match.uri }
            return a.match.range < b.match.range
        }
        return ranked.prefix(limit).map(\.match)
    }

    /// 0 exact, 1 prefix, 2 substring, 3 characters in order; nil when `name` does not match.
    static func rank(_ name: [Character], _ query: [Character]) -> Int? {
        if query.isEmpty { return 2 }
        if name == query { return 0 }
        if name.starts(with: query) { return 1 }
        if name.count >= query.count {
            for i in 0...(name.count - query.count) where name[i] == query[0] && Array(name[i..<(i + query.count)]) == query {
                return 2
            }
        }
        var q = 0
        for c in name where q < query.count && c == query[q] { q += 1 }
        return q == query.count ? 3 : nil
    }
}
