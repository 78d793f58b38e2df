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

    func testDocumentsAreFoundByTheirOutlineNames() {
        let model = DocumentModel()
        let stream = DocumentURI("file:///stream.yaml")
        let single = DocumentURI("file:///single.yaml")
        let plain = DocumentURI("file:///plain.yaml")
        model.perform(.open(stream, version: 1, text: """
            apiVersion: apps/v1
            kind: Deployment
            metadata: {name: web, namespace: shop}
            ---
            name: other

            """))
        model.perform(.open(single, version: 1, text: "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n"))
        model.perform(.open(plain, version: 1, text: "name: alone\n"))
        let found = model.workspaceSymbols("web")
        XCTAssertEqual(found.map { "\($0.uri.displayName):\($0.name):\($0.kind)" },
                       ["single.yaml:Service web:mapping", "stream.yaml:Deployment web:mapping"])
        // The implicit first document is found at the empty range where its content starts.
        XCTAssertEqual(found.last?.range, TextRange(empty: 0))
        // A document of a stream is found by its name; a one-document file only when it is a resource.
        XCTAssertEqual(model.workspaceSymbols("other").map(\.name), ["other"])
        XCTAssertEqual(model.workspaceSymbols("alone").map(\.name), [])
        XCTAssertEqual(model.workspaceSymbols("deployment web").map(\.name), ["Deployment web"])
        // A key of a stream's document is shown in its document.
        XCTAssertEqual(model.workspaceSymbols("namespace").map { "\($0.containerName ?? "-"):\($0.name)" },
                       ["Deployment web.metadata:namespace"])
    }
}
