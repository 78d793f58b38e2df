import Foundation
import YAMLDocumentModel

/// The edge, simulated for model tests: answers the model's schema requests from a table of URI -> text
/// (or from local files for `file:` URIs not in the table), looping until nothing is pending.
struct SchemaTestEdge {
    var table: [String: String] = [:]
    /// URIs requested, in order.
    private(set) var requested: [String] = []

    init(_ table: [String: String] = [:]) { self.table = table }

    mutating func serve(_ model: DocumentModel) {
        var attempted: Set<String> = []
        while let next = model.schemaLoadRequests.first(where: { !attempted.contains($0) }) {
            attempted.insert(next)
            requested.append(next)
            model.perform(.schemaLoaded(next, answer(next)))
        }
    }

    func answer(_ uri: String) -> SchemaLoadResult {
        if let text = table[uri] { return .success(Array(text.utf8)) }
        if let path = DocumentURI(uri).filePath, let data = FileManager.default.contents(atPath: path) {
            return .success([UInt8](data))
        }
        return .failure(SchemaLoadFailure("HTTP 404"))
    }
}
