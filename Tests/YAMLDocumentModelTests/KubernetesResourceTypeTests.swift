import XCTest
@testable import YAMLDocumentModel

/// `apiVersion` and `kind` as Kubernetes writes them (``KubernetesResourceType/init(apiVersion:kind:)``):
/// the group a DNS subdomain, the version `v<n>` with an optional `alpha<n>`/`beta<n>`, the kind ASCII
/// letters and digits starting with a letter; anything else names no resource type.
final class KubernetesResourceTypeTests: XCTestCase {
    func testWellFormedTypesAreRead() {
        let cases: [(String, String, KubernetesResourceType)] = [
            ("v1", "ConfigMap", .init(group: "", version: "v1", kind: "ConfigMap")),
            ("apps/v1", "Deployment", .init(group: "apps", version: "v1", kind: "Deployment")),
            ("monitoring.coreos.com/v1alpha12", "Prometheus2", .init(group: "monitoring.coreos.com", version: "v1alpha12", kind: "Prometheus2")),
            ("a-b.c9/v10beta3", "x", .init(group: "a-b.c9", version: "v10beta3", kind: "x")),
        ]
        for (apiVersion, kind, expected) in cases {
            XCTAssertEqual(KubernetesResourceType(apiVersion: apiVersion, kind: kind), expected, "\(apiVersion) \(kind)")
        }
    }

    func testMalformedTypesAreNone() {
        let cases: [(String, String)] = [
            ("", "Pod"), ("v", "Pod"), ("v0", "Pod"), ("v01", "Pod"), ("1", "Pod"), ("V1", "Pod"), ("v1beta", "Pod"),
            ("v1beta0", "Pod"), ("v1gamma1", "Pod"), ("v1alpha1x", "Pod"), ("v１", "Pod"), ("apps/v1/x", "Deployment"),
            ("/v1", "Pod"), ("Apps/v1", "Pod"), ("-apps/v1", "Pod"), ("apps-/v1", "Pod"), ("a..b/v1", "Pod"), ("a_b/v1", "Pod"),
            ("é/v1", "Pod"), (String(repeating: "a", count: 254) + "/v1", "Pod"), ("v1", ""), ("v1", "1Pod"), ("v1", "Pod-x"),
            ("v1", "Pöd"), ("v1", "Pod\n"), ("v1 ", "Pod"),
        ]
        for (apiVersion, kind) in cases {
            XCTAssertNil(KubernetesResourceType(apiVersion: apiVersion, kind: kind), "\(apiVersion.debugDescription) \(kind.debugDescription)")
        }
        XCTAssertNotNil(KubernetesResourceType(apiVersion: String(repeating: "a", count: 253) + "/v1", kind: "Pod"))
    }
}
