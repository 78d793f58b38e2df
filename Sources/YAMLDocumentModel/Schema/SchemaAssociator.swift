import YAMLComposer
import YAMLSchema
import YAMLSyntax

/// Decides which schema applies to each document of a stream (modeline > settings > catalog; the
/// command line's `--schema` before all), resolving relative references to absolute URIs. Pure: it reads
/// the snapshot, the settings and a loaded catalog, and touches nothing else.
struct SchemaAssociator {
    let settings: SchemaSettings
    /// The catalog entry matching the document's path (see ``path(of:)``), if any.
    let catalogHit: SchemaCatalogHit?
    /// The CustomResourceDefinitions known (open documents, `pureyaml.schema.crds` files).
    var customResources = CustomResourceSchemas()
    /// True while a `pureyaml.schema.crds` file is still loading: the CRD catalog waits for it, as the
    /// file may define the kind.
    var definitionFilesPending = false
    /// The folder of the per-kind Kubernetes schemas: ``SchemaSettings/kubernetesSchemaBase`` with
    /// `{version}` filled in, as an absolute URI ending in `/` (worked out once, not per document).
    let kubernetesSchemaFolder: String
    /// ``SchemaSettings/kubernetesMinorVersion``, worked out once, not per document.
    let kubernetesMinorVersion: Int?

    init(settings: SchemaSettings, catalogHit: SchemaCatalogHit?, customResources: CustomResourceSchemas = CustomResourceSchemas(),
         definitionFilesPending: Bool = false) {
        self.settings = settings
        self.catalogHit = catalogHit
        self.customResources = customResources
        self.definitionFilesPending = definitionFilesPending
        var base = Self.filling(Self.resolveSetting(settings.kubernetesSchemaBase, settings: settings),
                                ["version": settings.kubernetesVersionName])
        if !base.hasSuffix("/") { base += "/" }
        kubernetesSchemaFolder = base
        kubernetesMinorVersion = settings.kubernetesMinorVersion
    }

    /// The path globs are matched against: the file path, or the whole URI for other schemes.
    static func path(of uri: DocumentURI) -> String { uri.filePath ?? uri.string }

    /// One entry per document of `snapshot`'s stream (status left nil).
    func associate(_ snapshot: DocumentSnapshot) -> [DocumentSchemaInfo] {
        let (ranges, summaries) = snapshot.documentSummaries
        let regions = Self.regions(ranges, textLength: snapshot.bytes.count)
        let setting = settingMatches(for: snapshot.uri)
        let anyModeline = Self.mayHoldModeline(snapshot.bytes, range: TextRange(start: 0, end: snapshot.bytes.count))
        // Without a modeline, ``info(index:region:modeline:uri:setting:root:)`` reads nothing of a document but
        // its root's summary (and gives its index and region back): documents whose summaries name the same
        // things share one answer, made once (a stream names the same few kinds again and again; measured:
        // about 2 % of `pureyaml check` on a 10 MB stream of 6,600 manifests, docs/notes/checkdocs.md).
        var known: [DocumentRootSummary.Names: DocumentSchemaInfo] = [:]
        return regions.enumerated().map { index, region in
            let modeline = !anyModeline ? nil : SchemaModeline.first(in: snapshot.bytes, range: region) { offset in
                let tree = snapshot.tree
                return tree.tokenIndex(at: offset).map { tree.tokens[$0].kind == .comment } ?? false
            }
            let root = index < summaries.count ? summaries[index] : nil
            guard modeline == nil, let names = root?.names else {
                return info(index: index, region: region, modeline: modeline, uri: snapshot.uri, setting: setting, root: root)
            }
            if var shared = known[names] {
                shared.index = index
                shared.range = region
                return shared
            }
            let made = info(index: index, region: region, modeline: nil, uri: snapshot.uri, setting: setting, root: root)
            if known.count < 1024 { known[names] = made }
            return made
        }
    }

