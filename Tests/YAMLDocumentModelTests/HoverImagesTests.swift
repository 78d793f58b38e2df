import XCTest
import YAMLDocumentModel

/// `pureyaml.hover.allowImages` (issue 23): a schema's `https:` images reach hover and completion
/// documentation only when the user's settings allow them; other images, `command:` links and HTML never
/// do; a project file cannot turn it on.
final class HoverImagesTests: XCTestCase {
    static let schema = #"""
    {"properties": {"mode": {"description": "How.",
      "markdownDescription": "Mode ![logo](https://img.example/l.png) ![local](file:///etc/x.png) [run](command:evil)"}}}
    """#

    private func model(_ t: MarkedText, allowImages: Bool?) -> DocumentModel {
        var settings = Settings()
        settings.apply(.object([(key: "yaml.schemas", value: .object([(key: SchemaCompletionTests.schemaURI, value: .string("*.yaml"))]))]))
        if let allowImages { settings.apply(.object([(key: "pureyaml.hover.allowImages", value: .bool(allowImages))])) }
        let model = t.model(testURI, settings: settings)
        var edge = SchemaTestEdge([SchemaCompletionTests.schemaURI: Self.schema])
        edge.serve(model)
        return model
    }

    /// The Markdown of the hover on `mode` and of the completion candidate `mode`.
    private func shown(allowImages: Bool?) -> (hover: String?, completion: String?) {
        let t = MarkedText("mo1️⃣de: x\n")
        let m = model(t, allowImages: allowImages)
        let hover = m.hover(testURI, at: t["1️⃣"])?.sections.compactMap { section -> String? in
            if case .documentation(_, let markdown) = section { markdown } else { nil }
        }.first
        let e = MarkedText("1️⃣")
        let completion = model(e, allowImages: allowImages).completion(testURI, at: 0, markdown: true)?
            .candidates.first { $0.label == "mode" }?.documentation
        return (hover, completion)
    }

    func testImagesAreRemovedByDefaultAndWhenRefused() {
        for value in [nil, false] as [Bool?] {
            let (hover, completion) = shown(allowImages: value)
            XCTAssertEqual(hover, "Mode logo local run", "\(String(describing: value))")
            XCTAssertEqual(completion, "Mode logo local run", "\(String(describing: value))")
        }
    }

    func testHTTPSImagesAreKeptWhenTheUserAllowsThem() {
        let (hover, completion) = shown(allowImages: true)
        XCTAssertEqual(hover, "Mode ![logo](https://img.example/l.png) local run")
        XCTAssertEqual(completion, "Mode ![logo](https://img.example/l.png) local run")
    }

    func testAProjectFileCannotAllowImages() {
        let text = "pureyaml.hover.allowImages: true\nformat.indentWidth: 4\n"
        let configuration = ProjectConfiguration(uri: DocumentURI(filePath: "/w/.pureyaml.yaml"), bytes: Array(text.utf8))
        XCTAssertFalse(configuration.settings.hoverAllowImages)
        XCTAssertEqual(configuration.settings.format.indentWidth, 4, "the file's other settings apply")
        XCTAssertEqual(configuration.diagnostics.map(\.diagnostic.code), [ProjectConfiguration.invalidValueCode])
        XCTAssertEqual(configuration.diagnostics.first?.diagnostic.message,
                       "`pureyaml.hover.allowImages` can only be set in the editor's user settings: a project file cannot "
                           + "make hovers show schemas' images; it is ignored.")
        // Overlaid on the user's settings, the user's value stays, whichever it is.
        var user = Settings()
        XCTAssertFalse(user.overlaid(with: configuration).hoverAllowImages)
        user.hoverAllowImages = true
        XCTAssertTrue(user.overlaid(with: configuration).hoverAllowImages)
        let off = ProjectConfiguration(uri: DocumentURI(filePath: "/w/.pureyaml.yaml"), bytes: Array("hover: {allowImages: false}\n".utf8))
        XCTAssertTrue(user.overlaid(with: off).hoverAllowImages, "nor turn it off")
    }
}
