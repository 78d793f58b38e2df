import YAMLComposer

/// A Kubernetes resource type: API group, version and kind, as a manifest names it with its top-level
/// `apiVersion` (`group/version`, or `version` alone for the core group) and `kind`.
public struct KubernetesResourceType: Sendable, Hashable, CustomStringConvertible {
    /// The API group, e.g. `apps`, `monitoring.coreos.com`; empty for the core group.
    public var group: String
    /// The API version, e.g. `v1`, `v1beta1`.
    public var version: String
    /// The kind, e.g. `Deployment`.
    public var kind: String

    /// Creates a resource type from its parts (no checks).
    public init(group: String, version: String, kind: String) {
        self.group = group
        self.version = version
        self.kind = kind
    }

    /// Reads `apiVersion` and `kind` as Kubernetes writes them: `apiVersion` is `version` or
    /// `group/version`, the group a DNS subdomain (lowercase letters, digits, `-`, `.`), the version `v`
    /// followed by a number and an optional `alpha<n>`/`beta<n>`; `kind` a letter followed by letters and
    /// digits. Nil for anything else.
    public init?(apiVersion: String, kind: String) {
        let parts = apiVersion.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2 else { return nil }
        let group = parts.count == 2 ? String(parts[0]) : ""
        let version = String(parts[parts.count - 1])
        guard Self.isVersion(version), parts.count == 1 || Self.isGroup(group), Self.isKind(kind) else { return nil }
        self.init(group: group, version: version, kind: kind)
    }

    /// The resource type a document's root names (its top-level `apiVersion` and `kind`, both plain
    /// strings), nil when it names none. Reads only the root mapping's keys.
    public static func of(_ root: YAMLNode) -> KubernetesResourceType? {
        guard let (apiVersion, kind) = apiVersionAndKind(root) else { return nil }
        return KubernetesResourceType(apiVersion: apiVersion, kind: kind)
    }

    /// The top-level `apiVersion` and `kind` string scalars of a document's root, as written.
    static func apiVersionAndKind(_ root: YAMLNode) -> (apiVersion: String, kind: String)? {
        guard case .mapping(let pairs) = root.resolved.content else { return nil }
        var apiVersion: String?, kind: String?
        for p in pairs {
            guard case .scalar(let key, _) = p.key.content, key == "apiVersion" || key == "kind" else { continue }
            guard case .scalar = p.value.resolved.content,
                  case .string(let value) = JSONProjection.scalarJSONValue(p.value.resolved) else { return nil }
            if key == "apiVersion" { apiVersion = value } else { kind = value }
        }
        guard let apiVersion, let kind else { return nil }
        return (apiVersion, kind)
    }

    /// `group/version`, or `version` for the core group.
    public var apiVersion: String { group.isEmpty ? version : group + "/" + version }

    /// `apps/v1 Deployment`.
    public var description: String { apiVersion + " " + kind }

    /// The file name of the kind's schema in yannh/kubernetes-json-schema's layout:
    /// `<kind>-<group's first DNS label>-<version>.json`, lowercase, without the group for the core
    /// group (`deployment-apps-v1.json`, `service-v1.json`).
    public var schemaFileName: String {
        let label = group.split(separator: ".").first.map { "-" + $0 } ?? ""
        return "\(kind)\(label)-\(version).json".lowercased()
    }

    /// `v1`, `v2`, `v1beta1`, `v1alpha3`. (Read as UTF-8 bytes, all ASCII: every document of a stream of
    /// manifests is asked, many times in a check.)
    static func isVersion(_ s: String) -> Bool {
        let b = Array(s.utf8)
        guard b.count >= 2, b[0] == UInt8(ascii: "v"), b[1] != UInt8(ascii: "0") else { return false }
        var i = 1
        while i < b.count, isDigit(b[i]) { i += 1 }
        guard i > 1 else { return false }
        if i == b.count { return true }
        for stage in [Array("alpha".utf8), Array("beta".utf8)] where b[i...].starts(with: stage) {
            let n = b[(i + stage.count)...]
            return !n.isEmpty && n.first != UInt8(ascii: "0") && n.allSatisfy(isDigit)
        }
        return false
    }

