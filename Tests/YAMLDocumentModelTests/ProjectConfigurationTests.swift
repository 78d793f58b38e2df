import TestSupport
import XCTest
import YAMLComposer
import YAMLDocumentModel
import YAMLSyntax

/// `.pureyaml.yaml` project settings: parsed by our own YAML parser with the editor settings' key
/// names; a broken file gives one diagnostic and the defaults; the nearest file wins.
final class ProjectConfigurationTests: XCTestCase {
    private func parse(_ text: String) -> (settings: Settings, diagnostics: [YAMLDiagnostic]) {
        ProjectConfiguration.parse(bytes: Array(text.utf8))
    }

    func testKeysAreTheEditorSettingsWithOrWithoutPrefix() {
        for text in ["format:\n  indentWidth: 4\n  printWidth: 100\n  sequenceIndent: compact\nmaxItemsComputed: 30\n",
                     "pureyaml:\n  format:\n    indentWidth: 4\n    printWidth: 100\n    sequenceIndent: compact\n  maxItemsComputed: 30\n",
                     "pureyaml.format.indentWidth: 4\npureyaml.format.printWidth: 100\nformat.sequenceIndent: compact\npureyaml.maxItemsComputed: 30\n",
                     "{format: {indentWidth: 4, printWidth: 100, sequenceIndent: compact}, maxItemsComputed: 30}\n"] {
            let (settings, diagnostics) = parse(text)
            XCTAssertEqual(diagnostics, [], text)
            XCTAssertEqual(settings.format.indentWidth, 4, text)
            XCTAssertTrue(settings.indentWidthIsExplicit, text)
            XCTAssertEqual(settings.format.printWidth, 100, text)
            XCTAssertEqual(settings.format.sequenceIndent, .compact, text)
            XCTAssertEqual(settings.maxItemsComputed, 30, text)
        }
    }

    /// Relative schema paths in a settings file are relative to its folder (not to the working directory);
    /// URLs, absolute paths and the `kubernetes` key keep their meaning, and globs are left as written.
    func testSchemaPathsAreRelativeToTheSettingsFile() {
        let text = """
            yaml.schemas:
              ./schemas/app.json: "config/*.yaml"
              ../shared/base.yaml: ["*.yaml", "!local.yaml"]
              /abs/s.json: "a.yaml"
              https://example.com/s.json: "b.yaml"
              kubernetes: "k8s/*.yaml"
            yaml.schemaStore.url: catalog/catalog.json
            pureyaml.schema.kubernetesSchemaBase: k8s-schemas/
            """
        let configuration = ProjectConfiguration(uri: DocumentURI(filePath: "/repo/sub dir/.pureyaml.yaml"), bytes: Array(text.utf8))
        XCTAssertEqual(configuration.diagnostics.map(\.diagnostic.message), [])
        let schema = configuration.settings.schema
        XCTAssertEqual(schema.associations.map(\.schema), [
            "file:///repo/sub%20dir/schemas/app.json", "file:///repo/shared/base.yaml", "file:///abs/s.json",
            "https://example.com/s.json", "kubernetes",
        ])
        XCTAssertEqual(schema.associations.map { $0.globs.map(\.pattern) },
                       [["config/*.yaml"], ["*.yaml", "!local.yaml"], ["a.yaml"], ["b.yaml"], ["k8s/*.yaml"]])
        XCTAssertEqual(schema.schemaStoreURL, "file:///repo/sub%20dir/catalog/catalog.json")
        XCTAssertEqual(schema.kubernetesSchemaBase, "file:///repo/sub%20dir/k8s-schemas/")
        // The defaults (URLs) are untouched, and settings that are not read from a file keep their paths.
        let defaults = ProjectConfiguration(uri: DocumentURI(filePath: "/repo/.pureyaml.yaml"), bytes: Array("a: 1\n".utf8)).settings.schema
        XCTAssertEqual(defaults.schemaStoreURL, SchemaSettings.defaultSchemaStoreURL)
        XCTAssertEqual(defaults.kubernetesSchemaBase, SchemaSettings.defaultKubernetesSchemaBase)
        XCTAssertEqual(parse(text).settings.schema.associations.first?.schema, "./schemas/app.json")
    }

