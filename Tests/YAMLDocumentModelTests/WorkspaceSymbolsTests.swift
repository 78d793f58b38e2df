import XCTest
import YAMLDocumentModel
import YAMLSyntax

final class WorkspaceSymbolsTests: XCTestCase {
    func testKeysOfOpenDocumentsRankedAndBounded() {
        let model = DocumentModel()
        model.perform(.open(DocumentURI("file:///b.yaml"), version: 1, text: "jobs:\n  build:\n    name: x\n    runs-on: y\n"))
        model.perform(.open(DocumentURI("file:///a.yaml"), version: 1, text: "name: top\nrenamed: 1\nitems:\n  - nm: 2\n"))
        let found = model.workspaceSymbols("nam")
        XCTAssertEqual(found.map { "\($0.uri.displayName):\($0.containerName ?? "-"):\($0.name)" },
                       ["a.yaml:-:name", "b.yaml:jobs.build:name", "a.yaml:-:renamed"])
        // Exact first, then keys holding the characters in order.
        XCTAssertEqual(model.workspaceSymbols("nm").map(\.name), ["nm", "name", "renamed", "name"])
        XCTAssertEqual(model.workspaceSymbols("NM").first?.containerName, "items.[0]")
        XCTAssertEqual(model.workspaceSymbols("", limit: 3).count, 3)
        XCTAssertEqual(model.workspaceSymbols("zzz"), [])
    }
}
