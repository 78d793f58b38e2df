/// Where a document's project settings come from.
public enum ProjectSettingsSource: Sendable, Hashable {
    /// The nearest `.pureyaml.yaml` / `.pureyaml.yml` in the document's folder or above
    /// (``ProjectConfiguration/nearest(toFileAt:exists:)``); the default, for the editor and `check` alike.
    case discover
    /// This configuration file (an absolute path) for every document (`pureyaml check --config PATH`).
    case file(String)
    /// No project settings (`--no-config`).
    case none
}

/// Finds and reads the project settings file of each document through a ``ModelEnvironment``, reading
/// each configuration file once and searching each folder once (until ``forget()``).
public struct ProjectSettingsLookup: Sendable {
    /// The project configuration of one file.
    public enum Outcome: Sendable {
        /// `configuration` applies (nil: none does, the renderer's settings apply as they are).
        case found(ProjectConfiguration?)
        /// The configuration file at `path` exists (or was named) but cannot be read.
        case unreadable(path: String)

        /// The configuration that applies, if any.
        public var configuration: ProjectConfiguration? {
            if case .found(let c) = self { return c }
            return nil
        }
    }

    public let source: ProjectSettingsSource
    let environment: ModelEnvironment
    /// Configuration files read so far, by absolute path.
    private var read: [String: ProjectConfiguration] = [:]
    /// Discovery results by folder, so each folder is searched once.
    private var nearestByFolder: [String: String?] = [:]

    /// A lookup reading through `environment` (``ModelEnvironment/none`` finds nothing).
    public init(source: ProjectSettingsSource, environment: ModelEnvironment) {
        self.source = source
        self.environment = environment
    }

    /// The configuration that applies to the file at `absolutePath`.
    public mutating func configuration(forFileAt absolutePath: String) -> Outcome {
        let path: String
        switch source {
        case .none:
            return .found(nil)
        case .file(let given):
            path = given
        case .discover:
            guard environment.readsFiles else { return .found(nil) }
            let folder = String(absolutePath[..<(absolutePath.lastIndex(of: "/") ?? absolutePath.startIndex)])
            if let known = nearestByFolder[folder] {
                guard let known else { return .found(nil) }
                path = known
            } else {
                let environment = self.environment
                let found = ProjectConfiguration.nearest(toFileAt: absolutePath) {
                    if case .file? = environment.kind($0) { return true }
                    return false
                }
                nearestByFolder[folder] = .some(found)
                guard let found else { return .found(nil) }
                path = found
            }
        }
        if let known = read[path] { return .found(known) }
        guard let bytes = environment.readFile(path) else { return .unreadable(path: path) }
        let configuration = ProjectConfiguration(uri: DocumentURI(filePath: path), bytes: bytes)
        read[path] = configuration
        return .found(configuration)
    }

    /// Forgets every file read and folder searched (after configuration files changed on disk).
    public mutating func forget() {
        read = [:]
        nearestByFolder = [:]
    }
}

extension Settings {
    /// These settings (the editor's, or the command line's) with the keys that `project` gives on top:
    /// a project file's keys win, as `.editorconfig` and `.yamllint` do, except that it cannot widen what
    /// is fetched or read: when these settings turn schema downloads off (`yaml.schemaDownload.enable: false`,
    /// `check --offline`), a project file cannot turn them on; its local schema paths outside its own
    /// folder are read under the modeline rule (``SchemaSettings/projectSchemaReferences``); it cannot set
    /// `pureyaml.schema.allowedFolders`. See docs/cli.md, docs/editors.md and docs/security.md.
    public func overlaid(with project: ProjectConfiguration) -> Settings {
        var out = self
        for name in project.givenSettingNames { out.restore(name, from: project.settings) }
        // The project file's local schema paths stay the project's: read under the modeline rule (docs/security.md).
        out.schema.projectSchemaReferences.formUnion(project.settings.schema.projectSchemaReferences)
        out.schema.projectOwnFolderGlobs.formUnion(project.settings.schema.projectOwnFolderGlobs)
        if !schema.downloadEnabled { out.schema.downloadEnabled = false }
        // Mirrors add up: the project file's prefixes, and the user's (the editor's, the command line's) over them.
        out.schema.mirrors = out.schema.mirrors.merging(schema.mirrors) { _, user in user }
        return out
    }
}
