import YAMLSchema

/// The settings that decide which JSON Schema applies to which document and how findings are shown.
///
/// Read from yaml-language-server's keys (`yaml.schemas`, `yaml.schemaStore.enable`, `yaml.schemaStore.url`,
/// `yaml.schemaDownload.enable`) so that an existing configuration works unchanged, plus
/// `pureyaml.schema.severity` and `pureyaml.schema.kubernetesSchemaBase`. See docs/schemas.md.
public struct SchemaSettings: Sendable, Hashable {
    /// One `yaml.schemas` entry: a schema (URL, or a path relative to the workspace root) and the globs of
    /// the files it applies to.
    public struct Association: Sendable, Hashable {
        /// The key as written: a URL, a path, or `kubernetes` (the schema is then picked per document
        /// from its `apiVersion` and `kind`, below ``SchemaSettings/kubernetesSchemaBase``).
        public var schema: String
        /// The file globs (see ``SchemaGlob``); a glob starting with `!` excludes.
        public var globs: [SchemaGlob]

        /// Creates an association.
        public init(schema: String, globs: [String]) {
            self.schema = schema
            self.globs = globs.map(SchemaGlob.init)
        }

        /// True for yaml-language-server's special `kubernetes` key.
        public var isKubernetes: Bool { schema.lowercased() == "kubernetes" }
    }

    /// The catalog yaml-language-server uses by default.
    public static let defaultSchemaStoreURL = "https://www.schemastore.org/api/json/catalog.json"
    /// Where per-kind Kubernetes schemas are looked up by default (yannh/kubernetes-json-schema layout:
    /// `<kind>-<group>-<version>.json`, lowercase, the group's first DNS label, no group for the core API);
    /// `{version}` stands for ``kubernetesVersion``.
    public static let defaultKubernetesSchemaBase =
        "https://raw.githubusercontent.com/yannh/kubernetes-json-schema/master/{version}-standalone-strict/"
    /// The Kubernetes version whose schemas are used by default.
    public static let defaultKubernetesVersion = "v1.32.1"
    /// The CRD catalog used by default (datreeio/CRDs-catalog's layout: `{group}/{kind}_{version}.json`,
    /// the kind lowercase).
    public static let defaultCRDCatalogURL =
        "https://raw.githubusercontent.com/datreeio/CRDs-catalog/main/{group}/{kind}_{version}.json"

    /// `yaml.validate` (default true): false turns schema validation off (syntax checks stay).
    public var validate = true
    /// `yaml.schemas`, in the order received.
    public var associations: [Association] = []
    /// `yaml.schemaStore.enable`. False by default in the model (no catalog unless asked for); the
    /// language server turns it on at start, as yaml-language-server does, and the CLI leaves it off.
    public var schemaStoreEnabled = false
    /// `yaml.schemaStore.url`: a URL, `file://` URL or local path of a SchemaStore-format catalog.
    public var schemaStoreURL = SchemaSettings.defaultSchemaStoreURL
    /// `yaml.schemaDownload.enable` (default true). When false nothing is downloaded; copies already in the
    /// on-disk cache are still used.
    public var downloadEnabled = true
    /// `pureyaml.schema.severity`: how conformance failures are shown (default warning).
    public var severity = YAMLDiagnostic.Severity.warning
    /// `pureyaml.schema.kubernetesSchemaBase`: folder URL (or path) of per-kind Kubernetes schemas;
    /// `{version}` in it stands for ``kubernetesVersion``.
    public var kubernetesSchemaBase = SchemaSettings.defaultKubernetesSchemaBase
    /// `pureyaml.schema.kubernetes` (default true): documents whose `apiVersion` and `kind` name a
    /// Kubernetes built-in kind, or a custom resource whose CustomResourceDefinition is known, get that
    /// schema without any `yaml.schemas` entry (after command line, modeline and settings; before the
    /// catalog). False turns that detection off (a `kubernetes` entry in `yaml.schemas` still works).
    public var kubernetesDetection = true
    /// `pureyaml.schema.kubernetesVersion`: the Kubernetes version (`v1.30.0`, `1.30.0` or `master`)
    /// whose schemas are used; fills `{version}` in ``kubernetesSchemaBase``.
    public var kubernetesVersion = SchemaSettings.defaultKubernetesVersion
    /// `pureyaml.schema.crds`: CustomResourceDefinition files (paths, relative ones to the workspace root,
    /// or URLs) whose served versions' schemas validate custom resources in any file.
    public var customResourceDefinitions: [String] = []
    /// `pureyaml.schema.crdCatalog`: URL template of the schemas of custom resources whose definition is not
    /// known otherwise (`{group}`, `{version}`, `{kind}` lowercase, `{Kind}` as written); empty: none.
    public var crdCatalogURL = SchemaSettings.defaultCRDCatalogURL
    /// `pureyaml.schema.mirrors`: URL prefix -> where the bytes of every download whose URL starts with it
    /// come from instead (``SchemaMirrors``): a local folder (a path, relative ones to the workspace root,
    /// or a `file:` URI) or another base URL. The longest matching prefix wins; the download keeps its
    /// own URL as its identity (findings, `$ref`s, the cache key).
    public var mirrors: [String: String] = [:]

