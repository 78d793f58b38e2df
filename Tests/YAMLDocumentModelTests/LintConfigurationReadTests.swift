import Synchronization
import XCTest
import YAMLComposer
import YAMLDocumentModel

/// yamllint configuration files are looked for and read through the model's environment once per folder,
/// and kept until ``Intent/filesChanged(_:)`` (a watched file changed, or was saved in the editor) or
/// ``Intent/configure(_:)`` says they may have changed: a keystroke reads no file.
final class LintConfigurationReadTests: XCTestCase {
    /// Files in memory that the test may change, with a count of the reads of yamllint configuration files.
    private final class Disk: Sendable {
        private let state: Mutex<(files: [String: [UInt8]], lintReads: Int)>

        init(_ texts: [String: String]) { state = Mutex((texts.mapValues { Array($0.utf8) }, 0)) }

        func write(_ path: String, _ text: String) { state.withLock { $0.files[path] = Array(text.utf8) } }

        /// Reads of paths named like a yamllint configuration file (found or not) so far.
        var lintReads: Int { state.withLock { $0.lintReads } }

        var environment: ModelEnvironment {
            ModelEnvironment(capabilities: .init(
                readFile: { path in
                    self.state.withLock { s in
                        if LintEnvironment.configFileNames.contains(where: { path.hasSuffix("/" + $0) }) { s.lintReads += 1 }
                        return s.files[path]
                    }
                },
                kind: { path in self.state.withLock { $0.files[path].map { .file(size: $0.count) } } },
                listFolder: { _ in nil },
                fetch: { _, _, done in done(.failure(SchemaLoadFailure("offline"))) },
                now: { 0 }))
        }
    }

    private func lintCodes(_ model: DocumentModel, _ uri: DocumentURI) -> [String] {
        (model.diagnostics(uri)?.diagnostics ?? []).filter { $0.source == DocumentModel.lintSource }.map(\.code)
    }

    func testKeystrokesReadNoConfigurationFileUntilOneChanges() throws {
        let disk = Disk(["/p/.yamllint": "extends: default\nrules: {document-start: disable}\n"])
        let model = DocumentModel(environment: disk.environment)
        let a = DocumentURI(filePath: "/p/sub/a.yaml"), b = DocumentURI(filePath: "/p/sub/b.yaml")
        model.perform(.open(a, version: 1, text: "a: yes\n"))
        XCTAssertEqual(lintCodes(model, a), ["truthy"])
        let afterOpen = disk.lintReads
        XCTAssertGreaterThan(afterOpen, 0, "the open looked for the configuration")

        for version in 2...6 {
            model.perform(.change(a, version: version, changes: [TextChange(range: nil, text: "a: yes\n" + String(repeating: "#\n", count: version))],
                                  encoding: .utf16))
        }
        model.perform(.open(b, version: 1, text: "b: no\n"))
        XCTAssertEqual(disk.lintReads, afterOpen, "edits, and another document of the folder, read no configuration file")
        XCTAssertEqual(lintCodes(model, b), ["truthy"])

        // The file changes on disk: what was read stands until the model hears of it.
        disk.write("/p/.yamllint", "extends: default\nrules: {document-start: disable, truthy: disable}\n")
        model.perform(.change(a, version: 7, changes: [TextChange(range: nil, text: "a: yes\n")], encoding: .utf16))
        XCTAssertEqual(lintCodes(model, a), ["truthy"])
        XCTAssertEqual(disk.lintReads, afterOpen)
        let areas = model.perform(.filesChanged([DocumentURI(filePath: "/p/.yamllint")]))
        XCTAssertTrue(areas.contains(.diagnostics(a)) && areas.contains(.diagnostics(b)))
        XCTAssertEqual(lintCodes(model, a), [])
        XCTAssertEqual(lintCodes(model, b), [])
        let afterChange = disk.lintReads
        XCTAssertGreaterThan(afterChange, afterOpen, "read again after filesChanged")
        model.perform(.change(a, version: 8, changes: [TextChange(range: nil, text: "a: yes\nb: 1\n")], encoding: .utf16))
        XCTAssertEqual(disk.lintReads, afterChange)

        // New settings look again.
        disk.write("/p/.yamllint", "extends: default\nrules: {document-start: disable, key-ordering: enable}\n")
        model.perform(.configure(Settings(json: .object([("pureyaml.format.indentWidth", .integer(4))]))))
        XCTAssertGreaterThan(disk.lintReads, afterChange, "read again after configure")
        XCTAssertEqual(lintCodes(model, a), ["truthy"])
    }
}