    /// False when `bytes[range]` cannot hold a schema modeline: both of its forms (``SchemaModeline``)
    /// contain `$schema`, and that text is not there. Looks for `$` eight bytes at a time.
    static func mayHoldModeline(_ bytes: [UInt8], range: TextRange) -> Bool {
        let marker = Array("$schema".utf8)
        let end = min(bytes.count, range.end)
        return bytes.withUnsafeBytes { raw in
            var i = max(0, range.start)
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            while i < end {
                if i + 8 <= end {
                    let x = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ (ones &* 0x24)
                    if (x &- ones) & ~x & highs == 0 { i += 8; continue }  // no `$` among these eight bytes
                }
                if raw[i] == 0x24, i + marker.count <= end,
                   (1..<marker.count).allSatisfy({ raw[i + $0] == marker[$0] }) { return true }
                i += 1
            }
            return false
        }
    }

    /// Every association setting whose globs match `uri`'s path, in settings order, each with the glob
    /// that matched: all of them apply (as in yaml-language-server, which validates against each).
    func settingMatches(for uri: DocumentURI) -> [(association: SchemaSettings.Association, glob: SchemaGlob)] {
        let path = Self.path(of: uri)
        return settings.associations.compactMap { a in
            SchemaGlob.firstMatch(a.globs, path: path).map { (association: a, glob: $0) }
        }
    }

    /// The entry of document `index` of the stream of `uri` (status left nil): `region` from ``regions(_:textLength:)``,
    /// `modeline` the first schema modeline comment in it, `setting` from ``settingMatches(for:)`` (the
    /// first match gives ``DocumentSchemaInfo/schemaURI`` and the rule, the others
    /// ``DocumentSchemaInfo/additionalSchemaURIs``), `root` what association reads of the document's root node.
    func info(index: Int, region: TextRange, modeline: SchemaModeline?, uri: DocumentURI,
              setting: [(association: SchemaSettings.Association, glob: SchemaGlob)], root: DocumentRootSummary?) -> DocumentSchemaInfo {
        var info = DocumentSchemaInfo(index: index, range: region, schemaURI: nil, rule: nil, disabled: false, status: nil)
        // Read once from the root's keys: the Kubernetes rules use it, and a change of the known
        // CustomResourceDefinitions concerns the documents that name one (``DocumentSchemaInfo/resourceType``).
        let type = root?.resourceType
        if settings.kubernetesDetection { info.resourceType = type }
        if let forced = settings.overrideSchema {
            info.schemaURI = resolveSetting(forced)
            info.rule = .commandLine
        } else if let modeline {
            if modeline.disablesValidation {
                info.disabled = true
            } else {
                info.schemaURI = resolveModeline(modeline.reference, document: uri)
                info.rule = .modeline(modeline.range)
            }
        } else if !setting.isEmpty {
            for match in setting {
                let schemaURI: String, rule: SchemaRule
                if match.association.isKubernetes {
                    guard let root, let found = kubernetesSchema(root, type: type, glob: match.glob.pattern, in: uri) else { continue }
                    (schemaURI, rule) = found
                } else {
                    schemaURI = resolveSetting(match.association.schema)
                    rule = .settings(glob: match.glob.pattern)
                }
                if info.schemaURI == nil {
                    info.schemaURI = schemaURI
                    info.rule = rule
                } else if info.schemaURI != schemaURI, !info.additionalSchemaURIs.contains(schemaURI) {
                    info.additionalSchemaURIs.append(schemaURI)
                }
            }
        } else if settings.kubernetesDetection, let root, let (schemaURI, rule) = kubernetesSchema(root, type: type, glob: nil, in: uri) {
            info.schemaURI = schemaURI
            info.rule = rule
        } else if let catalogHit {
            info.schemaURI = catalogHit.entry.url
            info.rule = .catalog(name: catalogHit.entry.name, glob: catalogHit.glob.pattern)
        } else if settings.kubernetesDetection, let root, let type, let schemaURI = crdCatalogSchema(root, type: type) {
            info.schemaURI = schemaURI
            info.rule = .customResource(resource: type.description, definition: nil)
        }
        return info
    }