    func testYAMLFeaturesWorkInTheFile() {
        // Comments, anchors and merge keys are read as YAML, not as text.
        let text = "# project settings\nbase: &base\n  indentWidth: 3\nformat:\n  <<: *base\n  singleQuote: true  # prefer ''\n"
        let (settings, diagnostics) = parse(text)
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(settings.format.indentWidth, 3)
        XCTAssertEqual(settings.format.singleQuote, true)
    }

    func testEmptyOrNullFileMeansDefaults() {
        for text in ["", "# nothing\n", "---\n", "~\n"] {
            let (settings, diagnostics) = parse(text)
            XCTAssertEqual(diagnostics, [], text)
            XCTAssertEqual(settings, Settings(), text)
        }
    }

    func testBrokenFileGivesOneDiagnosticAndDefaults() throws {
        let cases: [(String, Int, String)] = [
            ("format: [\n  indentWidth: 4\n", 8, "The configuration file is not valid YAML. "),
            ("format:\n  indentWidth: 4\nformat:\n  indentWidth: 3\n", 25, "The configuration file is not valid YAML. "),
            ("- format.indentWidth: 4\n", 0, "The configuration file must be a mapping"),
            ("just text\n", 0, "The configuration file must be a mapping"),
            ("a: 1\n---\nb: 2\n", 5, "The configuration file holds 2 documents"),
        ]
        for (text, offset, start) in cases {
            let (settings, diagnostics) = parse(text)
            XCTAssertEqual(settings, Settings(), text)
            XCTAssertEqual(diagnostics.count, 1, text)
            let d = try XCTUnwrap(diagnostics.first)
            XCTAssertEqual(d.code, "invalid-configuration")
            XCTAssertEqual(d.severity, .error)
            XCTAssertEqual(d.source, "pureyaml-config")
            XCTAssertEqual(d.range.start, offset, text)
            XCTAssertTrue(d.message.hasPrefix(start), d.message)
            XCTAssertTrue(d.message.hasSuffix("Default settings apply."), d.message)
        }
    }

    func testLoadedConfigurationLocatesItsDiagnostic() throws {
        let uri = DocumentURI(filePath: "/p/.pureyaml.yaml")
        let configuration = ProjectConfiguration(uri: uri, bytes: Array("format:\n  indentWidth: [\n".utf8))
        XCTAssertEqual(configuration.uri, uri)
        let d = try XCTUnwrap(configuration.diagnostics.first)
        XCTAssertEqual(configuration.diagnostics.count, 1)
        XCTAssertEqual(d.start.line, 2)
        XCTAssertEqual(d.start.column, 16)
        XCTAssertEqual(configuration.settings, Settings())
    }

