/// A schema a rule picked for some document that cannot be had here and now: its download failed for
/// want of the network (downloads off — `yaml.schemaDownload.enable: false`, `check --offline`,
/// `PUREYAML_NETWORK=loopback` — a server that cannot be reached, gives no complete answer in time,
/// answers 5xx, or a run's download budget spent) and the download cache holds no copy. A server's own
/// answer that it is not there (HTTP 4xx: a Kubernetes kind or custom resource the schema source does
/// not publish stays quiet), a file a mirror folder lacks, or a download that broke a bound is a failure,
/// not a missing schema. The edge says which by the failure's kind (``SchemaLoadFailure/Kind/unavailable``).
///
/// The model lists each such schema once (``DocumentModel/missingSchemas``, in the order first met; it
/// only grows) with the documents that needed it; ``SurfaceArea/missingSchemas`` says when one was
/// added. The renderers show ``notice`` (the language server, once per schema and session) or
/// ``summaryLine`` (`pureyaml check`, once per run); the documents' schema status says `missing: <reason>`.
public struct MissingSchema: Sendable, Hashable {
    /// The schema's absolute URI.
    public let schemaURI: String
    /// The rule that picked it for the first document that needed it.
    public let rule: SchemaRule
    /// Why it cannot be had (the edge's sentence, e.g. `downloads are disabled (...) and no cached copy exists`).
    public let reason: String
    /// The documents that needed it, in the order met (each once).
    public internal(set) var documents: [DocumentURI]
    /// The workspace folders when it was first met: the fix names the one holding the documents.
    let workspaceFolders: [DocumentURI]

    /// The command that would fetch the schema: `pureyaml schemas fetch` with the workspace folder that
    /// holds the first document (else that document's folder), as file system paths.
    public var fetchCommand: String {
        "pureyaml schemas fetch " + Self.quoted(folderOfFirstDocument ?? ".")
    }

    /// What the language server shows once (`window/showMessage`, a warning): the schema, the rule that
    /// picked it, why it is missing and the fix.
    public var notice: String {
        "Schema \(schemaURI) (\(rule)) cannot be had: \(reason). Documents it applies to are not validated against it. "
            + "To fix: run `\(fetchCommand)` with network access, or set `pureyaml.schema.mirrors` to a local copy."
    }

    /// How many schemas one notice names, and how many lines `check`'s summary gives them; the rest are counted.
    public static let namedAtMost = 5

    /// What the language server shows once for `entries`, met together (the failed downloads of one opened
    /// stream): the one entry's ``notice``, or one message naming them all (``namedAtMost``, then how many
    /// more), with the first one's reason and fix.
    public static func notice(for entries: [MissingSchema]) -> String {
        guard let first = entries.first else { return "" }
        guard entries.count > 1 else { return first.notice }
        let named = entries.prefix(namedAtMost).map { "\($0.schemaURI) (\($0.rule))" }.joined(separator: ", ")
        let more = entries.count > namedAtMost ? " and \(entries.count - namedAtMost) more" : ""
        return "\(entries.count) schemas cannot be had: \(named)\(more); the first because \(first.reason). "
            + "Documents they apply to are not validated against them. "
            + "To fix: run `\(first.fetchCommand)` with network access, or set `pureyaml.schema.mirrors` to local copies."
    }

    /// The line of `pureyaml check`'s summary (without a line break), with paths relative to
    /// `workingDirectory` (an absolute path): `missing schema URI (rule) for N files: reason; fetch it with
    /// \`pureyaml schemas fetch PATH...\``, naming the files themselves when there are at most three, else
    /// the folder that holds them all.
    public func summaryLine(workingDirectory: String) -> String {
        let shown = Self.fetchTargets(documents, workingDirectory: workingDirectory)
        let files = documents.count == 1 ? "1 file" : "\(documents.count) files"
        return "missing schema \(schemaURI) (\(rule)) for \(files): \(reason); fetch it with `pureyaml schemas fetch \(shown)`"
    }

