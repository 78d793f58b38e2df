import Foundation
import TestSupport
import XCTest
import YAMLComposer
@testable import YAMLDocumentModel
import YAMLSchema
import YAMLSyntax

/// Custom resources validated against their CustomResourceDefinition's `openAPIV3Schema`: from the same
/// stream, another open document, a `pureyaml.schema.crds` file or the CRD catalog; Kubernetes'
/// structural-schema extensions honoured.
final class CustomResourceTests: XCTestCase {
    /// A small CRD written for the tests: `example.com/v1 Widget` (served, with the structural-schema
    /// extensions) and `v2alpha1` (not served); 17 lines.
    static let widgetCRD = KubernetesFixtures.widgetDefinition(spec: """
        {type: object, required: [size], properties: {size: {type: integer, description: How many parts.}, \
        port: {x-kubernetes-int-or-string: true, anyOf: [{type: integer}, {type: string}]}, owner: {type: string, nullable: true}, \
        extra: {type: object, x-kubernetes-preserve-unknown-fields: true}, \
        template: {type: object, x-kubernetes-embedded-resource: true, x-kubernetes-preserve-unknown-fields: true}}}
        """, moreVersions: "  - name: v2alpha1\n    served: false\n    storage: false\n    schema: {openAPIV3Schema: {type: object}}\n")

    private func model(_ settingsJSON: String? = nil) throws -> DocumentModel {
        var settings = Settings()
        settings.schema.workspaceFolders = [DocumentURI(filePath: "/w")]
        settings.schema.crdCatalogURL = ""
        if let settingsJSON { settings.apply(try SchemaText.parse(Array(settingsJSON.utf8))) }
        return DocumentModel(settings: settings)
    }

    /// `line: code` of the schema findings of `uri`.
    private func findings(_ model: DocumentModel, _ uri: DocumentURI) -> [String] {
        (model.diagnostics(uri)?.diagnostics ?? []).filter { $0.source == "pureyaml-schema" }.map {
            "\(model.snapshot(uri)?.humanPosition(of: $0.range.start).line ?? 0): \($0.code)"
        }
    }

    func testADefinitionInTheSameStreamValidatesItsResources() throws {
        let model = try model()
        let uri = DocumentURI(filePath: "/w/widgets.yaml")
        model.perform(.open(uri, version: 1, text: Self.widgetCRD + """
            ---
            apiVersion: example.com/v1
            kind: Widget
            metadata: {name: ok}
            spec: {size: 3, port: http, owner: null, extra: {any: thing}, template: {apiVersion: v1, kind: Pod, spec: {}}}
            ---
            apiVersion: example.com/v1
            kind: Widget
            metadata: {name: bad}
            spec:
              size: three
              port: true
              colour: red
              template: {spec: {}}
            ---
            apiVersion: example.com/v2alpha1
            kind: Widget
            spec: {size: three}

            """))
        let documents = try XCTUnwrap(model.schemaInfo(uri)?.documents)
        XCTAssertEqual(documents.map { $0.rule?.description ?? "-" }, [
            "kubernetes: apiextensions.k8s.io/v1 CustomResourceDefinition",
            "kubernetes: example.com/v1 Widget (CustomResourceDefinition in file:///w/widgets.yaml)",
            "kubernetes: example.com/v1 Widget (CustomResourceDefinition in file:///w/widgets.yaml)",
            "-",
        ], "a version that is not served defines nothing")
        XCTAssertEqual(documents[1].status, .loaded)
        XCTAssertEqual(findings(model, uri), [
            "28: schema-type",  // size: three
            "29: schema-type",  // port: true (int-or-string)
            "30: schema-additionalProperties",  // colour: an unknown field
            "31: schema-required",  // the embedded resource's apiVersion and kind
        ])
        XCTAssertEqual(model.schemaLoadRequests.map { $0.split(separator: "/").last ?? "" },
                       ["customresourcedefinition-apiextensions-v1.json"], "only the definition's own kind is downloaded")
    }

