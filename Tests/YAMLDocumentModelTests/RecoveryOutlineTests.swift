import XCTest
import YAMLDocumentModel

/// After a syntax error the document outline still lists the keys that follow the broken line: the
/// parser resynchronises, and the model builds its outline from what recovery kept.
final class RecoveryOutlineTests: XCTestCase {
    let uri = DocumentURI("file:///broken.yaml")

    /// Opens `text` and returns its top-level outline names and its diagnostic codes.
    func outline(_ text: String) -> (names: [String], codes: [String]) {
        let model = DocumentModel()
        model.perform(.open(uri, version: 1, text: text))
        let names = model.outline(uri)?.symbols.map(\.name) ?? []
        let codes = model.diagnostics(uri)?.diagnostics.map(\.code) ?? []
        return (names, codes)
    }

    func testKeysAfterAnUnclosedFlowSequenceSurvive() {
        let r = outline("name: app\ntags: [a, b\nversion: 2\nowner: me\n")
        XCTAssertEqual(r.names, ["name", "tags", "version", "owner"])
        XCTAssertEqual(r.codes, ["unclosed-flow-sequence"])
    }

    func testKeysAfterAnUnclosedQuoteSurvive() {
        let r = outline("a: \"x\nb: 1\nc: 2\nd: 3\n")
        XCTAssertEqual(r.names, ["a", "b", "c", "d"])
        XCTAssertEqual(r.codes, ["unclosed-quoted-scalar"])
    }

    func testAKeyBeingTypedIsListedWithTheKeysAroundIt() {
        XCTAssertEqual(outline("name: app\nvers\nowner: me\n").names, ["name", "vers", "owner"])
        XCTAssertEqual(outline("first\nline: v\nnext: 1\n").names, ["first", "line", "next"])
        XCTAssertEqual(outline("name:app\nversion: 2\n").names, ["name:app", "version"])
    }

    func testMisindentedKeysStayInTheOutline() {
        let r = outline("name: app\n  version: 2\nowner: me\n")
        XCTAssertEqual(r.names, ["name", "version", "owner"])
        XCTAssertEqual(r.codes, ["expected-mapping-key"])
        XCTAssertEqual(outline("server:\n\thost: x\n  port: 80\nowner: me\n").names, ["server", "owner"])
    }

    func testNestedKeysAfterAHalfTypedWorkflowStepSurvive() {
        let text = "name: CI\non:\n  push:\n    branches: [main\njobs:\n  test:\n    runs-on: ubuntu-latest\n"
        let model = DocumentModel()
        model.perform(.open(uri, version: 1, text: text))
        let symbols = model.outline(uri)?.symbols ?? []
        XCTAssertEqual(symbols.map(\.name), ["name", "on", "jobs"])
        XCTAssertEqual(symbols.last?.children.first?.children.map(\.name), ["runs-on"])
    }

    func testSecondDocumentAfterABrokenFirstOne() {
        let model = DocumentModel()
        model.perform(.open(uri, version: 1, text: "a: {x: 1\n---\nb: 2\nc: 3\n"))
        let documents = model.outline(uri)?.symbols ?? []
        XCTAssertEqual(documents.map { $0.children.map(\.name) }, [["a"], ["b", "c"]])
        XCTAssertEqual(model.diagnostics(uri)?.diagnostics.map(\.code), ["unclosed-flow-mapping"])
    }

    func testComposerErrorsComeWithTheParserKeepingEveryEntry() {
        // Duplicate keys and undefined aliases are composition errors, not syntax errors.
        let r = outline("name: app\nversion: 1\nname: other\nbase: *defaults\nowner: me\n")
        XCTAssertEqual(r.names, ["name", "version", "name", "base", "owner"])
        XCTAssertEqual(Set(r.codes), ["duplicate-key", "undefined-alias"])
    }
}
