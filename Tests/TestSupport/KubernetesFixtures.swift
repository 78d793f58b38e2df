/// Kubernetes texts written for the tests (model, server, command line, HTTP): a Deployment whose
/// `replicas` is a string (line 5, column 13) and a CustomResourceDefinition of `example.com/v1 Widget`.
public enum KubernetesFixtures {
    /// An `apps/v1` Deployment of seven lines with `replicas: "three"` on line 5 (the value at column 13).
    public static let deploymentWithStringReplicas = """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: web}
        spec:
          replicas: "three"
          selector: {matchLabels: {app: web}}
          template: {metadata: {labels: {app: web}}, spec: {containers: [{name: web, image: nginx}]}}

        """

    /// A CustomResourceDefinition of `example.com/v1 Widget` (served), thirteen lines up to `versions:`
    /// and its served version; `spec` is the flow mapping of the `spec` property's schema (line 13), and
    /// `moreVersions` further items of `versions` (each line indented by two spaces).
    public static func widgetDefinition(spec: String = "{type: object, properties: {size: {type: integer}}}",
                                        moreVersions: String = "") -> String {
        """
        apiVersion: apiextensions.k8s.io/v1
        kind: CustomResourceDefinition
        metadata: {name: widgets.example.com}
        spec:
          group: example.com
          names: {kind: Widget, plural: widgets}
          scope: Namespaced
          versions:
          - name: v1
            served: true
            storage: true
            schema:
              openAPIV3Schema: {type: object, properties: {spec: \(spec)}}

        """ + moreVersions
    }

    /// A `monitoring.coreos.com/v1` ServiceMonitor of seven lines whose `spec.sampleLimit` is the string
    /// `many` (line 6, the value at column 16), for the Prometheus Operator's definition below.
    public static let serviceMonitorWithStringSampleLimit = """
        apiVersion: monitoring.coreos.com/v1
        kind: ServiceMonitor
        metadata: {name: web}
        spec:
          selector: {matchLabels: {app: web}}
          sampleLimit: many
          endpoints: [{port: http}]

        """

    /// The Prometheus Operator's ServiceMonitor CustomResourceDefinition, relative to ../shared/corpus.
    public static let serviceMonitorDefinitionPath =
        "kubernetes/prometheus-operator__kube-prometheus/manifests/setup/0servicemonitorCustomResourceDefinition.yaml"
}