    /// The schema of the Kubernetes manifest `root` and its rule: for a built-in kind (served by the
    /// configured Kubernetes version), the kind's file below ``kubernetesSchemaFolder``; for a custom
    /// resource whose CustomResourceDefinition is known, that definition's schema. Under a `yaml.schemas`
    /// `kubernetes` entry (`glob`), any other `apiVersion`/`kind` gets its file name below the folder too
    /// (kinds without a published schema stay quiet); found by content (`glob` nil), nil for the others.
    /// `type` is the resource type `root` names (``KubernetesResourceType/of(_:)``); a definition in the
    /// stream `uri` itself wins over the others (``CustomResourceSchemas/entry(_:preferring:)``).
    func kubernetesSchema(_ root: DocumentRootSummary, type: KubernetesResourceType?, glob: String?, in uri: DocumentURI? = nil) -> (String, SchemaRule)? {
        if let type {
            if KubernetesBuiltInKinds.contains(type, minor: kubernetesMinorVersion) {
                return (kubernetesSchemaFolder + type.schemaFileName, .kubernetes(resource: type.description, glob: glob))
            }
            if let entry = customResources.entry(type, preferring: uri?.string) {
                return (entry.schemaURI, .customResource(resource: type.description, definition: entry.source))
            }
        }
        guard let glob, let name = root.kubernetesSchemaName, let (apiVersion, kind) = root.apiVersionAndKind else { return nil }
        return (kubernetesSchemaFolder + name, .kubernetes(resource: apiVersion + " " + kind, glob: glob))
    }

    /// True when the mapping `root` has a `metadata` key whose value is a mapping.
    static func hasMetadataMapping(_ root: YAMLNode) -> Bool {
        guard case .mapping(let pairs) = root.resolved.content else { return false }
        return pairs.contains { p in
            guard case .scalar("metadata", _) = p.key.content, case .mapping = p.value.resolved.content else { return false }
            return true
        }
    }

    /// The CRD catalog's schema for the custom resource `root` of type `type` (``SchemaSettings/crdCatalogURL``
    /// filled in): nil when the catalog is off, or `root` is no custom resource: one whose group is a domain name
    /// with a dot, as CustomResourceDefinitions require, that is no built-in kind, and that has a top-level
    /// `metadata` mapping, as every object the API server stores has (tools' own configuration files in
    /// the same style, such as a `kustomize.config.k8s.io/v1beta1` Kustomization, have none).
    func crdCatalogSchema(_ root: DocumentRootSummary, type: KubernetesResourceType) -> String? {
        guard !settings.crdCatalogURL.isEmpty, !definitionFilesPending, type.group.contains("."),
              KubernetesBuiltInKinds.served[type] == nil, root.hasMetadataMapping else { return nil }
        return Self.filling(resolveSetting(settings.crdCatalogURL),
                            ["group": type.group, "version": type.version, "kind": type.kind.lowercased(), "Kind": type.kind])
    }

    /// `template` with each `{name}` of `values` replaced by its value (also when percent-encoded, as
    /// `%7Bname%7D`, which a path made a `file:` URI has).
    static func filling(_ template: String, _ values: [String: String]) -> String {
        // ASCII throughout (the usual case), a `Character` is a byte: the bytes are replaced directly,
        // without the generic `replacing`, whose first use cost about 1 M instructions per process.
        if template.utf8.allSatisfy({ $0 < 0x80 }), values.allSatisfy({ $0.key.utf8.allSatisfy { $0 < 0x80 } && $0.value.utf8.allSatisfy { $0 < 0x80 } }) {
            var out = Array(template.utf8)
            for (name, value) in values {
                out = asciiReplacing(Array(("{" + name + "}").utf8), with: Array(value.utf8), in: out)
                out = asciiReplacing(Array(("%7B" + name + "%7D").utf8), with: Array(value.utf8), in: out)
            }
            return String(decoding: out, as: UTF8.self)
        }
        var out = template
        for (name, value) in values {
            out = out.replacing("{" + name + "}", with: value).replacing("%7B" + name + "%7D", with: value)
        }
        return out
    }

    /// `text` with every occurrence of `target` (not empty) replaced by `replacement`, left to right without
    /// overlaps, as `String.replacing` does.
    private static func asciiReplacing(_ target: [UInt8], with replacement: [UInt8], in text: [UInt8]) -> [UInt8] {
        guard !target.isEmpty, text.count >= target.count else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var i = 0
        while i < text.count {
            if i + target.count <= text.count, text[i] == target[0], text[i..<(i + target.count)].elementsEqual(target) {
                out += replacement
                i += target.count
            } else {
                out.append(text[i])
                i += 1
            }
        }
        return out
    }

