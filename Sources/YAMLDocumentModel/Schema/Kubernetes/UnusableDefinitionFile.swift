/// A `pureyaml.schema.crds` entry whose file cannot be used: it is refused by the trust policy (outside the
/// folders files may be read from), or reading or downloading it failed (a missing file, HTTP 404, ...).
/// The custom resources it would define get no schema from it: the CRD catalog's, where it has one.
///
/// The model notes each entry once (by the file's URI, for the model's lifetime):
/// ``DocumentModel/unusableDefinitionFiles`` lists them in the order met, and
/// ``SurfaceArea/unusableDefinitionFiles`` says when one was added. The language server shows ``message``
/// once (`window/showMessage`); `pureyaml check` prints it after the summary.
public struct UnusableDefinitionFile: Hashable, Sendable {
    /// The entry as the settings hold it (a project settings file's relative paths made absolute).
    public var entry: String
    /// The absolute URI of the file (or URL) the entry names.
    public var uri: String
    /// The project settings file that named it (an absolute path); nil for the editor's or the command
    /// line's settings.
    public var settingsFile: String?
    /// Why it cannot be used: the trust policy's or the loader's phrase.
    public var reason: String

    /// One sentence naming the entry, where it was set and why it is not used.
    public var message: String {
        let origin = settingsFile.map { " (set in \($0))" } ?? ""
        return "pureyaml.schema.crds entry \(entry)\(origin) cannot be used: \(reason); "
            + "the custom resources it defines get no schema from it (the CRD catalog's, where it has one)"
    }
}

/// The `pureyaml.schema.crds` files the model requested, where each entry was set, and the entries
/// found unusable (``UnusableDefinitionFile``).
struct DefinitionFileProblems {
    /// Per requested file URI: the entry as the settings hold it and the project settings file that named
    /// it (nil: the renderer's settings).
    var origins: [String: (entry: String, settingsFile: String?)] = [:]
    /// The entries found unusable, in the order met, each once.
    private(set) var list: [UnusableDefinitionFile] = []
    private var noted: Set<String> = []

    /// Notes that the file `uri` (an entry's) cannot be used because of `reason`, unless it was noted before.
    mutating func note(_ uri: String, entry: String? = nil, settingsFile: String? = nil, reason: String) {
        guard noted.insert(uri).inserted else { return }
        let origin = origins[uri]
        list.append(UnusableDefinitionFile(entry: entry ?? origin?.entry ?? uri, uri: uri,
                                           settingsFile: settingsFile ?? origin?.settingsFile, reason: reason))
    }
}
