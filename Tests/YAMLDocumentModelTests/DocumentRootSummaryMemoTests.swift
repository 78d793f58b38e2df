import XCTest
import YAMLComposer
import YAMLParser
@testable import YAMLDocumentModel

/// ``DocumentRootSummary/Memo``: the summaries of a stream's documents share the resource types named
/// again and again; each answer is the one made without it.
final class DocumentRootSummaryMemoTests: XCTestCase {
    func testMemoAnswersAsTheTypeMadeAfresh() {
        let names: [(String, String)] = [
            ("v1", "Pod"), ("apps/v1", "Deployment"), ("v1", "Pod"), ("apps/v1", "deployment"), ("apps/v1/x", "Pod"),
            ("", "Pod"), ("v1", ""), ("example.com/v1alpha1", "Widget"), ("v1", "Pod "), ("apps/v1", "Deployment"),
            ("V1", "Pod"), ("v1", "Pod"),
        ]
        var memo = DocumentRootSummary.Memo()
        // Twice, and past the memo's bound (it starts afresh) with names never seen before.
        let many = (0..<2_100).map { ("g\($0 % 1_500).example.com/v1", "Kind\($0 % 7)") }
        for (apiVersion, kind) in names + names + many + names {
            XCTAssertEqual(memo.resourceType(apiVersion: apiVersion, kind: kind)?.description,
                           KubernetesResourceType(apiVersion: apiVersion, kind: kind)?.description, "\(apiVersion) \(kind)")
        }
    }

    /// The summaries of a stream's roots made with one memo are those made one by one.
    func testSummariesOfRootsAreThoseMadeOneByOne() {
        let text = """
            apiVersion: v1
            kind: Pod
            metadata: {name: a}
            ---
            apiVersion: v1
            kind: Pod
            ---
            apiVersion: apps/v1
            kind: !!str Deployment
            metadata: []
            ---
            apiVersion: v1
            kind: 1
            ---
            kind: Pod
            apiVersion: v1
            kind: Service
            ---
            - apiVersion: v1
            ---
            apiVersion: apiextensions.k8s.io/v1
            kind: CustomResourceDefinition
            metadata: {}
            """
        let roots = Composer.compose(Parser.parse(text)).documents.map(\.root)
        XCTAssertEqual(roots.count, 7)
        XCTAssertEqual(DocumentRootSummary.summaries(of: roots).map(DocumentByDocumentAnalysisTests.describe),
                       roots.map { DocumentByDocumentAnalysisTests.describe(DocumentRootSummary($0)) })
    }
}
