import Foundation
import TestSupport
import XCTest
import YAMLDocumentModel

/// Kubernetes detection over the whole shared corpus outside `kubernetes/`, `helm-values/` and `big/`
/// (GitHub workflows, Compose files, OpenAPI, GitLab CI, Ansible, CloudFormation, ...), with default
/// settings (the CRD catalog on): every document it catches must be a Kubernetes manifest. The ones caught
/// are listed in ``expected``, each reviewed by hand (Kubernetes manifests that Ansible roles and a
/// CloudFormation example ship beside their own files); anything else caught, or any of those missed,
/// fails. (A kustomization, `kustomize.config.k8s.io/v1beta1 Kustomization` without `metadata`, was caught
/// by the CRD catalog before custom resources needed a `metadata` mapping.)
final class KubernetesCorpusDetectionTests: XCTestCase {
    static let expected: Set<String> = [
        "ansible/geerlingguy__ansible-for-devops/kubernetes/examples/files/nginx.yml #1 apps/v1 Deployment",
        "ansible/geerlingguy__ansible-for-devops/kubernetes/examples/files/tiller-rbac.yml #1 rbac.authorization.k8s.io/v1 ClusterRoleBinding",
        "ansible/geerlingguy__ansible-for-devops/kubernetes/files/manifests/kube-system/kube-flannel-vagrant.yml #1 rbac.authorization.k8s.io/v1 ClusterRole",
        "ansible/geerlingguy__ansible-for-devops/kubernetes/files/manifests/kube-system/kube-flannel-vagrant.yml #2 rbac.authorization.k8s.io/v1 ClusterRoleBinding",
        "ansible/geerlingguy__ansible-for-devops/kubernetes/files/manifests/kube-system/kube-flannel-vagrant.yml #3 v1 ServiceAccount",
        "ansible/geerlingguy__ansible-for-devops/kubernetes/files/manifests/kube-system/kube-flannel-vagrant.yml #4 v1 ConfigMap",
        "ansible/geerlingguy__ansible-for-devops/kubernetes/files/manifests/kube-system/kube-flannel-vagrant.yml #5 apps/v1 DaemonSet",
        "ansible/geerlingguy__ansible-for-devops/kubernetes/files/manifests/kube-system/kube-flannel-vagrant.yml #6 apps/v1 DaemonSet",
        "ansible/geerlingguy__ansible-for-devops/kubernetes/files/manifests/kube-system/kube-flannel-vagrant.yml #7 apps/v1 DaemonSet",
        "ansible/geerlingguy__ansible-for-devops/kubernetes/files/manifests/kube-system/kube-flannel-vagrant.yml #8 apps/v1 DaemonSet",
        "ansible/geerlingguy__ansible-for-devops/kubernetes/files/manifests/kube-system/kube-flannel-vagrant.yml #9 apps/v1 DaemonSet",
        "ansible/kubernetes-sigs__kubespray/roles/kubernetes-apps/cluster_roles/files/k8s-cluster-critical-pc.yml #1 scheduling.k8s.io/v1 PriorityClass",
        "ansible/kubernetes-sigs__kubespray/roles/network_plugin/multus/files/multus-clusterrole.yml #1 rbac.authorization.k8s.io/v1 ClusterRole",
        "ansible/kubernetes-sigs__kubespray/roles/network_plugin/multus/files/multus-clusterrolebinding.yml #1 rbac.authorization.k8s.io/v1 ClusterRoleBinding",
        "ansible/kubernetes-sigs__kubespray/roles/network_plugin/multus/files/multus-crd.yml #1 apiextensions.k8s.io/v1 CustomResourceDefinition",
        "ansible/kubernetes-sigs__kubespray/roles/network_plugin/multus/files/multus-serviceaccount.yml #1 v1 ServiceAccount",
        "cloudformation/aws-cloudformation__aws-cloudformation-templates/EKS/manifest.yml #1 apps/v1 Deployment",
        "cloudformation/aws-cloudformation__aws-cloudformation-templates/EKS/manifest.yml #2 v1 Service",
    ]

    func testNoFalseKubernetesMatchOutsideTheKubernetesFolders() throws {
        let corpus = try requireSharedFolder("corpus")
        let model = DocumentModel()
        var caught: Set<String> = []
        var files = 0
        let walker = FileManager.default.enumerator(atPath: corpus.path)
        while let path = walker?.nextObject() as? String {
            guard path.hasSuffix(".yaml") || path.hasSuffix(".yml"),
                  !["kubernetes/", "helm-values/", "big/"].contains(where: { path.hasPrefix($0) }) else { continue }
            let uri = DocumentURI(filePath: corpus.appendingPathComponent(path).path)
            model.perform(.openFile(uri, bytes: [UInt8](try Data(contentsOf: corpus.appendingPathComponent(path)))))
            files += 1
            for d in model.schemaInfo(uri)?.documents ?? [] {
                switch d.rule {
                case .kubernetes(let resource, _)?, .customResource(let resource, _)?:
                    caught.insert("\(path) #\(d.index + 1) \(resource)")
                default: break
                }
            }
            model.perform(.close(uri))
        }
        print("Kubernetes detection over \(files) corpus files outside kubernetes/, helm-values/, big/: \(caught.count) documents caught")
        XCTAssertGreaterThan(files, 1000)
        for c in caught.subtracting(Self.expected).sorted() { XCTFail("caught, not a reviewed Kubernetes manifest: \(c)") }
        for m in Self.expected.subtracting(caught).sorted() { XCTFail("a Kubernetes manifest no longer caught: \(m)") }
    }
}
