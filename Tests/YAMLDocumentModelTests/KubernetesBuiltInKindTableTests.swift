import XCTest
@testable import YAMLDocumentModel

/// The built-in kind table is read on bytes (a start-up cost); every line of it is read, as the
/// `Character`-based split it replaced read it.
final class KubernetesBuiltInKindTableTests: XCTestCase {
    func testEveryLineIsReadAsTheCharacterSplitReadsIt() {
        var expected: [KubernetesResourceType: ClosedRange<Int>] = [:]
        for line in kubernetesBuiltInKindTable.split(separator: "\n") {
            let f = line.split(separator: " ")
            guard f.count == 5, let since = Int(f[3]), let until = Int(f[4]) else { continue }
            expected[KubernetesResourceType(group: f[0] == "-" ? "" : String(f[0]), version: String(f[1]), kind: String(f[2]))] = since...until
        }
        XCTAssertEqual(expected.count, kubernetesBuiltInKindTable.split(separator: "\n").count, "every line has five fields")
        XCTAssertEqual(KubernetesBuiltInKinds.served, expected)
    }

    func testKnownKinds() {
        XCTAssertEqual(KubernetesBuiltInKinds.served[KubernetesResourceType(group: "", version: "v1", kind: "ConfigMap")], 25...37)
        XCTAssertEqual(KubernetesBuiltInKinds.served[KubernetesResourceType(group: "admissionregistration.k8s.io", version: "v1",
                                                                          kind: "MutatingAdmissionPolicy")], 36...37)
        XCTAssertNotNil(KubernetesBuiltInKinds.served[KubernetesResourceType(group: "apps", version: "v1", kind: "Deployment")])
        XCTAssertNil(KubernetesBuiltInKinds.served[KubernetesResourceType(group: "", version: "v1", kind: "List")])
        XCTAssertEqual(KubernetesBuiltInKinds.coveredMinors, 25...37)
    }
}
