import XCTest
import YAMLDocumentModel

/// Several loads delivered at once (``Intent/schemasLoaded(_:)``, as `pureyaml check` delivers each round
/// of downloads) leave the model exactly as delivering them one at a time does — findings, explain
/// surface, missing schemas — with one revalidation instead of one per load.
final class SchemaDeliveryBatchTests: XCTestCase {
    func testABatchGivesWhatOneAtATimeGives() {
        // 40 documents, each naming its own schema by modeline: some fail (HTTP 404), some cannot be had,
        // some load (one of them a schema the document breaks).
        let text = (0..<40).map { "# yaml-language-server: $schema=https://s.example/\($0).json\nn: \($0)\n" }.joined(separator: "---\n")
        func result(_ uri: String) -> SchemaLoadResult {
            let n = Int(uri.dropFirst("https://s.example/".count).dropLast(".json".count)) ?? 0
            switch n % 3 {
            case 0: return .failure(SchemaLoadFailure("HTTP 404"))
            case 1: return .failure(SchemaLoadFailure("cannot reach the server", kind: .unavailable))
            default: return .success(Array((n == 5 ? #"{"properties": {"n": {"type": "string"}}}"# : "{}").utf8))
            }
        }
        let uri = DocumentURI(filePath: "/w/many.yaml")
        let single = DocumentModel(), batched = DocumentModel()
        single.perform(.open(uri, version: 1, text: text))
        batched.perform(.open(uri, version: 1, text: text))
        XCTAssertEqual(single.schemaLoadRequests.count, 40)
        while let next = single.schemaLoadRequests.first { single.perform(.schemaLoaded(next, result(next))) }
        let areas = batched.perform(.schemasLoaded(batched.schemaLoadRequests.map { SchemaDelivery($0, result($0)) }))
        XCTAssertEqual(batched.schemaLoadRequests, [])
        XCTAssertTrue(areas.isSuperset(of: [.diagnostics(uri), .schemaInfo, .missingSchemas]), "\(areas)")
        XCTAssertEqual(batched.diagnostics(uri), single.diagnostics(uri))
        XCTAssertEqual(batched.schemaInfo(uri), single.schemaInfo(uri))
        XCTAssertEqual(batched.missingSchemas, single.missingSchemas)
        XCTAssertEqual(batched.diagnostics(uri)?.diagnostics.filter { $0.code == "schema-type" }.count, 1)
        XCTAssertEqual(batched.missingSchemas.count, 13)
    }
}