    /// ``kubernetesVersion`` as a folder name of the schema repository: `v` added in front of a number
    /// (`1.30.0` -> `v1.30.0`).
    public var kubernetesVersionName: String {
        kubernetesVersion.first?.isNumber == true ? "v" + kubernetesVersion : kubernetesVersion
    }

    /// The minor version of ``kubernetesVersion`` (30 for `v1.30.0`), nil for `master` and other names.
    var kubernetesMinorVersion: Int? {
        let parts = kubernetesVersionName.dropFirst().split(separator: ".")
        guard kubernetesVersionName.hasPrefix("v1."), parts.count >= 2 else { return nil }
        return Int(parts[1])
    }

    /// What is done instead when the Kubernetes version `version` (a `pureyaml.schema.kubernetesVersion`
    /// value) lies outside the built-in kinds' table (``KubernetesBuiltInKinds``); nil inside it, or for
    /// `master` and other names.
    static func kubernetesVersionNote(_ version: String) -> String? {
        var settings = SchemaSettings()
        settings.kubernetesVersion = version
        return settings.kubernetesMinorVersion.flatMap(KubernetesBuiltInKinds.outsideNote(minor:))
    }
    /// A schema for every document, chosen before modelines (the command line's `--schema`); nil normally.
    public var overrideSchema: String?
    /// The workspace folders (set by the renderer from LSP `initialize`, or the CLI's current directory):
    /// relative schema paths in settings are resolved against the first.
    public var workspaceFolders: [DocumentURI] = []
    /// `pureyaml.schema.allowedFolders`: absolute paths (or `file:` URIs) of folders outside the workspace
    /// whose files may be read as schemas (see ``TrustPolicy``). A user setting: the editor's settings or
    /// the command line (which adds the paths it names); a project file cannot set it.
    public var allowedFolders: [String] = []

    /// True when ``workspaceFolders`` are where the renderer happens to run rather than folders the user
    /// chose (`check`'s working directory): a workspace folder that is not inside a project (no `.git`,
    /// `.pureyaml.yaml` or `.pureyaml.yml` in it or above it) is then never searched whole for
    /// CustomResourceDefinition files: the nearest project folder between it and the document is, else the
    /// document's own folder (`check` run from `/` listed the whole machine).
    public var workspaceFoldersAreIncidental = false

    /// The local schema references (as stored in ``associations``, ``schemaStoreURL``,
    /// ``kubernetesSchemaBase``, ``customResourceDefinitions``, ``crdCatalogURL`` and the folders of
    /// ``mirrors``) that a project file (`.pureyaml.yaml`) gave: they are read under the same
    /// rule as a modeline's, not as the user's own (set by ``ProjectConfiguration``).
    public var projectSchemaReferences: Set<String> = []

    /// The policy these settings give (see docs/security.md): local schemas are read from the workspace
    /// folders, ``allowedFolders``, a local ``kubernetesSchemaBase`` folder and the folder of a local
    /// ``crdCatalogURL`` template, plus the files the settings name (`yaml.schemas` keys, a local
    /// catalog, ``customResourceDefinitions`` files), except what a project file named.
    public var trustPolicy: TrustPolicy {
        let associator = SchemaAssociator(settings: self, catalogHit: nil)
        func userPath(_ reference: String) -> String? {
            projectSchemaReferences.contains(reference) ? nil : TrustPolicy.localPath(associator.resolveSetting(reference))
        }
        var files: Set<String> = []
        for a in associations where !a.isKubernetes {
            if let path = userPath(a.schema) { files.insert(path) }
        }
        if let path = userPath(schemaStoreURL) { files.insert(path) }
        for entry in customResourceDefinitions where !entry.contains(where: { "*?[{".contains($0) }) {
            if let path = userPath(entry) { files.insert(path) }
        }
        var folders = workspaceFolders.compactMap(\.filePath) + allowedFolders.compactMap(TrustPolicy.localPath) + definitionGlobFolders
        if let base = userPath(kubernetesSchemaBase) { folders.append(base.contains("{") ? Self.templateFolder(base) : base) }
        if !crdCatalogURL.isEmpty, let template = userPath(crdCatalogURL) { folders.append(Self.templateFolder(template)) }
        // A mirror folder the user named is a schema source of theirs, as a local kubernetesSchemaBase is.
        for target in mirrors.values.sorted() {
            if let folder = userPath(target) { folders.append(folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder) }
        }
        return TrustPolicy(readableFolders: folders, readableFiles: files)
    }