    /// The older `apiextensions.k8s.io/v1beta1` form: one version (`spec.version`) or several, one schema
    /// for all (`spec.validation`).
    func testAV1beta1DefinitionWithOneSchemaForEveryVersion() throws {
        let model = try model()
        let uri = DocumentURI(filePath: "/w/old.yaml")
        model.perform(.open(uri, version: 1, text: """
            apiVersion: apiextensions.k8s.io/v1beta1
            kind: CustomResourceDefinition
            metadata: {name: gizmos.example.org}
            spec:
              group: example.org
              version: v1alpha1
              names: {kind: Gizmo, plural: gizmos}
              validation:
                openAPIV3Schema: {properties: {spec: {properties: {count: {type: integer, minimum: 1}}}}}
            ---
            apiVersion: example.org/v1alpha1
            kind: Gizmo
            spec: {count: 0}

            """))
        XCTAssertEqual(model.schemaInfo(uri)?.documents.last?.rule?.description,
                       "kubernetes: example.org/v1alpha1 Gizmo (CustomResourceDefinition in file:///w/old.yaml)")
        XCTAssertEqual(findings(model, uri), ["13: schema-minimum"])
    }

    /// Editing the definition (open in another document) updates its resources' diagnostics; closing it
    /// takes its schema away.
    func testEditingTheDefinitionUpdatesItsResources() throws {
        let model = try model()
        let crd = DocumentURI(filePath: "/w/crd.yaml"), resource = DocumentURI(filePath: "/w/app/widget.yaml")
        model.perform(.open(resource, version: 1, text: "apiVersion: example.com/v1\nkind: Widget\nspec: {size: \"3\"}\n"))
        XCTAssertEqual(model.schemaInfo(resource)?.documents.first?.schemaURI, nil)
        let stream = "apiVersion: v1\nkind: Namespace\nmetadata: {name: widgets}\n---\n" + Self.widgetCRD
        var areas = model.perform(.open(crd, version: 1, text: stream))
        XCTAssertTrue(areas.contains(.diagnostics(resource)))
        XCTAssertEqual(findings(model, resource), ["3: schema-type"])
        XCTAssertEqual(model.schemaInfo(resource)?.documents.first?.schemaURI, "file:///w/crd.yaml#example.com/v1/Widget")
        // The size becomes a string in the definition: an edit of one line of the second document.
        let lines = stream.components(separatedBy: "\n")
        let line = try XCTUnwrap(lines.firstIndex { $0.contains("size: {type: integer") })
        let column = try XCTUnwrap(lines[line].range(of: "integer")).lowerBound.utf16Offset(in: lines[line])
        let edit = TextChange(range: (LineColumn(line: line, column: column), LineColumn(line: line, column: column + 7)), text: "string")
        areas = model.perform(.change(crd, version: 2, changes: [edit], encoding: .utf16))
        XCTAssertTrue(areas.contains(.diagnostics(resource)))
        XCTAssertEqual(findings(model, resource), [])
        let text = stream.replacingOccurrences(of: "size: {type: integer", with: "size: {type: string")
        XCTAssertEqual(model.snapshot(crd).map { String(decoding: $0.bytes, as: UTF8.self) }, text)
        // A new description changes the Widget schema under the same URI: the resource's hover shows it.
        let described = text.replacingOccurrences(of: "How many parts.", with: "How many parts (at least one).")
        XCTAssertNotEqual(described, text)
        areas = model.perform(.change(crd, version: 3, changes: [TextChange(range: nil, text: described)], encoding: .utf16))
        // The schema validates as before (``JSONSchema/validatesAlike(_:_:)``): the resource's findings stand.
        XCTAssertFalse(areas.contains(.diagnostics(resource)))
        XCTAssertEqual(findings(model, resource), [])
        XCTAssertEqual(model.hover(resource, at: 48)?.sections.sketch.joined().contains("at least one") ?? false, true,
                       "\(String(describing: model.hover(resource, at: 48)?.sections.sketch))")
        // An edit that leaves the definitions alone changes nothing elsewhere.
        areas = model.perform(.change(crd, version: 4, changes: [TextChange(range: nil, text: "# a comment\n" + described)], encoding: .utf16))
        XCTAssertFalse(areas.contains(.diagnostics(resource)))
        areas = model.perform(.close(crd))
        XCTAssertTrue(areas.contains(.schemaInfo))
        XCTAssertEqual(model.schemaInfo(resource)?.documents.first?.schemaURI, nil, "unknown kinds stay quiet")
        XCTAssertEqual(findings(model, resource), [])
    }

