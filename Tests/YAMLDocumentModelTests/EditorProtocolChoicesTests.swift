import XCTest
import YAMLDocumentModel

/// The choices an editor renderer takes from the model: how an editor's settings message is merged, and
/// which file changes matter.
final class EditorProtocolChoicesTests: XCTestCase {
    func testEditorSettingsOverlayAndNullRestoresTheDefault() {
        let model = DocumentModel()
        let defaults = Settings.editorDefaults(workspaceFolders: [])
        model.perform(.configure(defaults))
        var (settings, problems) = model.settingsFromEditor(.object([(key: "pureyaml", value: .object([
            (key: "maxItemsComputed", value: .integer(7)), (key: "someEditorsOwnKey", value: .bool(true)),
        ]))]))
        XCTAssertEqual(settings.maxItemsComputed, 7)
        XCTAssertEqual(problems, [], "keys that name no setting are not reported")
        model.perform(.configure(settings))

        // Another message names only lint: maxItemsComputed keeps its value.
        (settings, problems) = model.settingsFromEditor(.object([(key: "pureyaml", value: .object([
            (key: "lint", value: .object([(key: "enable", value: .bool(true))])),
        ]))]))
        XCTAssertEqual(settings.maxItemsComputed, 7)
        XCTAssertEqual(settings.lintEnabled, true)
        model.perform(.configure(settings))

        // null: back to the default; a wrong type: reported, the value kept.
        (settings, problems) = model.settingsFromEditor(.object([(key: "pureyaml", value: .object([
            (key: "maxItemsComputed", value: .null), (key: "lint", value: .object([(key: "enable", value: .string("yes"))])),
        ]))]))
        XCTAssertEqual(settings.maxItemsComputed, defaults.maxItemsComputed)
        XCTAssertEqual(settings.lintEnabled, true)
        XCTAssertEqual(problems.count, 1, "\(problems)")
    }

    func testTheModelSaysWhichFileChangesMatter() {
        XCTAssertTrue(DocumentModel.dependsOnFile(DocumentURI("file:///work/project/.yamllint")))
        XCTAssertTrue(DocumentModel.dependsOnFile(DocumentURI("file:///work/.yamllint.yml")))
        XCTAssertFalse(DocumentModel.dependsOnFile(DocumentURI("file:///work/project/values.yaml")))
        XCTAssertFalse(DocumentModel.dependsOnFile(DocumentURI("file:///work/project/.yamllint/other")))
    }
}
