import YAMLComposer
import YAMLSyntax

/// A project settings file (`.pureyaml.yaml` or `.pureyaml.yml`) as the command line reads it: YAML
/// parsed and composed by PureYAML itself, projected to JSON and applied with ``Settings/apply(_:)``, so
/// its keys are those of the editor settings (`format.indentWidth`, `pureyaml.format.indentWidth`,
/// nested `pureyaml: {format: {...}}`, `maxItemsComputed`, ...).
///
/// A broken file (invalid YAML, several documents, a root that is not a mapping) yields exactly one
/// diagnostic with code `invalid-configuration`, and the default settings apply.
public struct ProjectConfiguration: Sendable {
    /// The file names looked for, in order of preference within one folder.
    public static let fileNames = [".pureyaml.yaml", ".pureyaml.yml"]
    /// The diagnostic code of a configuration file that cannot be used.
    public static let invalidCode = "invalid-configuration"
    /// The diagnostic source of configuration problems.
    public static let source = "pureyaml-config"

    /// Where the configuration came from.
    public let uri: DocumentURI
    /// The settings it gives (the defaults when it is broken).
    public let settings: Settings
    /// At most one problem, with resolved positions in the configuration file.
    public let diagnostics: [LocatedDiagnostic]

    /// Reads the configuration file `uri` whose content is `bytes` (invalid UTF-8 is repaired, and then
    /// reported as YAML errors if it breaks the syntax).
    public init(uri: DocumentURI, bytes: [UInt8]) {
        let snapshot = DocumentSnapshot(uri: uri, version: 0, bytes: bytes)
        let (settings, problems) = Self.settings(from: snapshot)
        self.uri = uri
        self.settings = settings
        self.diagnostics = problems.map { LocatedDiagnostic($0, in: snapshot) }
    }

    /// The settings in a configuration file's `bytes`, and at most one diagnostic (UTF-8 byte ranges into
    /// `bytes`) when the file cannot be used, in which case the settings are the defaults.
    public static func parse(bytes: [UInt8]) -> (settings: Settings, diagnostics: [YAMLDiagnostic]) {
        settings(from: DocumentSnapshot(uri: DocumentURI("config:"), version: 0, bytes: bytes))
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
        switch JSONProjection.project(root) {
        case .success(let json):
            var settings = Settings()
            settings.apply(json)
            return (settings, [])
        case .failure(let failure):
            return broken(root.range, failure.description)
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