    /// Editing a definition open in one document revalidates, in a stream of resources open in another,
    /// the documents of that kind alone: each is composed from its own part of the text (the stream's
    /// whole text, re-checked one document at a time while it was typed in, is not parsed again), and the
    /// findings are those a fresh model gives.
    func testEditingADefinitionRevalidatesOnlyItsKindInAnotherStream() throws {
        let crd = DocumentURI(filePath: "/w/crd.yaml"), resources = DocumentURI(filePath: "/w/app/widgets.yaml")
        let widgets = (0..<4).map { "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w\($0)}\nspec: {size: \"\($0)\"}\n" }
        let stream = "apiVersion: v1\nkind: ConfigMap\ndata: {a: b}\n---\n" + widgets.joined(separator: "---\n")
        let model = try model()
        model.perform(.open(crd, version: 1, text: Self.widgetCRD))
        model.perform(.open(resources, version: 1, text: stream))
        XCTAssertEqual(findings(model, resources), ["8: schema-type", "13: schema-type", "18: schema-type", "23: schema-type"])
        // A keystroke in the resources: one document re-checked, the whole text left alone.
        let edited = stream.replacingOccurrences(of: "name: w2}", with: "name: w2x}")
        let at = LineColumn(line: 16, column: 19)
        model.perform(.change(resources, version: 2, changes: [TextChange(range: (at, at), text: "x")], encoding: .utf16))
        XCTAssertEqual(model.snapshot(resources)?.text, edited)
        XCTAssertEqual(model.snapshot(resources)?.hasWholeTextAnalysis, false)
        // The size becomes a string in the definition.
        let lines = Self.widgetCRD.components(separatedBy: "\n")
        let line = try XCTUnwrap(lines.firstIndex { $0.contains("size: {type: integer") })
        let column = try XCTUnwrap(lines[line].range(of: "integer")).lowerBound.utf16Offset(in: lines[line])
        let edit = TextChange(range: (LineColumn(line: line, column: column), LineColumn(line: line, column: column + 7)), text: "string")
        let areas = model.perform(.change(crd, version: 2, changes: [edit], encoding: .utf16))
        XCTAssertTrue(areas.contains(.diagnostics(resources)))
        XCTAssertEqual(findings(model, resources), [])
        XCTAssertEqual(model.snapshot(resources)?.hasWholeTextAnalysis, false, "the stream's whole text was not parsed")

        let reference = try self.model()
        reference.perform(.open(crd, version: 1, text: try XCTUnwrap(model.snapshot(crd)?.text)))
        reference.perform(.open(resources, version: 1, text: edited))
        XCTAssertEqual(model.diagnostics(resources)?.diagnostics, reference.diagnostics(resources)?.diagnostics)
        XCTAssertEqual(model.schemaInfo(resources), reference.schemaInfo(resources))
        // And back: the findings return, at the places a fresh model finds them.
        let back = TextChange(range: (LineColumn(line: line, column: column), LineColumn(line: line, column: column + 6)), text: "integer")
        model.perform(.change(crd, version: 3, changes: [back], encoding: .utf16))
        XCTAssertEqual(findings(model, resources), ["8: schema-type", "13: schema-type", "18: schema-type", "23: schema-type"])
        XCTAssertEqual(model.snapshot(resources)?.hasWholeTextAnalysis, false)
    }

