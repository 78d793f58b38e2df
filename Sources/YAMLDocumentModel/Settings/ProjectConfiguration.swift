import YAMLComposer
import YAMLSchema
import YAMLSyntax

/// A project settings file (`.pureyaml.yaml` or `.pureyaml.yml`) as the command line reads it: YAML
/// parsed and composed by PureYAML itself, projected to JSON and applied with ``Settings/apply(_:)``, so
/// its keys are those of the editor settings (`format.indentWidth`, `pureyaml.format.indentWidth`,
/// nested `pureyaml: {format: {...}}`, `maxItemsComputed`, ...).
///
/// A broken file (invalid YAML, several documents, a root that is not a mapping) yields exactly one
/// diagnostic with code `invalid-configuration`, and the default settings apply. In a usable file, each key
/// that names no setting (a typo, most often) is a warning with code `unknown-configuration-key` at that
/// key, with a "did you mean" when one setting's name is close, and each value of the wrong type or out of
/// range (`format.indentWidth: 0`, `format: [1, 2]`) is a warning with code `invalid-configuration-value` at
/// that value, saying what the setting takes (that setting keeps its default); the other keys still apply.
public struct ProjectConfiguration: Sendable {
    /// The file names looked for, in order of preference within one folder.
    public static let fileNames = [".pureyaml.yaml", ".pureyaml.yml"]
    /// The diagnostic code of a configuration file that cannot be used.
    public static let invalidCode = "invalid-configuration"
    /// The diagnostic code of a key that names no setting (a warning; the rest of the file applies).
    public static let unknownKeyCode = "unknown-configuration-key"
    /// The diagnostic code of a value of the wrong type or out of range (a warning; the default applies).
    public static let invalidValueCode = "invalid-configuration-value"
    /// The diagnostic source of configuration problems.
    public static let source = "pureyaml-config"

    /// Where the configuration came from.
    public let uri: DocumentURI
    /// The settings it gives (the defaults when it is broken).
    public let settings: Settings
    /// The problems, with resolved positions in the configuration file: one `invalid-configuration` error,
    /// or a warning per unknown key and per unusable value.
    public let diagnostics: [LocatedDiagnostic]
    /// The names (``Settings/settingNames``) of the settings the file gives a usable value; empty when it
    /// is broken.
    let givenSettingNames: Set<String>

    /// Reads the configuration file `uri` whose content is `bytes` (invalid UTF-8 is repaired, and then
    /// reported as YAML errors if it breaks the syntax).
    public init(uri: DocumentURI, bytes: [UInt8]) {
        let snapshot = DocumentSnapshot(uri: uri, version: 0, bytes: bytes)
        let (settings, problems) = Self.settings(from: snapshot)
        let broken = problems.contains { $0.code == Self.invalidCode }
        var given: Set<String> = []
        if !broken, let root = snapshot.composition.documents.first?.root.resolved,
           case .success(let json) = JSONProjection.project(root) {
            // A key whose value cannot be used gives nothing: the value below it (the editor's) stays.
            var scratch = Settings()
            let unusable = scratch.applyReportingProblems(json).compactMap { problem -> String? in
                if case .invalidValue = problem.kind { return Settings.settingName(problem.key) }
                return nil
            }
            // A setting only the user may give (docs/security.md) is never given by a project file.
            given = Set(Settings.flatten(json, prefix: "").filter { $0.1 != .null }.map { Settings.settingName($0.0) })
                .intersection(Settings.settingNames).subtracting(unusable).subtracting(Settings.userOnlySettingNames)
        }
        self.givenSettingNames = given
        self.uri = uri
        self.settings = Self.resolvingSchemaPaths(settings, from: uri)
        self.diagnostics = problems.map { LocatedDiagnostic($0, in: snapshot) }
    }

