/// The `pureyaml.schema.crds` files the model requested, where each entry was set, and the entries
/// found unusable (``UnusableDefinitionFile``).
struct DefinitionFileProblems {
    /// Per requested file URI: the entry as the settings hold it and the project settings file that named
    /// it (nil: the renderer's settings).
    var origins: [String: (entry: String, settingsFile: String?)] = [:]
    /// The entries found unusable, in the order met: each problem (file and reason) once per
    /// configuration (``forgetNoted()``, ``forgetNoted(_:)``); it only grows.
    private(set) var list: [UnusableDefinitionFile] = []
    /// The problems said under the current configuration, as file URI and reason.
    private var noted: Set<[String]> = []

    /// Notes that the file `uri` (an entry's) cannot be used because of `reason`, unless that was noted
    /// since the configuration last changed.
    mutating func note(_ uri: String, entry: String? = nil, settingsFile: String? = nil, reason: String) {
        guard noted.insert([uri, reason]).inserted else { return }
        let origin = origins[uri]
        list.append(UnusableDefinitionFile(entry: entry ?? origin?.entry ?? uri, uri: uri,
                                           settingsFile: settingsFile ?? origin?.settingsFile, reason: reason))
    }

    /// After the schema settings changed (the entries are tried again): each problem met again is said again.
    mutating func forgetNoted() { noted.removeAll() }

    /// After the file `uri` changed on disk (it is read again): its problem, met again, is said again.
    mutating func forgetNoted(_ uri: String) { noted = noted.filter { $0.first != uri } }
}