    func testStructuralExtensions() throws {
        let model = try model()
        let uri = DocumentURI(filePath: "/w/x.yaml")
        let cases: [(spec: String, valid: Bool)] = [
            ("{size: 1, port: 8080}", true), ("{size: 1, port: \"8080\"}", true), ("{size: 1, port: 1.5}", false),
            ("{size: 1, owner: null}", true), ("{size: null}", false), ("{size: 1, owner: 5}", false),
            ("{size: 1, extra: {a: {b: 1}}}", true), ("{size: 1, other: 1}", false),
            ("{size: 1, template: {apiVersion: v1, kind: Pod, metadata: {name: p}, spec: {x: 1}}}", true),
            ("{size: 1, template: {kind: Pod}}", false),
        ]
        for (spec, valid) in cases {
            model.perform(.open(uri, version: 1, text: Self.widgetCRD + "---\napiVersion: example.com/v1\nkind: Widget\nspec: \(spec)\n"))
            XCTAssertEqual(findings(model, uri).isEmpty, valid, "\(spec): \(findings(model, uri))")
        }
        // The root's apiVersion/kind are the resource's; metadata must be a mapping.
        model.perform(.open(uri, version: 2, text: Self.widgetCRD + "---\napiVersion: example.com/v1\nkind: Widget\nmetadata: 5\nspec: {size: 1}\n"))
        XCTAssertEqual(findings(model, uri), ["21: schema-type"])
    }