    /// The lines of `pureyaml check`'s summary for `entries` (a whole run's, ``merged(_:)``): one
    /// ``summaryLine(workingDirectory:)`` per schema for the first ``namedAtMost``, then one line counting
    /// the others, with the command that fetches every schema of the files they apply to:
    /// `missing schemas: N more for M files; fetch them with \`pureyaml schemas fetch PATH...\``.
    public static func summaryLines(for entries: [MissingSchema], workingDirectory: String) -> [String] {
        let lines = entries.prefix(namedAtMost).map { $0.summaryLine(workingDirectory: workingDirectory) }
        let rest = entries.dropFirst(namedAtMost)
        guard !rest.isEmpty else { return lines }
        var documents: [DocumentURI] = []
        for document in rest.lazy.flatMap(\.documents) where !documents.contains(document) { documents.append(document) }
        let files = documents.count == 1 ? "1 file" : "\(documents.count) files"
        return lines + ["missing schemas: \(rest.count) more for \(files); fetch them with "
                        + "`pureyaml schemas fetch \(fetchTargets(documents, workingDirectory: workingDirectory))`"]
    }

    /// The paths a fetch command names for `documents`: the files themselves when there are at most three,
    /// else the folder that holds them all; relative to `workingDirectory`, quoted for a shell.
    private static func fetchTargets(_ documents: [DocumentURI], workingDirectory: String) -> String {
        let paths = documents.compactMap(\.filePath)
        var targets = paths
        if paths.count > 3 || paths.isEmpty { targets = [commonFolder(paths) ?? workingDirectory] }
        return targets.map { quoted(relative($0, to: workingDirectory)) }.joined(separator: " ")
    }

    private var folderOfFirstDocument: String? {
        guard let first = documents.first?.filePath else { return workspaceFolders.first?.filePath }
        for folder in workspaceFolders {
            guard let path = folder.filePath else { continue }
            let prefix = path.hasSuffix("/") ? path : path + "/"
            if first.hasPrefix(prefix) { return path }
        }
        return Self.parent(first)
    }

    private static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The deepest folder holding every path of `paths` (absolute), nil for none.
    private static func commonFolder(_ paths: [String]) -> String? {
        guard var common = paths.first.map(parent) else { return nil }
        for path in paths.dropFirst() {
            while common != "/" && !path.hasPrefix(common + "/") { common = parent(common) }
        }
        return common
    }

    /// What `after` (a model's ``DocumentModel/missingSchemas`` now) added to `before` (the same list at an
    /// earlier moment): the new entries, and for the others only the documents added since, in order.
    public static func added(since before: [MissingSchema], in after: [MissingSchema]) -> [MissingSchema] {
        after.compactMap { entry in
            guard let old = before.first(where: { $0.schemaURI == entry.schemaURI }) else { return entry }
            var delta = entry
            delta.documents = entry.documents.filter { !old.documents.contains($0) }
            return delta.documents.isEmpty ? nil : delta
        }
    }

    /// The lists of several models (a `check` run on several threads, each list a part of the run, given
    /// in the run's order) as one: an entry per schema, with the first part's rule and reason and the
    /// documents of every part, in order, each once.
    public static func merged(_ parts: [[MissingSchema]]) -> [MissingSchema] {
        var all: [MissingSchema] = []
        for entry in parts.joined() {
            if let i = all.firstIndex(where: { $0.schemaURI == entry.schemaURI }) {
                for document in entry.documents where !all[i].documents.contains(document) { all[i].documents.append(document) }
            } else {
                all.append(entry)
            }
        }
        return all
    }

    private static func relative(_ path: String, to folder: String) -> String {
        if path == folder { return "." }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// `path`, in single quotes for a shell when it holds anything but letters, digits and `/._-+,:@`.
    private static func quoted(_ path: String) -> String {
        let plain = path.unicodeScalars.allSatisfy { s in
            (s >= "a" && s <= "z") || (s >= "A" && s <= "Z") || (s >= "0" && s <= "9") || "/._-+,:@".unicodeScalars.contains(s)
        }
        return plain && !path.isEmpty ? path : "'" + path.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