    /// `settings` read from the file `uri`, with the relative schema paths in them (the `yaml.schemas` keys,
    /// `yaml.schemaStore.url`, `pureyaml.schema.kubernetesSchemaBase`, `pureyaml.schema.crds`,
    /// `pureyaml.schema.crdCatalog`, the folders of `pureyaml.schema.mirrors`) made absolute against the folder of
    /// that file, as a modeline's path is against its document's: a check then validates the same way from
    /// any current directory. URLs and `kubernetes` stay as written; globs are left alone (they match any
    /// tail of a file's path, see ``SchemaGlob``). A `uri` that is not a file leaves the paths as written.
    ///
    /// The trust policy (docs/security.md): a local path inside the file's own folder may be read; any
    /// other local path is recorded in ``SchemaSettings/projectSchemaReferences``, to be read under the
    /// same rule as a modeline's (inside the workspace folders, or the command line's folders).
    static func resolvingSchemaPaths(_ settings: Settings, from uri: DocumentURI) -> Settings {
        var settings = settings
        let associator = SchemaAssociator(settings: settings.schema, catalogHit: nil)
        let own = uri.filePath.map { TrustPolicy(readableFolders: [TrustPolicy.folder(of: $0)]) }
        func resolve(_ reference: String) -> String {
            let resolved = uri.filePath == nil ? reference : associator.resolveModeline(reference, document: uri)
            let isLocal = !SchemaReference.hasScheme(resolved) || TrustPolicy.localPath(resolved) != nil
            if isLocal && own?.refusal(toLoad: resolved, rule: nil, document: nil) != nil || isLocal && own == nil {
                settings.schema.projectSchemaReferences.insert(resolved)
            }
            return resolved
        }
        for i in settings.schema.associations.indices where !settings.schema.associations[i].isKubernetes {
            settings.schema.associations[i].schema = resolve(settings.schema.associations[i].schema)
        }
        settings.schema.schemaStoreURL = resolve(settings.schema.schemaStoreURL)
        settings.schema.kubernetesSchemaBase = resolve(settings.schema.kubernetesSchemaBase)
        // A glob stays a glob: made absolute against the file's folder as a plain path (not a URI, whose
        // escaping would hide its `*`); the files it finds are read under the same rule.
        // A relative glob lies inside the file's own folder (`..` is never walked), which it may search
        // (``SchemaSettings/projectOwnFolderGlobs``); an absolute one only inside the folders schemas may be read from.
        settings.schema.customResourceDefinitions = settings.schema.customResourceDefinitions.map { entry in
            guard DocumentModel.isGlob(entry), !entry.hasPrefix("/"), !SchemaReference.hasScheme(entry),
                  let path = uri.filePath else { return DocumentModel.isGlob(entry) ? entry : resolve(entry) }
            var rest = Substring(entry)
            while rest.hasPrefix("./") { rest = rest.dropFirst(2) }
            let glob = TrustPolicy.folder(of: path) + "/" + rest
            settings.schema.projectOwnFolderGlobs.insert(glob)
            return glob
        }
        if !settings.schema.crdCatalogURL.isEmpty {
            settings.schema.crdCatalogURL = resolve(settings.schema.crdCatalogURL)
        }
        settings.schema.mirrors = settings.schema.mirrors.mapValues(resolve)
        return settings
    }

    /// The settings in a configuration file's `bytes`, and its diagnostics (UTF-8 byte ranges into `bytes`):
    /// one error when the file cannot be used, in which case the settings are the defaults, or a warning
    /// per unknown key and per unusable value, in text order.
    /// Its local schema paths stay as written and are read under the modeline rule
    /// (``SchemaSettings/projectSchemaReferences``), as the file's folder is not known.
    public static func parse(bytes: [UInt8]) -> (settings: Settings, diagnostics: [YAMLDiagnostic]) {
        let uri = DocumentURI("config:")
        let (settings, diagnostics) = settings(from: DocumentSnapshot(uri: uri, version: 0, bytes: bytes))
        return (resolvingSchemaPaths(settings, from: uri), diagnostics)
    }

