import XCTest
import YAMLSyntax
@testable import YAMLDocumentModel

/// ``SchemaAssociator/associate(_:)`` makes one answer per distinct root summary of the documents without
/// a modeline and gives it to every document naming the same things: each document's entry must be the one
/// ``SchemaAssociator/info(index:region:modeline:uri:setting:root:)`` makes for it alone, under detection by
/// content, a `kubernetes` glob setting, a plain schema setting and the CRD catalog, with modelines between.
final class SchemaAssociationSharingTests: XCTestCase {
    func testSharedAnswersAreThoseMadeDocumentByDocument() {
        let documents = [
            "apiVersion: v1\nkind: Pod\nmetadata: {name: a}\n", "apiVersion: apps/v1\nkind: Deployment\n",
            "apiVersion: v1\nkind: Pod\n", "apiVersion: example.com/v1\nkind: Widget\nmetadata: {}\n",
            "apiVersion: example.com/v1\nkind: Widget\n", "apiVersion: v1\nkind: Pod\nmetadata: {name: b}\n",
            "# yaml-language-server: $schema=other.json\napiVersion: v1\nkind: Pod\n", "kind: Pod\n", "- a\n",
            "apiVersion: v1\nkind: 1\n", "apiVersion: v1\nkind: Pod\napiVersion: v2\n", "apiVersion: v1\nkind: Service\n",
            "apiVersion: apps/v1\nkind: Deployment\n",
        ]
        let text = Array((documents + documents).joined(separator: "---\n").utf8)
        let uri = DocumentURI(filePath: "/w/k8s/stream.yaml")
        let snapshot = DocumentSnapshot(uri: uri, version: 0, bytes: text)
        var detection = SchemaSettings()
        detection.crdCatalogURL = "https://example.com/{group}/{kind}_{version}.json"
        var glob = SchemaSettings()
        glob.associations = [.init(schema: "kubernetes", globs: ["/w/k8s/*.yaml"]), .init(schema: "/w/plain.json", globs: ["*.yaml"])]
        var off = SchemaSettings()
        off.kubernetesDetection = false
        off.associations = [.init(schema: "/w/plain.json", globs: ["/w/**"])]
        for settings in [detection, glob, off] {
            let associator = SchemaAssociator(settings: settings, catalogHit: nil)
            let infos = associator.associate(snapshot)
            XCTAssertEqual(infos.count, documents.count * 2)
            let (ranges, summaries) = snapshot.documentSummaries
            let regions = SchemaAssociator.regions(ranges, textLength: text.count)
            let setting = associator.settingMatches(for: uri)
            for (i, info) in infos.enumerated() where !documents[i % documents.count].hasPrefix("#") {
                XCTAssertEqual(info, associator.info(index: i, region: regions[i], modeline: nil, uri: uri, setting: setting,
                                                     root: summaries[i]), "document \(i)")
            }
            // The modeline's document keeps its own answer.
            XCTAssertEqual(infos[6].rule.map { if case .modeline = $0 { true } else { false } }, true)
        }
    }
}
