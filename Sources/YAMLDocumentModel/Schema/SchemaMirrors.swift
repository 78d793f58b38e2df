import YAMLComposer
import YAMLSyntax

/// `pureyaml.schema.mirrors`: where the bytes of a download come from instead of its own URL (docs/schemas.md,
/// "Mirrors"). Each entry maps a URL prefix to a local folder or another base URL; for a download whose URL
/// starts with a prefix (the longest wins), the rest of the URL after the prefix is looked up below the
/// target: `https://json.schemastore.org/` -> `/repo/vendor/schemas/` reads
/// `https://json.schemastore.org/a/b.json` from `/repo/vendor/schemas/a/b.json` (the rest percent-decoded).
/// The download keeps its own URL as its identity: findings' schema URI, `$ref` resolution, `--explain`
/// and the download cache's key stay the original URL; only the bytes come from the mirror.
struct SchemaMirrors {
    /// Where one download's bytes come from.
    enum Source: Equatable {
        /// The file at this absolute path (below a mirror folder); nil when the URL's rest cannot name a
        /// file (`..` segments, a NUL byte, nothing after the prefix).
        case file(String?, folder: String)
        /// This URL (below a mirror base URL).
        case url(String)
    }

    /// One entry: the prefix, the target as an absolute URI (a `file:` URI or path for a folder, an
    /// `http(s)` URL), and the trust policy of the settings that gave it (a folder is read under it).
    struct Entry {
        let prefix: String
        let target: String
        let policy: TrustPolicy
    }

    /// The entries, longest prefix first.
    private(set) var entries: [Entry] = []

    /// The mirrors of `settings`, in order of precedence: an earlier one's entry wins over a later one's
    /// for the same prefix (the user's settings come first).
    init(_ settings: [SchemaSettings]) {
        var seen: Set<String> = []
        for s in settings where !s.mirrors.isEmpty {
            let associator = SchemaAssociator(settings: s, catalogHit: nil)
            let policy = s.trustPolicy
            for (prefix, target) in s.mirrors.sorted(by: { $0.key < $1.key }) where seen.insert(prefix).inserted {
                entries.append(Entry(prefix: prefix, target: associator.resolveSetting(target), policy: policy))
            }
        }
        entries.sort { $0.prefix.count != $1.prefix.count ? $0.prefix.count > $1.prefix.count : $0.prefix < $1.prefix }
    }

    /// True when there is no entry.
    var isEmpty: Bool { entries.isEmpty }

    /// Where the bytes of `uri` (an `http(s)` URL) come from, with the entry that says so; nil when no
    /// prefix matches (or `uri` is not a download).
    func source(for uri: String) -> (source: Source, entry: Entry)? {
        guard TrustPolicy.isRemote(uri), let entry = entries.first(where: { uri.hasPrefix($0.prefix) }) else { return nil }
        let rest = String(uri.dropFirst(entry.prefix.count))
        if Self.isURL(entry.target) {
            // `https://a/` -> `http://m/x` means `http://m/x/`: a prefix ending in `/` names a folder, so does its target.
            let base = entry.prefix.hasSuffix("/") && !entry.target.hasSuffix("/") ? entry.target + "/" : entry.target
            return (.url(base + rest), entry)
        }
        guard let folder = TrustPolicy.localPath(entry.target) else { return nil }
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        return (.file(Self.relativePath(rest).map { base + "/" + $0 }, folder: base), entry)
    }

    /// The settings value of `pureyaml.schema.mirrors`: a mapping of non-empty strings to non-empty
    /// strings; nil for any other shape.
    static func entries(from value: JSONValue) -> [String: String]? {
        guard case .object(let members) = value else { return nil }
        var out: [String: String] = [:]
        for member in members {
            guard !member.key.isEmpty, case .string(let target) = member.value, !target.isEmpty else { return nil }
            out[member.key] = target
        }
        return out
    }

    /// True when a mirror target is another base URL (`http:` or `https:`), not a folder.
    static func isURL(_ target: String) -> Bool { TrustPolicy.isRemote(target) }

    /// `rest` (what follows a prefix in a URL) as a relative file path: percent-decoded, without a query
    /// or fragment; nil when it is empty, ends in `/`, or holds an empty, `.` or `..` segment or a NUL byte.
    static func relativePath(_ rest: String) -> String? {
        let path = PercentDecoding.decode(String(rest.prefix { $0 != "?" && $0 != "#" }))
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.isEmpty, !path.utf8.contains(0),
              !segments.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else { return nil }
        return path
    }

    /// The folder layout `pureyaml schemas fetch --mirror-folder` writes (docs/schemas.md): the URL's host
    /// (with `:port` when the URL names one), then its path, percent-decoded: `https://json.schemastore.org/a.json`
    /// is `json.schemastore.org/a.json`. Returns the relative path and the prefix -> folder entry that reads it
    /// back (`https://json.schemastore.org/` -> `json.schemastore.org/`); nil for a URL without a path that
    /// can name a file.
    static func layout(of url: String) -> (path: String, prefix: String, folder: String)? {
        guard TrustPolicy.isRemote(url), let schemeEnd = url.firstRange(of: "://") else { return nil }
        let afterScheme = url[schemeEnd.upperBound...]
        guard let slash = afterScheme.firstIndex(of: "/") else { return nil }
        let authority = afterScheme[..<slash]
        guard !authority.isEmpty, !authority.contains("@"), authority != ".", authority != "..",
              let rest = relativePath(String(afterScheme[afterScheme.index(after: slash)...])) else { return nil }
        let host = authority.lowercased()
        return (host + "/" + rest, String(url[..<schemeEnd.upperBound]) + authority + "/", host + "/")
    }
}