    /// The globs of ``customResourceDefinitions`` that a project file named relative to itself (made
    /// absolute, set by ``ProjectConfiguration``): they lie inside the file's own folder (`..` is never
    /// walked), which they may search (``definitionGlobFolders``). Other globs are searched only inside
    /// the folders of the rest of the policy.
    public var projectOwnFolderGlobs: Set<String> = []

    /// The folders the globs of ``projectOwnFolderGlobs`` still listed are searched from (the part before
    /// the first glob character, ``DocumentModel/splitGlob(_:root:)``).
    var definitionGlobFolders: [String] {
        customResourceDefinitions.filter { projectOwnFolderGlobs.contains($0) }
            .compactMap { DocumentModel.splitGlob($0, root: nil)?.folder }
    }

    /// The folder holding every file the local path template `path` can name once its `{name}`s are
    /// filled in: the folder of what comes before the first `{` (`/k/{version}-strict/` gives `/k`).
    static func templateFolder(_ path: String) -> String {
        TrustPolicy.folder(of: String(path[..<(path.firstIndex(of: "{") ?? path.endIndex)]) + "_")
    }

    /// Creates default schema settings.
    public init() {}

    /// Applies a change of the workspace's folders (LSP `workspace/didChangeWorkspaceFolders`): `removed`
    /// folders leave the list, then `added` ones not yet in it are appended, so the first folder (the one
    /// relative schema paths resolve against) stays first unless it is removed.
    public mutating func changeWorkspaceFolders(added: [DocumentURI], removed: [DocumentURI]) {
        let gone = Set(removed)
        workspaceFolders.removeAll { gone.contains($0) }
        for folder in added where !workspaceFolders.contains(folder) { workspaceFolders.append(folder) }
    }

    /// Reads a `yaml.schemas` value: `{ "<schema>": "<glob>" | ["<glob>", ...] }`, or the list form of
    /// VS Code's `json.schemas` and yaml-language-server's schema associations:
    /// `[{"url" | "uri": "<schema>", "fileMatch": ["<glob>", ...]}, ...]`. Entries of other shapes are
    /// skipped (``skippedEntries(in:)`` lists them, for a warning).
    static func associations(from value: SettingsValue) -> [Association]? {
        switch value {
        case .object(let members):
            return members.compactMap { member in
                let globs = strings(member.value)
                return globs.isEmpty ? nil : Association(schema: member.key, globs: globs)
            }
        case .array(let items):
            return items.compactMap { item in
                guard case .object(let members) = item,
                      case .string(let schema)? = members.first(where: { $0.key == "url" || $0.key == "uri" })?.value,
                      let match = members.first(where: { $0.key == "fileMatch" })?.value else { return nil }
                let globs = strings(match)
                return globs.isEmpty ? nil : Association(schema: schema, globs: globs)
            }
        default:
            return nil
        }
    }

    /// The entries of a `yaml.schemas` value that ``associations(from:)`` skips, each with its value and
    /// a phrase for a person saying what the entry should have been ("a mapping of schema URLs to glob
    /// patterns ..., and the entry for `/x.json` is not one"). Empty when every entry is used, or when the
    /// value as a whole has neither form (the caller reports that).
    static func skippedEntries(in value: SettingsValue) -> [(value: SettingsValue, expected: String)] {
        switch value {
        case .object(let members):
            return members.filter { strings($0.value).isEmpty }.map { member in
                (member.value, "a mapping of schema URLs to glob patterns (a string or a list of strings), "
                    + "and the entry for `\(member.key)` is not one")
            }
        case .array(let items):
            return items.enumerated().compactMap { index, item in
                if case .object(let members) = item,
                   case .string? = members.first(where: { $0.key == "url" || $0.key == "uri" })?.value,
                   let match = members.first(where: { $0.key == "fileMatch" })?.value, !strings(match).isEmpty { return nil }
                return (item, "a list of `{\"url\": ..., \"fileMatch\": [...]}` objects (`fileMatch` a glob pattern "
                    + "or a list of them), and item \(index + 1) is not one")
            }
        default:
            return []
        }
    }

    /// A string or the strings of an array.
    private static func strings(_ value: SettingsValue) -> [String] {
        switch value {
        case .string(let s): return [s]
        case .array(let items):
            return items.compactMap { item -> String? in
                if case .string(let s) = item { return s }
                return nil
            }
        default: return []
        }
    }

    /// Reads `error`, `warning`, `information` (or `info`), `hint`, case-insensitive.
    static func severity(_ text: String) -> YAMLDiagnostic.Severity? {
        switch text.lowercased() {
        case "error": return .error
        case "warning": return .warning
        case "information", "info": return .information
        case "hint": return .hint
        default: return nil
        }
    }
}
