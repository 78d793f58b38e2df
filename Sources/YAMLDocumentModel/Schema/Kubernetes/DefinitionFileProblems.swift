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
