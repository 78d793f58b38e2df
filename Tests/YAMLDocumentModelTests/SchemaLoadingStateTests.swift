import XCTest
import YAMLDocumentModel

/// ``SchemaInfoSurface/isLoading``: whether a document's schema findings may still change without an
/// edit (what an editor renderer waits for before answering a pull it cannot ask to repeat).
final class SchemaLoadingStateTests: XCTestCase {
    private let schema = Array(#"{"properties": {"port": {"type": "integer"}}}"#.utf8)

    func testLoadingUntilTheModelineSchemaArrives() {
        let model = DocumentModel()
        let uri = DocumentURI("file:///w/a.yaml")
        model.perform(.open(uri, version: 1, text: "# yaml-language-server: $schema=s.json\nport: x\n"))
        XCTAssertEqual(model.schemaInfo(uri)?.isLoading, true)
        for request in model.schemaLoadRequests { model.perform(.schemaLoaded(request, .success(schema))) }
        XCTAssertEqual(model.schemaInfo(uri)?.isLoading, false)
    }

    func testTheCatalogMattersOnlyToDocumentsWithoutAModelineOrSetting() {
        var settings = Settings()
        settings.schema.schemaStoreEnabled = true
        let model = DocumentModel(settings: settings)
        let plain = DocumentURI("file:///w/plain.yaml"), named = DocumentURI("file:///w/named.yaml")
        model.perform(.open(plain, version: 1, text: "port: x\n"))
        model.perform(.open(named, version: 1, text: "# yaml-language-server: $schema=s.json\nport: x\n"))
        let catalog = model.schemaLoadRequests.first { !$0.hasSuffix("s.json") }
        XCTAssertNotNil(catalog)
        for request in model.schemaLoadRequests where request.hasSuffix("s.json") {
            model.perform(.schemaLoaded(request, .success(schema)))
        }
        XCTAssertEqual(model.schemaInfo(plain)?.isLoading, true, "the catalog may still give it a schema")
        XCTAssertEqual(model.schemaInfo(named)?.isLoading, false, "a modeline outranks the catalog")
        model.perform(.schemaLoaded(catalog ?? "", .failure(SchemaLoadFailure("downloads are disabled"))))
        XCTAssertEqual(model.schemaInfo(plain)?.isLoading, false)
    }
}
