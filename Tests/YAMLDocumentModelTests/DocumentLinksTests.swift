import XCTest
import YAMLDocumentModel
import YAMLSyntax

final class DocumentLinksTests: XCTestCase {
    func testModelineReferencesAndURLs() {
        let t = MarkedText("""
        # yaml-language-server: $schema=../schemas/s.json
        home: https://example.com/x?y=1
        quoted: "http://example.org"
        $ref: ./other.yaml#/defs/a
        local:
          $ref: '#/defs/b'
        text: see https://example.com inside
        abs: {$ref: /etc/x.json}

        """)
        let model = t.model(DocumentURI("file:///w/dir/a.yaml"))
        let links = model.documentLinks(DocumentURI("file:///w/dir/a.yaml")) ?? []
        XCTAssertEqual(links.map { "\(t.slice($0.range)) -> \($0.target)" }, [
            "../schemas/s.json -> file:///w/schemas/s.json",
            "https://example.com/x?y=1 -> https://example.com/x?y=1",
            "http://example.org -> http://example.org",
            "./other.yaml#/defs/a -> file:///w/dir/other.yaml#/defs/a",
            "/etc/x.json -> file:///etc/x.json",
        ])
        XCTAssertEqual(links.first?.source, .schemaModeline)
        XCTAssertEqual(links.last?.source, .reference)
    }

    func testRelativeTargetsNeedAHierarchicalURI() {
        let uri = DocumentURI("untitled:Untitled-1")
        let model = DocumentModel()
        model.perform(.open(uri, version: 1, text: "# yaml-language-server: $schema=s.json\nx: https://a.example\n"))
        XCTAssertEqual(model.documentLinks(uri)?.map(\.target), ["https://a.example"])
    }
}