    private static func settings(from snapshot: DocumentSnapshot) -> (Settings, [YAMLDiagnostic]) {
        func broken(_ range: TextRange, _ why: String) -> (Settings, [YAMLDiagnostic]) {
            (Settings(), [YAMLDiagnostic(range: range, severity: .error, code: invalidCode,
                                         message: why + " Default settings apply.", source: source)])
        }
        if let first = snapshot.diagnostics.first(where: { $0.severity == .error }) {
            // The parser's message is a full sentence; keep its code next to it.
            return broken(first.range, "The configuration file is not valid YAML. \(first.message) (\(first.code))")
        }
        let documents = snapshot.composition.documents
        guard let document = documents.first else { return (Settings(), []) }
        if documents.count > 1 {
            return broken(documents[1].range,
                          "The configuration file holds \(documents.count) documents; it must hold one mapping of settings.")
        }
        let root = document.root.resolved
        switch root.content {
        case .mapping: break
        case .scalar where JSONProjection.scalarJSONValue(root) == .null:
            return (Settings(), [])
        default:
            return broken(root.range, "The configuration file must be a mapping of settings such as "
                          + "`format.indentWidth: 2`, not \(kind(of: root)).")
        }
        switch JSONProjection.project(root, nodeBudget: JSONProjection.configurationNodeBudget) {
        case .success(let json):
            var settings = Settings()
            let problems = settings.applyReportingProblems(json)
            // Settings that widen what PureYAML reads are the user's alone (docs/security.md).
            let userOnly = Settings.flatten(json, prefix: "").filter {
                $0.1 != .null && Settings.userOnlySettingNames.contains(Settings.settingName($0.0))
            }.map(\.0)
            for key in userOnly { settings.restore(Settings.settingName(key), from: Settings()) }
            // A mirror to another URL is the user's alone (docs/security.md): it would let the repository
            // choose the server every download comes from, and its bytes would enter the download cache
            // under the original URL, for every other workspace. A mirror folder is allowed.
            let urlMirrors = settings.schema.mirrors.filter { SchemaMirrors.isURL($0.value) }.keys.sorted()
            for prefix in urlMirrors { settings.schema.mirrors[prefix] = nil }
            guard !problems.isEmpty || !userOnly.isEmpty || !urlMirrors.isEmpty else { return (settings, []) }
            var keys = KeyLocations()
            keys.collect(root, prefix: "", depth: 0)
            let mirrorsKey = Settings.flatten(json, prefix: "").first { Settings.settingName($0.0) == "schema.mirrors" }?.0 ?? "schema.mirrors"
            let mirrorRefusals = urlMirrors.map { prefix in
                YAMLDiagnostic(range: keys.entryValueRanges[KeyLocations.entry(prefix, of: mirrorsKey)] ?? keys.valueRanges[mirrorsKey]
                                   ?? keys.ranges[mirrorsKey] ?? root.range, severity: .warning,
                               code: invalidValueCode,
                               message: "`\(mirrorsKey)`: the mirror of `\(prefix)` is another URL, which only the editor's user settings "
                                   + "or the command line (--schema-mirror) may set: a project file cannot send downloads to another "
                                   + "server; it may name a folder. It is ignored.", source: source)
            }
            let refusals = userOnly.map { key in
                YAMLDiagnostic(range: keys.ranges[key] ?? root.range, severity: .warning, code: invalidValueCode,
                               message: Settings.settingName(key) == "hover.allowImages"
                                   ? "`\(key)` can only be set in the editor's user settings: a project file cannot make hovers "
                                       + "show schemas' images; it is ignored."
                                   : "`\(key)` can only be set in the editor's user settings or on the command line "
                                       + "(--allow-schema-folder): a project file cannot widen the folders schemas are read from; "
                                       + "it is ignored.", source: source)
            }
            let warnings = refusals + mirrorRefusals + problems.filter { !keys.isAnchored($0.key) }.map { problem in
                switch problem.kind {
                case .unknownKey:
                    return YAMLDiagnostic(range: keys.ranges[problem.key] ?? root.range, severity: .warning,
                                          code: unknownKeyCode, message: unknownKeyMessage(problem.key), source: source)
                case .invalidValue:
                    return YAMLDiagnostic(range: keys.valueRanges[problem.key] ?? keys.ranges[problem.key] ?? root.range,
                                          severity: .warning, code: invalidValueCode,
                                          message: problem.message + " The default applies.", source: source)
                case .invalidEntry, .partlyUsed:
                    return YAMLDiagnostic(range: keys.valueRanges[problem.key] ?? keys.ranges[problem.key] ?? root.range,
                                          severity: .warning, code: invalidValueCode, message: problem.message, source: source)
                }
            }
            return (settings, warnings.sorted { $0.range < $1.range })
        case .failure(let failure):
            return broken(root.range, failure.description)
        }
    }

