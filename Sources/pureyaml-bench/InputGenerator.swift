/// Writes the benchmark's generated inputs: deterministic (seeded ``SeededGenerator``) YAML texts of
/// typical shapes, sized in bytes.
enum InputGenerator {
    /// One Kubernetes-like document of about 37 lines (a Deployment, Service or ConfigMap), starting with `---`.
    static func kubernetesDocument(_ rng: inout SeededGenerator, index: Int) -> String {
        let name = "\(rng.word(4, 8))-\(index)"
        let app = rng.word(3, 7)
        var s = "---\n"
        switch index % 3 {
        case 0:
            s += """
            apiVersion: apps/v1
            kind: Deployment
            metadata:
              name: \(name)
              namespace: \(rng.pick(["default", "monitoring", "kube-system", "web"]))
              labels:
                app.kubernetes.io/name: \(app)
                app.kubernetes.io/version: "\(rng.below(9)).\(rng.below(20)).\(rng.below(50))"
              annotations:
                deployment.kubernetes.io/revision: "\(rng.below(40) + 1)"
            spec:
              replicas: \(rng.below(5) + 1)
              selector:
                matchLabels:
                  app.kubernetes.io/name: \(app)
              template:
                metadata:
                  labels:
                    app.kubernetes.io/name: \(app)
                spec:
                  containers:
                    - name: \(app)
                      image: "registry.example.com/\(app):v\(rng.below(9)).\(rng.below(30))"
                      args: [--port=\(8000 + rng.below(1000)), --log-level=\(rng.pick(["info", "debug", "warn"]))]
                      ports:
                        - containerPort: \(8000 + rng.below(1000))
                          protocol: TCP
                      env:
                        - name: \(rng.word().uppercased())
                          value: '\(rng.word()) \(rng.word())'
                        - name: \(rng.word().uppercased())
                          value: "\(rng.below(100000))"
                      resources:
                        limits: {cpu: \(rng.below(900) + 100)m, memory: \(rng.below(900) + 100)Mi}
                        requests: {cpu: \(rng.below(90) + 10)m, memory: \(rng.below(90) + 10)Mi}
                  nodeSelector:
                    kubernetes.io/os: linux

            """
        case 1:
            s += """
            # Service for \(app)
            apiVersion: v1
            kind: Service
            metadata:
              name: \(name)
              labels:
                app.kubernetes.io/name: \(app)
                app.kubernetes.io/component: \(rng.pick(["server", "exporter", "proxy"]))
            spec:
              type: \(rng.pick(["ClusterIP", "NodePort", "LoadBalancer"]))
              selector:
                app.kubernetes.io/name: \(app)
              ports:
                - name: http
                  port: \(80 + rng.below(9000))
                  targetPort: http
                  protocol: TCP
                - name: metrics
                  port: \(9000 + rng.below(900))
                  targetPort: metrics
              sessionAffinity: None
              clusterIP: 10.\(rng.below(255)).\(rng.below(255)).\(rng.below(255))
              ipFamilies:
                - IPv4
              ipFamilyPolicy: SingleStack
              publishNotReadyAddresses: false
              internalTrafficPolicy: Cluster
              externalTrafficPolicy: ~
              healthCheckNodePort: null
              allocateLoadBalancerNodePorts: true
              loadBalancerSourceRanges: []
              topologyKeys: []
              trafficDistribution: PreferClose
              sessionAffinityConfig:
                clientIP:
                  timeoutSeconds: \(rng.below(10800))

            """
        default:
            s += """
            apiVersion: v1
            kind: ConfigMap
            metadata:
              name: \(name)
              namespace: \(rng.pick(["default", "monitoring"]))
            data:
              config.yaml: |
                server:
                  listen: 0.0.0.0:\(8000 + rng.below(1000))
                  timeout: \(rng.below(60))s
                # \(rng.word()) \(rng.word()) \(rng.word())
                storage:
                  path: /var/lib/\(app)
                  retention: \(rng.below(30))d
              LOG_LEVEL: \(rng.pick(["info", "debug"]))
              FEATURE_FLAGS: "\(rng.word()),\(rng.word()),\(rng.word())"
              rules.json: >-
                {"groups": [{"name": "\(rng.word())", "interval": "\(rng.below(60))s"}]}
              enabled: \(rng.pick(["true", "false"]))
              ratio: \(rng.below(100)).\(rng.below(100))
              retries: \(rng.below(10))
              owner: \(rng.word()) \(rng.word())
              email: \(rng.word())@example.com
              schedule: "*/\(rng.below(59) + 1) * * * *"
              timezone: UTC
              region: \(rng.pick(["eu-west-1", "us-east-2", "ap-south-1"]))
              tier: \(rng.pick(["gold", "silver", "bronze"]))
              replicas: "\(rng.below(9))"
              maxSurge: \(rng.below(50))%
              note: \(rng.word()) \(rng.word()) \(rng.word()) \(rng.word())

            """
        }
        return s
    }

    /// A multi-document Kubernetes-like stream of exactly `documents` documents.
    static func kubernetesStream(documents: Int, seed: UInt64 = 1) -> [UInt8] {
        var rng = SeededGenerator(seed: seed)
        var out: [UInt8] = []
        for i in 0..<documents { out += Array(kubernetesDocument(&rng, index: i).utf8) }
        return out
    }

    /// A multi-document Kubernetes-like stream of at least `bytes` bytes.
    static func kubernetesStream(bytes: Int, seed: UInt64 = 1) -> [UInt8] {
        var rng = SeededGenerator(seed: seed)
        var out: [UInt8] = []
        out.reserveCapacity(bytes + 4096)
        var i = 0
        while out.count < bytes {
            out += Array(kubernetesDocument(&rng, index: i).utf8)
            i += 1
        }
        return out
    }

