/// What the model may ask the edge to read or fetch as a schema, for a workspace nobody vouched for (the
/// written policy is docs/security.md). A plain value: the model consults it before it requests a schema,
/// a catalog or a document a schema `$ref`s; the edge adds the transport rules (redirects, the loopback
/// switch, size and time bounds).
///
/// - A local file (a `file:` URI or an absolute path) is read as a schema only inside one of
///   ``readableFolders``; with none at all (a language server started without a workspace folder), inside
///   the folder of the document that names it. Paths holding `.` or `..` segments (after
///   percent-decoding) or a NUL byte are refused whatever they point to.
/// - A file named by the settings (a `yaml.schemas` key, `yaml.schemaStore.url`) is read wherever it is
///   (``readableFiles``): editor settings are the user's, and a project file's local paths are kept only
///   inside its own folder (``ProjectConfiguration``). The schema named on the command line (`--schema`)
///   is read wherever it is too.
/// - A document downloaded over the network (`http:`, `https:`) may not refer to a local file, neither
///   by `$ref` nor as a catalog entry.
/// - A local schema may refer to local files inside ``readableFolders`` or inside its own folder.
public struct TrustPolicy: Sendable, Hashable {
    /// Absolute, `/`-separated folder paths whose files (at any depth) may be read as schemas: the
    /// workspace folders, the user's ``SchemaSettings/allowedFolders``, and for the command line the
    /// current directory and the paths named on it.
    public var readableFolders: [String]
    /// Absolute paths of files that may be read as schemas or catalogs wherever they are: those the
    /// settings name.
    public var readableFiles: Set<String>

    /// A policy reading local schemas from `readableFolders` and `readableFiles` only.
    public init(readableFolders: [String], readableFiles: Set<String> = []) {
        self.readableFolders = readableFolders.map { $0.count > 1 && $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        self.readableFiles = readableFiles
    }

    /// The reason (one phrase, for "cannot load schema X: <reason>") why the schema or catalog `uri` may
    /// not be loaded for the document `document` because of `rule`; nil when it may. Only local files are
    /// ever refused here; the edge decides about the network.
    public func refusal(toLoad uri: String, rule: SchemaRule?, document: DocumentURI?) -> String? {
        if case .commandLine? = rule { return nil }
        guard let path = Self.localPath(uri) else { return nil }
        if let why = Self.unsafe(path) { return why }
        if readableFiles.contains(path) || readableFolders.contains(where: { Self.path(path, isInside: $0) }) { return nil }
        if readableFolders.isEmpty, let folder = document?.filePath.map(Self.folder(of:)), Self.path(path, isInside: folder) {
            return nil
        }
        return Self.outside
    }

    /// The reason why `target` (an absolute URI without fragment), referred to by the document retrieved
    /// from `referrer` (a `$ref`, or a catalog entry), may not be loaded; nil when it may.
    public func refusal(toFollow target: String, from referrer: String) -> String? {
        guard let path = Self.localPath(target) else { return nil }
        if Self.isRemote(referrer) {
            return "a schema or catalog downloaded from the network may not refer to a local file (see docs/security.md)"
        }
        if let why = Self.unsafe(path) { return why }
        if readableFiles.contains(path) || readableFolders.contains(where: { Self.path(path, isInside: $0) }) { return nil }
        if let from = Self.localPath(referrer), Self.unsafe(from) == nil, Self.path(path, isInside: Self.folder(of: from)) {
            return nil
        }
        return Self.outside
    }

    /// The reason why the file or folder at the absolute `path`, one of the repository's own (a
    /// configuration file the model looks for above a document: `.pureyaml.yaml`, `.yamllint`,
    /// `.editorconfig`), may not be read; nil when it may. `resolve` gives a path with its symbolic links
    /// resolved (the file system's answer). Only a path inside ``readableFolders`` that leads, through a
    /// symbolic link, to a place outside them (each folder resolved too) is refused: a repository may not
    /// make PureYAML read, and quote in a finding, a file outside the folders it was given. A path outside
    /// the folders is not the repository's (the user's own configuration above the workspace, yamllint's
    /// user configuration) and is read as it is; so is everything when there are no folders, and the files
    /// of ``readableFiles``.
    public func refusal(toRead path: String, resolve: (String) -> String) -> String? {
        guard !readableFiles.contains(path), readableFolders.contains(where: { Self.path(path, isInside: $0) }) else { return nil }
        let resolved = resolve(path)
        if resolved == path || readableFolders.contains(where: { Self.path(resolved, isInside: resolve($0)) }) { return nil }
        return Self.linkOutside
    }

    /// Why a symbolic link is not followed (see ``refusal(toRead:resolve:)``).
    static let linkOutside = "the file is a symbolic link to a place outside the folders files may be read from (see docs/security.md)"

    /// True for `http:` and `https:` URIs (any case).
    public static func isRemote(_ uri: String) -> Bool {
        let lower = uri.prefix(8).lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    private static let outside = "the file is outside the folders schemas may be read from (the workspace folders, "
        + "the current directory and the paths named on the command line, pureyaml.schema.allowedFolders; see docs/security.md)"

    /// The file path `uri` names (percent-decoded `file:` URI, or an absolute path), nil for other URIs.
    static func localPath(_ uri: String) -> String? {
        if uri.hasPrefix("/") { return uri }
        guard uri.prefix(5).lowercased() == "file:" else { return nil }
        // Every `file:` form the edge could read is a local read: `file:/x`, `file://host/x`, `file:///x`.
        if let path = DocumentURI("file://" + uri.dropFirst(uri.hasPrefix("file://") ? 7 : 5)).filePath { return path }
        return String(uri.dropFirst(5))
    }

    /// Why `path` is refused whatever folder it seems to be in: a relative path, `.` or `..` segments, or a
    /// NUL byte (which would cut the path short at the edge); nil when it is a plain absolute path.
    private static func unsafe(_ path: String) -> String? {
        guard path.hasPrefix("/"), !path.utf8.contains(0) else { return "not a plain absolute file path" }
        if path.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == "." || $0 == ".." }) {
            return "the path holds `.` or `..` segments"
        }
        return nil
    }

    /// True when `path` is `folder` or below it (whole components only: `/w2/x` is not inside `/w`).
    static func path(_ path: String, isInside folder: String) -> Bool {
        if folder == "/" { return true }
        return path == folder || path.hasPrefix(folder + "/")
    }

    /// The folder holding `path` (`/` for a file at the root).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }
}