    /// A value of the wrong type or out of range is a warning at the value saying what the setting takes;
    /// that setting keeps its default and the other keys apply.
    func testWrongValueTypesKeepTheDefaultsAndAreWarnings() {
        let (settings, diagnostics) = parse("format:\n  indentWidth: four\n  printWidth: 80\n")
        XCTAssertEqual(diagnostics.map(\.message), [
            #"`format.indentWidth` must be an integer from 1 to 16; the value "four" is ignored. The default applies."#])
        XCTAssertEqual(diagnostics.map(\.range), [TextRange(start: 23, end: 27)])
        XCTAssertEqual(diagnostics.map(\.code), [ProjectConfiguration.invalidValueCode])
        XCTAssertEqual(diagnostics.map(\.severity), [.warning])
        XCTAssertEqual(settings.format.indentWidth, 2)
        XCTAssertFalse(settings.indentWidthIsExplicit)
        XCTAssertEqual(settings.format.printWidth, 80)
        for (text, expected) in [
            ("format.indentWidth: 0", "`format.indentWidth` must be an integer from 1 to 16; the value 0 is ignored."),
            ("format.indentWidth: 100", "`format.indentWidth` must be an integer from 1 to 16; the value 100 is ignored."),
            ("format.indentWidth: 2.5", "`format.indentWidth` must be an integer from 1 to 16; the value 2.5 is ignored."),
            ("format.printWidth: -1", "`format.printWidth` must be an integer of 0 or more (0: no limit); the value -1 is ignored."),
            ("maxFileSize: 0", "`maxFileSize` must be an integer of 1 or more (bytes); the value 0 is ignored."),
            ("format.proseWrap: sometimes", "`format.proseWrap` must be one of `preserve`, `always`, `never`; the value \"sometimes\" is ignored."),
            ("pureyaml.validate: 'yes'", "`pureyaml.validate` must be `true` or `false`; the value \"yes\" is ignored."),
            ("format: [1, 2]", "`format` must be a mapping of settings (such as `format.enable`); the value [1,2] is ignored."),
        ] {
            let (settings, diagnostics) = parse(text + "\n")
            XCTAssertEqual(diagnostics.map(\.message), [expected + " The default applies."], text)
            XCTAssertEqual(diagnostics.first?.range.start, text.utf8.count - text.split(separator: " ", maxSplits: 1)[1].utf8.count, text)
            XCTAssertEqual(settings, Settings(), text)
        }
        // Null means "not set": no warning.
        XCTAssertEqual(parse("format:\n  indentWidth:\n").diagnostics, [])
    }

    /// A `yaml.schemas` entry of the wrong shape is skipped with a warning of its own (it used to be
    /// dropped silently); the other entries apply.
    func testSkippedSchemaAssociationEntriesAreWarnings() {
        var settings = Settings()
        let problems = settings.applyReportingProblems(.object([
            (key: "yaml", value: .object([(key: "schemas", value: .object([
                (key: "/x.json", value: .integer(5)),
                (key: "/y.json", value: .string("*.y.yaml")),
                (key: "/z.json", value: .array([])),
            ]))])),
        ]))
        XCTAssertEqual(settings.schema.associations.map(\.schema), ["/y.json"])
        XCTAssertEqual(problems.map(\.message), [
            "`yaml.schemas` must be a mapping of schema URLs to glob patterns (a string or a list of strings), and the entry for `/x.json` is not one: 5 is ignored; the other entries apply.",
            "`yaml.schemas` must be a mapping of schema URLs to glob patterns (a string or a list of strings), and the entry for `/z.json` is not one: [] is ignored; the other entries apply.",
        ])
        // The list form: item 2 has no `fileMatch`.
        var listed = Settings()
        let listProblems = listed.applyReportingProblems(.object([(key: "yaml.schemas", value: .array([
            .object([(key: "url", value: .string("/a.json")), (key: "fileMatch", value: .array([.string("*.a.yaml")]))]),
            .object([(key: "url", value: .string("/b.json"))]),
        ]))]))
        XCTAssertEqual(listed.schema.associations.map(\.schema), ["/a.json"])
        XCTAssertEqual(listProblems.count, 1)
        XCTAssertTrue(listProblems.first?.message.contains("item 2 is not one") ?? false, listProblems.first?.message ?? "")
        // In a project settings file the warning sits on the `schemas` value and says the rest applies.
        let (fromFile, diagnostics) = parse("yaml.schemas:\n  /x.json: 5\n  /y.json: '*.y.yaml'\n")
        XCTAssertEqual(fromFile.schema.associations.map(\.schema), ["/y.json"])
        XCTAssertEqual(diagnostics.map(\.code), [ProjectConfiguration.invalidValueCode])
        XCTAssertEqual(diagnostics.first?.range.start, 16) // the `schemas` mapping
        XCTAssertFalse(diagnostics.first?.message.contains("The default applies") ?? true)
    }

    /// A key that names no setting is a warning at that key, with a "did you mean" when a setting's name is
    /// close (in the prefix form the file used); the other keys still apply.
    func testUnknownKeysAreWarningsAtTheKeyAndTheRestApplies() throws {
        let text = "format:\n  indnetWidth: 4\n  printWidth: 80\npureyaml.format.sequenceIndnt: compact\ncolour: blue\n"
            + "schemas:\n  https://example.com/s.json: '*.yaml'\n"
        let (settings, diagnostics) = parse(text)
        XCTAssertEqual(settings.format.printWidth, 80)
        XCTAssertEqual(settings.schema.associations.count, 1)
        XCTAssertEqual(settings.format.indentWidth, 2)
        let bytes = Array(text.utf8)
        func offset(of needle: String) -> Int {
            let n = Array(needle.utf8)
            return (0...(bytes.count - n.count)).first { Array(bytes[$0..<($0 + n.count)]) == n } ?? -1
        }
        XCTAssertEqual(diagnostics.map(\.range), [TextRange(start: offset(of: "indnetWidth"), end: offset(of: "indnetWidth") + 11),
                                                  TextRange(start: offset(of: "pureyaml."), end: offset(of: "pureyaml.") + 29),
                                                  TextRange(start: offset(of: "colour"), end: offset(of: "colour") + 6)])
        XCTAssertEqual(diagnostics.map(\.message), [
            "Unknown setting `format.indnetWidth`; it is ignored. Did you mean `format.indentWidth`?",
            "Unknown setting `pureyaml.format.sequenceIndnt`; it is ignored. Did you mean `pureyaml.format.sequenceIndent`?",
            "Unknown setting `colour`; it is ignored.",
        ])
        for d in diagnostics {
            XCTAssertEqual(d.code, ProjectConfiguration.unknownKeyCode)
            XCTAssertEqual(d.severity, .warning)
            XCTAssertEqual(d.source, ProjectConfiguration.source)
        }
        // Every setting's name is known, bare and with either prefix.
        for name in Settings.settingNames {
            for key in [name, "pureyaml." + name, "yaml." + name] {
                var s = Settings()
                XCTAssertEqual(s.apply(.object([(key: key, value: .null)])), [], key)
            }
        }
    }

    // MARK: discovery

    private func nearest(_ path: String, _ files: Set<String>) -> String? {
        ProjectConfiguration.nearest(toFileAt: path) { files.contains($0) }
    }

    func testNearestFileWinsUpToTheRoot() {
        let files: Set<String> = ["/.pureyaml.yml", "/w/.pureyaml.yaml", "/w/a/b/.pureyaml.yml"]
        XCTAssertEqual(nearest("/w/a/b/c.yaml", files), "/w/a/b/.pureyaml.yml")
        XCTAssertEqual(nearest("/w/a/b/deeper/c.yaml", files), "/w/a/b/.pureyaml.yml")
        XCTAssertEqual(nearest("/w/a/c.yaml", files), "/w/.pureyaml.yaml")
        XCTAssertEqual(nearest("/w/c.yaml", files), "/w/.pureyaml.yaml")
        XCTAssertEqual(nearest("/x/c.yaml", files), "/.pureyaml.yml")
        XCTAssertEqual(nearest("/c.yaml", files), "/.pureyaml.yml")
        XCTAssertNil(nearest("/x/y/c.yaml", []))
        XCTAssertEqual(nearest("//w//a/c.yaml", files), "/w/.pureyaml.yaml")
    }

    func testYamlExtensionWinsInOneFolder() {
        XCTAssertEqual(nearest("/w/c.yaml", ["/w/.pureyaml.yml", "/w/.pureyaml.yaml"]), "/w/.pureyaml.yaml")
    }

    func testEveryFolderIsAskedOnceInOrder() {
        var asked: [String] = []
        _ = ProjectConfiguration.nearest(toFileAt: "/a/b/c.yaml") { asked.append($0); return false }
        XCTAssertEqual(asked, ["/a/b/.pureyaml.yaml", "/a/b/.pureyaml.yml", "/a/.pureyaml.yaml", "/a/.pureyaml.yml",
                               "/.pureyaml.yaml", "/.pureyaml.yml"])
    }
}

extension ProjectConfigurationTests {
    /// An alias bomb in `.pureyaml.yaml` is refused with one diagnostic instead of expanding.
    func testAnAliasBombIsRefusedBeforeItExpands() throws {
        let bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + (1...9).map { level -> String in
            let previous = level == 1 ? "a" : "l\(level - 1)"
            return "l\(level): &l\(level) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ", ") + "]\n"
        }.joined()
        let (settings, diagnostics) = assertNoHang(cpuSecondsAtMost: 30, ".pureyaml.yaml alias bomb") {
            ProjectConfiguration.parse(bytes: Array(bomb.utf8))
        }
        XCTAssertEqual(settings, Settings())
        XCTAssertEqual(diagnostics.map(\.code), [ProjectConfiguration.invalidCode])
    }
}