    /// "Unknown setting ..." for `key` as written, with the closest setting's name (in the same prefix
    /// form) when one is close.
    private static func unknownKeyMessage(_ key: String) -> String {
        var message = "Unknown setting `\(key)`; it is ignored."
        let name = Settings.settingName(key)
        if let suggestion = EditDistance.closest(to: name, among: Settings.settingNames) {
            message += " Did you mean `\(key.dropLast(name.count))\(suggestion)`?"
        }
        return message
    }

    /// Where each key of a settings file is, by the dotted key ``Settings/apply(_:)`` reads it as (its
    /// `flatten`: nested mappings joined with `.`, `schemas` kept whole, merge keys applied; the first
    /// occurrence wins), and which keys hold an anchored value.
    private struct KeyLocations {
        /// The range of each key (UTF-8 byte offsets).
        var ranges: [String: TextRange] = [:]
        /// The range of each key's value (UTF-8 byte offsets).
        var valueRanges: [String: TextRange] = [:]
        /// The range of each entry's value in a mapping kept whole (``Settings/keptWhole(_:)``), by ``entry(_:of:)``.
        var entryValueRanges: [String: TextRange] = [:]

        /// The name of the entry `entry` of the kept-whole mapping at `key`.
        static func entry(_ entry: String, of key: String) -> String { key + "\u{0}" + entry }

        /// Keys whose value has an anchor: a place to keep values for aliases and merge keys elsewhere
        /// (`base: &base {indentWidth: 4}`), not a setting, so neither it nor a key below it is reported.
        var anchored: Set<String> = []

        /// Walks the mapping `node`; settings nest a few levels at most, so the walk stops 32 levels down.
        mutating func collect(_ node: YAMLNode, prefix: String, depth: Int) {
            guard depth < 32, let entries = node.resolved.mergedMappingEntries else { return }
            for (keyNode, value) in entries {
                guard let name = keyNode.scalarValue?.canonicalText else { continue }
                let key = prefix.isEmpty ? name : prefix + "." + name
                if ranges[key] == nil { ranges[key] = keyNode.range; valueRanges[key] = value.range }
                if value.anchor != nil { anchored.insert(key) }
                if !Settings.keptWhole(name) { collect(value, prefix: key, depth: depth + 1); continue }
                // A mapping kept whole (`schemas`, `mirrors`): where each entry's value is.
                for (entryKey, entryValue) in value.resolved.mergedMappingEntries ?? [] {
                    guard let entry = entryKey.scalarValue?.canonicalText else { continue }
                    if entryValueRanges[Self.entry(entry, of: key)] == nil { entryValueRanges[Self.entry(entry, of: key)] = entryValue.range }
                }
            }
        }

        /// True when `key` or a key it is nested in holds an anchored value.
        func isAnchored(_ key: String) -> Bool {
            var k = Substring(key)
            while true {
                if anchored.contains(String(k)) { return true }
                guard let dot = k.lastIndex(of: ".") else { return false }
                k = k[..<dot]
            }
        }
    }

    private static func kind(of node: YAMLNode) -> String {
        switch node.content {
        case .sequence: return "a sequence"
        case .mapping: return "a mapping"
        case .scalar, .alias: return "a scalar"
        }
    }

    /// The configuration file that applies to the file at `path`: the nearest one found in the file's
    /// folder or a folder above it, up to and including the file system root. Within one folder,
    /// `.pureyaml.yaml` wins over `.pureyaml.yml`.
    ///
    /// - Parameters:
    ///   - path: an absolute, `/`-separated path of the checked file (a relative one is searched from its
    ///     own first folder up, never above it).
    ///   - exists: whether a regular file exists at a path (the caller's file system access).
    /// - Returns: the path of the configuration file, or nil when none exists.
    public static func nearest(toFileAt path: String, exists: (String) -> Bool) -> String? {
        let absolute = path.hasPrefix("/")
        var folders = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        folders.removeLast(min(1, folders.count))
        // Each turn drops one folder, so the loop ends after at most `folders.count + 1` turns.
        while true {
            let folder = (absolute ? "/" : "") + folders.joined(separator: "/")
            for name in fileNames {
                let candidate = folder.isEmpty ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
                if exists(candidate) { return candidate }
            }
            if folders.isEmpty { return nil }
            folders.removeLast()
        }
    }
}