    /// A single-document Kubernetes-like text of about `lines` lines (a list of items under one key).
    /// One mapping of `count` keys, each with a short scalar value (the outline of it is `count` symbols):
    /// issue 19's "2,000-key file" for `documentSymbol` per symbol.
    static func flatKeys(_ count: Int, seed: UInt64 = 8) -> [UInt8] {
        var rng = SeededGenerator(seed: seed)
        var s = ""
        for i in 0..<count { s += "\(rng.word(4, 10))_\(i): \(rng.word())\n" }
        return Array(s.utf8)
    }

    static func kubernetesLines(_ lines: Int, seed: UInt64 = 7) -> [UInt8] {
        var rng = SeededGenerator(seed: seed)
        var text = "apiVersion: v1\nkind: List\nitems:\n"
        var count = 3
        var i = 0
        while count < lines {
            // Re-indent one document's lines as a sequence item.
            let doc = kubernetesDocument(&rng, index: i).split(separator: "\n", omittingEmptySubsequences: false)
                .dropFirst().filter { !$0.isEmpty }
            for (j, line) in doc.enumerated() where count < lines {
                text += (j == 0 ? "  - " : "    ") + line + "\n"
                count += 1
            }
            i += 1
        }
        return Array(text.utf8)
    }

    /// Nested block mappings: subtrees `depth` levels deep, repeated until `bytes`.
    static func deepBlockTree(bytes: Int, depth: Int = 60, seed: UInt64 = 2) -> [UInt8] {
        var rng = SeededGenerator(seed: seed)
        var out = ""
        var tree = 0
        while out.utf8.count < bytes {
            out += "tree\(tree):\n"
            for level in 1...depth {
                let indent = String(repeating: " ", count: level * 2)
                out += "\(indent)\(rng.word(3, 6)): \(rng.word())\n"
                if level % 5 == 0 { out += "\(indent)list\(level): [\(rng.below(1000)), \(rng.word())]\n" }
                out += "\(indent)level\(level):\n"
            }
            out += String(repeating: " ", count: (depth + 1) * 2) + "leaf: \(rng.word())\n"
            tree += 1
        }
        return Array(out.utf8)
    }

    /// JSON written as YAML flow collections: an array of objects with nested arrays, until `bytes`.
    static func jsonLikeFlow(bytes: Int, seed: UInt64 = 3) -> [UInt8] {
        var rng = SeededGenerator(seed: seed)
        var out = "[\n"
        var first = true
        while out.utf8.count < bytes {
            if !first { out += ",\n" }
            first = false
            out += "  {\"id\": \(rng.below(1_000_000)), \"name\": \"\(rng.word()) \(rng.word())\", "
            out += "\"active\": \(rng.pick(["true", "false"])), \"score\": \(rng.below(1000)).\(rng.below(100)), "
            out += "\"tags\": [\"\(rng.word())\", \"\(rng.word())\", \"\(rng.word())\"], "
            out += "\"owner\": {\"login\": \"\(rng.word())\", \"id\": \(rng.below(99999)), \"site_admin\": false, \"url\": null}, "
            out += "\"matrix\": [[\(rng.below(9)), \(rng.below(9))], [\(rng.below(9)), \(rng.below(9))]]}"
        }
        out += "\n]\n"
        return Array(out.utf8)
    }

    /// Literal and folded block scalars with comment lines between entries, until `bytes`.
    static func blockScalarsWithComments(bytes: Int, seed: UInt64 = 4) -> [UInt8] {
        var rng = SeededGenerator(seed: seed)
        var out = "# Block scalars and comments\n"
        var i = 0
        while out.utf8.count < bytes {
            out += "# entry \(i): \(rng.word()) \(rng.word()) \(rng.word())\n"
            out += "entry\(i):\n"
            out += "  script: \(rng.pick(["|", "|-", "|+", "|2"]))\n"
            for _ in 0..<(3 + rng.below(6)) {
                out += "    \(rng.word()) --\(rng.word())=\(rng.below(100)) \"$\(rng.word().uppercased())\"  # \(rng.word())\n"
            }
            out += "  # the description is folded\n"
            out += "  description: \(rng.pick([">", ">-", ">+"]))\n"
            for _ in 0..<(2 + rng.below(4)) {
                out += "    \(rng.word()) \(rng.word()) \(rng.word()) \(rng.word()) \(rng.word()) \(rng.word())\n"
            }
            out += "\n  tail: \(rng.word())   # trailing comment\n"
            i += 1
        }
        return Array(out.utf8)
    }

    /// `count` anchored mappings, each later referenced by an alias (and sometimes merged with `<<`);
    /// with `anchors: false` the same shape without any anchor or alias (the plain twin to compare with).
    static func anchorsAndAliases(count: Int, anchors: Bool, seed: UInt64 = 5) -> [UInt8] {
        var rng = SeededGenerator(seed: seed)
        var out = "definitions:\n"
        var values: [String] = []
        for i in 0..<count {
            let value = "{name: \(rng.word()), port: \(rng.below(65536)), enabled: \(rng.pick(["true", "false"]))}"
            values.append(value)
            out += "  d\(i): " + (anchors ? "&a\(i) " : "") + value + "\n"
        }
        out += "uses:\n"
        for i in 0..<count {
            let target = rng.below(count)
            if anchors {
                out += "  - ref: *a\(target)\n"
                out += "    copy: *a\(target)\n"
            } else {
                out += "  - ref: \(values[target])\n"
                out += "    copy: \(values[target])\n"
            }
            if i % 4 == 0 { out += anchors ? "    extra: {<<: *a\(target), port: 1}\n" : "    extra: {name: x, port: 1}\n" }
        }
        return Array(out.utf8)
    }
}