    /// A DNS subdomain: labels of lowercase letters, digits and `-`, separated by dots.
    static func isGroup(_ s: String) -> Bool {
        let b = Array(s.utf8)
        guard !b.isEmpty, b.count <= 253 else { return false }
        return b.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).allSatisfy { label in
            !label.isEmpty && label.first != UInt8(ascii: "-") && label.last != UInt8(ascii: "-")
                && label.allSatisfy { isLowercaseLetter($0) || isDigit($0) || $0 == UInt8(ascii: "-") }
        }
    }

    /// A letter, then letters and digits (ASCII).
    static func isKind(_ s: String) -> Bool {
        var bytes = s.utf8.makeIterator()
        guard let first = bytes.next(), isLetter(first) else { return false }
        while let b = bytes.next() { guard isLetter(b) || isDigit(b) else { return false } }
        return true
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    private static func isLowercaseLetter(_ b: UInt8) -> Bool { b >= 0x61 && b <= 0x7A }
    private static func isLetter(_ b: UInt8) -> Bool { isLowercaseLetter(b) || (b >= 0x41 && b <= 0x5A) }
}

/// The Kubernetes built-in kinds (``kubernetesBuiltInKindTable``), by resource type, with the minor
/// versions of Kubernetes 1.x that serve each.
enum KubernetesBuiltInKinds {
    static let served: [KubernetesResourceType: ClosedRange<Int>] = {
        var out: [KubernetesResourceType: ClosedRange<Int>] = [:]
        out.reserveCapacity(160)
        // The table is ASCII: its lines and their space-separated fields are cut on bytes (splitting its 7 KB
        // into Characters was about 6 M instructions, half of `pureyaml check` on a small Kubernetes file).
        var table = kubernetesBuiltInKindTable
        table.withUTF8 { bytes in
            var fields: [String] = []
            var start = 0
            for i in 0...bytes.count {
                let byte = i < bytes.count ? bytes[i] : UInt8(ascii: "\n")
                guard byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") else { continue }
                if i > start { fields.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)) }
                start = i + 1
                guard byte == UInt8(ascii: "\n") else { continue }
                if fields.count == 5, let since = Int(fields[3]), let until = Int(fields[4]) {
                    out[KubernetesResourceType(group: fields[0] == "-" ? "" : fields[0], version: fields[1], kind: fields[2])] = since...until
                }
                fields.removeAll(keepingCapacity: true)
            }
        }
        return out
    }()

    /// The minor versions the table covers (1.25 to 1.37).
    static let coveredMinors: ClosedRange<Int> = {
        let ranges = served.values
        return (ranges.map(\.lowerBound).min() ?? 0)...(ranges.map(\.upperBound).max() ?? 0)
    }()

    /// True when `type` is a built-in kind of Kubernetes 1.`minor`. A minor below the table's is taken as
    /// its first (1.25), one above as its last (1.37): the nearest version known (the settings say so,
    /// ``outsideNote(minor:)``); nil (no version known, `master`): of any version the table covers.
    static func contains(_ type: KubernetesResourceType, minor: Int?) -> Bool {
        guard let range = served[type] else { return false }
        guard let minor else { return true }
        return range.contains(min(max(minor, coveredMinors.lowerBound), coveredMinors.upperBound))
    }

    /// What a `pureyaml.schema.kubernetesVersion` of minor version `minor` outside the table means (nil
    /// inside it): the versions known and the one whose kinds are detected instead.
    static func outsideNote(minor: Int) -> String? {
        guard !coveredMinors.contains(minor) else { return nil }
        let used = minor < coveredMinors.lowerBound ? coveredMinors.lowerBound : coveredMinors.upperBound
        return "is outside the Kubernetes versions whose built-in kinds PureYAML knows (1.\(coveredMinors.lowerBound) "
            + "to 1.\(coveredMinors.upperBound)): kinds are detected as in 1.\(used); the schemas are still taken "
            + "from the folder of the version given"
    }
}
