import YAMLComposer

/// A SchemaStore-format catalog (`{"schemas": [{"name", "url", "fileMatch": [...]}, ...]}`), reduced to
/// the entries that apply to YAML files, as yaml-language-server does: a `fileMatch` glob is kept when it
/// mentions `.yml` or `.yaml`.
public struct SchemaCatalog: Sendable, Hashable {
    /// One catalog entry that names YAML files.
    public struct Entry: Sendable, Hashable {
        /// The human name, e.g. `GitHub Workflow`.
        public let name: String
        /// The schema URL.
        public let url: String
        /// The YAML globs of its `fileMatch`.
        public let fileMatch: [SchemaGlob]

        /// Creates an entry.
        public init(name: String, url: String, fileMatch: [SchemaGlob]) {
            self.name = name
            self.url = url
            self.fileMatch = fileMatch
        }
    }

    /// Entries in catalog order.
    public let entries: [Entry]

    /// Creates a catalog from entries.
    public init(entries: [Entry]) { self.entries = entries }

    /// Reads catalog text (JSON, or YAML with the same shape).
    /// - Throws: ``SchemaTextError`` when the text is malformed or has no `schemas` array.
    public init(text: [UInt8]) throws(SchemaTextError) {
        guard case .object(let root) = try SchemaText.parse(text),
              case .array(let schemas)? = root.first(where: { $0.key == "schemas" })?.value else {
            throw SchemaTextError(range: nil, message: "the catalog has no \"schemas\" array")
        }
        var out: [Entry] = []
        for case .object(let members) in schemas {
            func string(_ key: String) -> String? {
                if case .string(let s)? = members.first(where: { $0.key == key })?.value { return s }
                return nil
            }
            guard let url = string("url"),
                  case .array(let matches)? = members.first(where: { $0.key == "fileMatch" })?.value else { continue }
            let globs = matches.compactMap { value -> SchemaGlob? in
                guard case .string(let g) = value, g.contains(".yml") || g.contains(".yaml") else { return nil }
                return SchemaGlob(g)
            }
            if !globs.isEmpty { out.append(Entry(name: string("name") ?? url, url: url, fileMatch: globs)) }
        }
        entries = out
    }

    /// The first entry (and its glob) that matches `path`, or nil. Negated globs (`!pattern`) exclude.
    public func entry(matching path: String) -> (entry: Entry, glob: SchemaGlob)? {
        for entry in entries {
            if let glob = SchemaGlob.firstMatch(entry.fileMatch, path: path) { return (entry, glob) }
        }
        return nil
    }
}

extension SchemaGlob {
    /// The first non-negated glob of `globs` matching `path`, unless a negated one (`!pattern`) matches too.
    public static func firstMatch(_ globs: [SchemaGlob], path: String) -> SchemaGlob? {
        var hit: SchemaGlob?
        for g in globs {
            if g.pattern.hasPrefix("!") {
                if SchemaGlob(String(g.pattern.dropFirst())).matches(path) { return nil }
            } else if hit == nil, g.matches(path) {
                hit = g
            }
        }
        return hit
    }
}