    /// The Prometheus Operator's real ServiceMonitor CRD (../shared/corpus): the project's own
    /// ServiceMonitors validate, ones written here with mistakes do not; completion and hover use it.
    func testPrometheusOperatorServiceMonitor() throws {
        let folder = try requireSharedFolder("corpus").appendingPathComponent("kubernetes/prometheus-operator__kube-prometheus/manifests")
        let crdURL = folder.appendingPathComponent("setup/0servicemonitorCustomResourceDefinition.yaml")
        let model = try model()
        let crd = DocumentURI(filePath: crdURL.path)
        model.perform(.openFile(crd, bytes: [UInt8](try Data(contentsOf: crdURL))))
        var checked = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix("-serviceMonitor.yaml") {
            let uri = DocumentURI(filePath: folder.appendingPathComponent(name).path)
            model.perform(.openFile(uri, bytes: [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))))
            XCTAssertEqual(model.schemaInfo(uri)?.documents.first?.rule?.description,
                           "kubernetes: monitoring.coreos.com/v1 ServiceMonitor (CustomResourceDefinition in \(crd.string))")
            XCTAssertEqual(findings(model, uri), [], name)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 5)
        let mine = DocumentURI(filePath: "/w/monitor.yaml")
        model.perform(.open(mine, version: 1, text: """
            apiVersion: monitoring.coreos.com/v1
            kind: ServiceMonitor
            metadata:
              name: web
            spec:
              selector:
                matchLabels: {app: web}
              endpoints:
              - port: 8080
                interval: 30 seconds
                targetPort: 8080
                scheme: gopher

            """))
        XCTAssertEqual(findings(model, mine), ["9: schema-type", "10: schema-pattern", "12: schema-enum"])
        let text = model.snapshot(mine)!.bytes
        let offset = { (s: String) in String(decoding: text, as: UTF8.self).utf8.count - String(decoding: text, as: UTF8.self).components(separatedBy: s).last!.utf8.count - s.utf8.count }
        let hover = model.hover(mine, at: offset("endpoints") + 2)
        XCTAssertTrue(hover?.sections.sketch.joined().contains("endpoints") ?? false, "\(String(describing: hover?.sections.sketch))")
        let labels = model.completion(mine, at: offset("  selector:") + 2)?.candidates.map(\.label) ?? []
        XCTAssertTrue(labels.contains("namespaceSelector") && labels.contains("jobLabel"), "\(labels.prefix(10))")
    }

    /// Every custom resource that kube-prometheus ships (../shared/corpus: Prometheus, Alertmanager,
    /// PrometheusRule, ServiceMonitor, PodMonitor, ...) validates against the project's own CRDs, as the
    /// API server accepts them: the structural-schema reading raises no false finding on real resources.
    func testKubePrometheusResourcesValidateAgainstTheirDefinitions() throws {
        let manifests = try requireSharedFolder("corpus").appendingPathComponent("kubernetes/prometheus-operator__kube-prometheus/manifests")
        let model = try model()
        let setup = manifests.appendingPathComponent("setup")
        for name in try FileManager.default.contentsOfDirectory(atPath: setup.path) where name.hasSuffix("CustomResourceDefinition.yaml") {
            model.perform(.openFile(DocumentURI(filePath: setup.appendingPathComponent(name).path), bytes: [UInt8](try Data(contentsOf: setup.appendingPathComponent(name)))))
        }
        var kinds: [String: Int] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: manifests.path).sorted() where name.hasSuffix(".yaml") {
            let uri = DocumentURI(filePath: manifests.appendingPathComponent(name).path)
            model.perform(.openFile(uri, bytes: [UInt8](try Data(contentsOf: manifests.appendingPathComponent(name)))))
            for d in model.schemaInfo(uri)?.documents ?? [] {
                guard case .customResource(let resource, _)? = d.rule else { continue }
                XCTAssertEqual(d.status, .loaded, name)
                kinds[resource, default: 0] += 1
            }
            XCTAssertEqual(findings(model, uri), [], name)
            model.perform(.close(uri))
        }
        print("kube-prometheus custom resources: \(kinds.sorted { $0.key < $1.key })")
        XCTAssertGreaterThanOrEqual(kinds.count, 4, "\(kinds)")
    }

    /// `pureyaml.schema.crds` names definition files: they are read through the edge and validate custom
    /// resources in any file (globs are not read yet).
    func testDefinitionFilesFromTheSettings() throws {
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("pureyaml-crd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temp) }
        try ("# two definitions in one stream\n---\n" + Self.widgetCRD + "---\napiVersion: v1\nkind: Namespace\n")
            .write(to: temp.appendingPathComponent("crds.yaml"), atomically: true, encoding: .utf8)
        let model = try model(#"{"pureyaml.schema.crds": ["crds.yaml", "more/*.yaml"]}"#)
        var settings = model.settings
        settings.schema.workspaceFolders = [DocumentURI(filePath: temp.path)]
        model.perform(.configure(settings))
        let uri = DocumentURI(filePath: "/elsewhere/w.yaml")
        model.perform(.open(uri, version: 1, text: "apiVersion: example.com/v1\nkind: Widget\nspec: {}\n"))
        let file = DocumentURI(filePath: temp.appendingPathComponent("crds.yaml").path).string
        XCTAssertEqual(model.schemaLoadRequests, [file], "a glob needs a folder listing: not read")
        var edge = SchemaTestEdge()
        edge.serve(model)
        XCTAssertEqual(model.schemaInfo(uri)?.documents.first?.rule?.description,
                       "kubernetes: example.com/v1 Widget (CustomResourceDefinition in \(file))")
        XCTAssertEqual(findings(model, uri), ["3: schema-required"])
        // Open in the editor, its text stands for the file; closed, the file is read again.
        let open = DocumentURI(file)
        model.perform(.open(open, version: 1, text: Self.widgetCRD.replacingOccurrences(of: "required: [size]", with: "required: []")))
        XCTAssertEqual(findings(model, uri), [])
        let areas = model.perform(.close(open))
        XCTAssertTrue(areas.contains(.schemaLoads))
        XCTAssertTrue(model.schemaLoadRequests.contains(file), "\(model.schemaLoadRequests)")
        edge.serve(model)
        XCTAssertEqual(findings(model, uri), ["3: schema-required"])
        // Taken out of the settings, it defines nothing any more.
        settings.schema.customResourceDefinitions = []
        model.perform(.configure(settings))
        XCTAssertEqual(findings(model, uri), [])
    }

    /// A definition whose `properties` is not an object (`properties: [1, 2]`), at the root or below, is
    /// said (`schema-keyword-ignored`, as for any schema) and rejects no field; it used to reject every
    /// field (the object was closed over the malformed keyword) and say nothing.
    func testAMalformedPropertiesKeywordIsSaidAndRejectsNoField() throws {
        let resource = "---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {size: 3}\n"
        let root = KubernetesFixtures.widgetDefinition().replacingOccurrences(
            of: "openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {size: {type: integer}}}}}",
            with: "openAPIV3Schema: {type: object, properties: [1, 2]}")
        XCTAssertNotEqual(root, KubernetesFixtures.widgetDefinition())
        for (name, definition, pointer) in [("root", root, "#/properties"),
                                            ("spec", KubernetesFixtures.widgetDefinition(spec: "{type: object, properties: [1, 2]}"), "#/properties/spec/properties")] {
            let model = try model()
            let uri = DocumentURI(filePath: "/w/\(name).yaml")
            model.perform(.open(uri, version: 1, text: definition + resource))
            let found = (model.diagnostics(uri)?.diagnostics ?? []).filter { $0.source == "pureyaml-schema" }
            XCTAssertEqual(found.map(\.code), ["schema-keyword-ignored"], name)
            XCTAssertEqual(found.first?.severity, .information, name)
            XCTAssertTrue(found.first?.message.contains("\"properties\" must be an object whose values are schemas, found [1, 2] at \(pointer);") == true,
                          "\(name): \(found.first?.message ?? "")")
        }
    }

    /// A `pureyaml.schema.crds` file whose load fails is noted once, with the entry and the loader's
    /// reason, and the model says so (``SurfaceArea/unusableDefinitionFiles``); asking again adds nothing.
    func testAFailedDefinitionFileIsNotedOnce() throws {
        let model = try model(#"{"pureyaml.schema.crds": ["https://crds.example/widget.yaml"]}"#)
        let uri = DocumentURI(filePath: "/w/a.yaml")
        model.perform(.open(uri, version: 1, text: "apiVersion: example.com/v1\nkind: Widget\nspec: {}\n"))
        XCTAssertEqual(model.unusableDefinitionFiles, [])
        let areas = model.perform(.schemaLoaded("https://crds.example/widget.yaml", .failure(SchemaLoadFailure("HTTP 404"))))
        XCTAssertTrue(areas.contains(.unusableDefinitionFiles), "\(areas)")
        let noted = try XCTUnwrap(model.unusableDefinitionFiles.first)
        XCTAssertEqual([noted.entry, noted.uri, noted.reason], ["https://crds.example/widget.yaml", "https://crds.example/widget.yaml", "HTTP 404"])
        XCTAssertNil(noted.settingsFile)
        XCTAssertEqual(model.unusableDefinitionFiles.first?.message, "pureyaml.schema.crds entry https://crds.example/widget.yaml "
                       + "cannot be used: HTTP 404; the custom resources it defines get no schema from it (the CRD catalog's, where it has one)")
        // A settings change that is not the schemas' tries nothing again and says nothing again.
        var settings = model.settings
        settings.format.indentWidth = 4
        model.perform(.configure(settings))
        XCTAssertEqual(model.schemaLoadRequests, [])
        XCTAssertEqual(model.unusableDefinitionFiles.count, 1)
    }

    /// An unusable entry is said once per problem and configuration: again when it fails again after the
    /// schema settings changed or after its file changed on disk (it is tried again then); not when it
    /// fails the same way under the same settings (it used to be said once for the model's lifetime).
    func testAnUnusableDefinitionFileIsSaidAgainAfterTheConfigurationOrTheFileChanged() throws {
        let file = "/w/crds/widget.yaml"
        let environment = ModelEnvironment.inMemory(texts: [:])
        var settings = Settings()
        settings.schema.workspaceFolders = [DocumentURI(filePath: "/w")]
        settings.schema.crdCatalogURL = ""
        settings.schema.customResourceDefinitions = [file]
        let model = DocumentModel(settings: settings, environment: environment)
        let uri = DocumentURI(filePath: "/w/a.yaml")
        model.perform(.open(uri, version: 1, text: "apiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\nspec: {}\n"))
        XCTAssertEqual(model.unusableDefinitionFiles.map(\.reason), ["no such file"])
        // The same settings again, and another document: nothing new.
        model.perform(.configure(settings))
        model.perform(.open(DocumentURI(filePath: "/w/b.yaml"), version: 1, text: "a: 1\n"))
        XCTAssertEqual(model.unusableDefinitionFiles.count, 1)
        // The schema settings changed: the entry is tried again and said again.
        settings.schema.severity = .error
        XCTAssertTrue(model.perform(.configure(settings)).contains(.unusableDefinitionFiles))
        XCTAssertEqual(model.unusableDefinitionFiles.map(\.reason), ["no such file", "no such file"])
        // The file changed on disk (still missing): read again, said again.
        XCTAssertTrue(model.perform(.filesChanged([DocumentURI(filePath: file)])).contains(.unusableDefinitionFiles))
        XCTAssertEqual(model.unusableDefinitionFiles.count, 3)
        // Asked again for another reason than a change: nothing new.
        model.perform(.filesChanged([DocumentURI(filePath: "/w/unrelated.txt")]))
        XCTAssertEqual(model.unusableDefinitionFiles.count, 3)
    }

    /// For a custom resource whose definition is not known, the CRD catalog's URL template gives the
    /// schema; a kind the catalog does not have stays quiet. Only documents with a `metadata` mapping count.
    func testTheCRDCatalogTemplate() throws {
        let model = try model(#"{"pureyaml.schema.crdCatalog": "https://crds.example/{group}/{kind}_{version}.json"}"#)
        let uri = DocumentURI(filePath: "/w/cert.yaml")
        model.perform(.open(uri, version: 1, text: """
            apiVersion: cert-manager.io/v1
            kind: Certificate
            metadata: {name: web}
            spec: {secretName: 5}
            ---
            apiVersion: unknown.example.com/v1
            kind: Thing
            metadata: {name: t}
            ---
            apiVersion: kustomize.config.k8s.io/v1beta1
            kind: Kustomization
            resources: [a.yaml]

            """))
        var edge = SchemaTestEdge(["https://crds.example/cert-manager.io/certificate_v1.json":
            #"{"type": "object", "properties": {"spec": {"type": "object", "properties": {"secretName": {"type": "string"}}}}}"#])
        edge.serve(model)
        XCTAssertEqual(edge.requested, ["https://crds.example/cert-manager.io/certificate_v1.json", "https://crds.example/unknown.example.com/thing_v1.json"])
        XCTAssertEqual(model.schemaInfo(uri)?.documents.map { $0.rule?.description ?? "-" },
                       ["kubernetes: cert-manager.io/v1 Certificate (CRD catalog)", "kubernetes: unknown.example.com/v1 Thing (CRD catalog)",
                        "-"], "a tool's configuration in the same style, without metadata, is no custom resource")
        XCTAssertEqual(findings(model, uri), ["4: schema-type"], "the catalog's 404 for Thing stays quiet")
    }

    /// Typing a mapping into a custom resource's root `metadata` entry that held a scalar (the entry alone
    /// is re-checked) makes it a custom resource for the CRD catalog, and a scalar typed back unmakes it.
    func testTypingTheRootMetadataMappingDecidesTheCatalogAgain() throws {
        let model = try model(#"{"pureyaml.schema.crdCatalog": "https://crds.example/{group}/{kind}_{version}.json"}"#)
        let uri = DocumentURI(filePath: "/w/cert.yaml")
        let text = "apiVersion: cert-manager.io/v1\nkind: Certificate\nmetadata: x\nspec:\n  secretName: 5\n"
        model.perform(.open(uri, version: 0, text: text))
        var edge = SchemaTestEdge(["https://crds.example/cert-manager.io/certificate_v1.json":
            #"{"type": "object", "properties": {"spec": {"type": "object", "properties": {"secretName": {"type": "string"}}}}}"#])
        edge.serve(model)
        XCTAssertEqual(model.schemaInfo(uri)?.documents.map { $0.rule?.description ?? "-" }, ["-"])
        let value = Array(text.utf8).firstIndex(of: UInt8(ascii: "x"))!
        let after = try XCTUnwrap(edit(model, uri, version: 1, value..<value + 1, "{name: web}"))
        XCTAssertNotNil(after.blockRecheck, "the root metadata entry alone is re-checked")
        edge.serve(model)
        XCTAssertEqual(model.schemaInfo(uri)?.documents.map { $0.rule?.description ?? "-" },
                       ["kubernetes: cert-manager.io/v1 Certificate (CRD catalog)"])
        XCTAssertEqual(findings(model, uri), ["5: schema-type"])
        _ = edit(model, uri, version: 2, value..<value + 11, "y")
        edge.serve(model)
        XCTAssertEqual(model.schemaInfo(uri)?.documents.map { $0.rule?.description ?? "-" }, ["-"])
        XCTAssertEqual(findings(model, uri), [])
    }
}