    /// The text regions of the stream's documents, given their ranges: each from the end of the previous
    /// document's range (0 for the first) to the end of its own; the last reaches the end of the text
    /// (`textLength` bytes). A stream without documents has one region, the whole text.
    static func regions(_ documents: [TextRange], textLength: Int) -> [TextRange] {
        guard !documents.isEmpty else { return [TextRange(start: 0, end: textLength)] }
        var out: [TextRange] = []
        out.reserveCapacity(documents.count)
        var start = 0
        for (i, d) in documents.enumerated() {
            let end = i == documents.count - 1 ? textLength : max(start, d.end)
            out.append(TextRange(start: start, end: end))
            start = end
        }
        return out
    }

    /// A setting's schema reference as an absolute URI: URLs as written; paths relative to the first
    /// workspace folder (or, without one, absolute paths as `file` URIs).
    func resolveSetting(_ reference: String) -> String { Self.resolveSetting(reference, settings: settings) }

    /// ``resolveSetting(_:)`` with `settings`' workspace folders.
    static func resolveSetting(_ reference: String, settings: SchemaSettings) -> String {
        if SchemaReference.hasScheme(reference) { return reference }
        if let root = settings.workspaceFolders.first {
            var base = root.string
            if !base.hasSuffix("/") { base += "/" }
            return SchemaReference.resolve(Self.escaped(reference), against: base)
        }
        return reference.hasPrefix("/") ? DocumentURI(filePath: reference).string : reference
    }

    /// A modeline's schema reference as an absolute URI: URLs as written; paths relative to the
    /// document's folder (for documents that are not files, to the first workspace folder).
    func resolveModeline(_ reference: String, document: DocumentURI) -> String {
        if SchemaReference.hasScheme(reference) { return reference }
        guard document.filePath != nil else { return resolveSetting(reference) }
        return SchemaReference.resolve(Self.escaped(reference), against: document.string)
    }

    /// A file path made safe as a URI reference (spaces, `%`, `#`, `?` and non-ASCII percent-encoded).
    static func escaped(_ path: String) -> String {
        let encoded = DocumentURI(filePath: path.hasPrefix("/") ? path : "/" + path).string.dropFirst("file://".count)
        return path.hasPrefix("/") ? String(encoded) : String(encoded.dropFirst())
    }

    /// `<kind>-<group>-<version>.json` (lowercase; the API group's first DNS label; no group for the core
    /// API) from a Kubernetes manifest's `apiVersion` and `kind`, as in yannh/kubernetes-json-schema.
    static func kubernetesSchemaName(_ root: YAMLNode) -> String? {
        let (apiVersion, kind) = kubernetesSchemaNameParts(root)
        return kubernetesSchemaName(apiVersion: apiVersion, kind: kind)
    }

    /// The values ``kubernetesSchemaName(_:)`` reads: of the first top-level `apiVersion` and `kind` keys
    /// whose values are scalars.
    static func kubernetesSchemaNameParts(_ root: YAMLNode) -> (apiVersion: String?, kind: String?) {
        guard case .mapping(let pairs) = root.resolved.content else { return (nil, nil) }
        func scalar(_ key: String) -> String? {
            for p in pairs {
                if case .scalar(let k, _) = p.key.content, k == key, case .scalar(let v, _) = p.value.resolved.content {
                    return v
                }
            }
            return nil
        }
        return (scalar("apiVersion"), scalar("kind"))
    }

    /// ``kubernetesSchemaName(_:)`` from the values of its `apiVersion` and `kind` keys.
    static func kubernetesSchemaName(apiVersion: String?, kind: String?) -> String? {
        guard let apiVersion, let kind, !kind.isEmpty, !apiVersion.isEmpty,
              (kind + apiVersion).allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "/" || $0 == "-" })
        else { return nil }
        let parts = apiVersion.split(separator: "/")
        if parts.count == 2, let group = parts[0].split(separator: ".").first {
            return "\(kind)-\(group)-\(parts[1]).json".lowercased()
        }
        return "\(kind)-\(apiVersion).json".lowercased()
    }
}
