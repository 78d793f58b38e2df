/// A `pureyaml.schema.crds` entry whose file cannot be used: it is refused by the trust policy (outside the
/// folders files may be read from), or reading or downloading it failed (a missing file, HTTP 404, ...).
/// The custom resources it would define get no schema from it: the CRD catalog's, where it has one.
///
/// The model notes each problem (the file's URI and the reason) once per configuration: it is noted
/// again when met again after the schema settings changed (a project settings file's too) or after the
/// file changed on disk (``Intent/filesChanged(_:)``, a save), as the entry is then tried again.
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
