import YAMLSchema

/// Finds the files below a folder that hold CustomResourceDefinitions, through the model's
/// ``ModelEnvironment`` (so every listing and read passes its trust policy: nothing outside the folders
/// schemas may be read from, no symbolic link out of them), bounded:
///
/// - folders a `check` folder walk skips are skipped (``YAMLFileFilter/isSkippedDirectory(_:)``: `.git`,
///   `node_modules`, ...; and those a yamllint configuration's `ignore` excludes as a whole), each folder
///   is listed once (by its path with links resolved), at most ``maxDepth`` deep;
/// - only `*.yaml`, `*.yml` (as the folder walk takes them: a yamllint configuration's `ignore` applies)
///   and `*.json` files of at most ``ModelEnvironment/maxSchemaBytes`` are read;
/// - at most ``maxEntries`` names are looked at, ``maxFiles`` files and ``maxBytes`` bytes read in one search;
/// - a file is parsed only when its bytes contain `CustomResourceDefinition` (a cheap scan first).
struct DefinitionFileSearch {
    /// Names (files and folders) looked at per search, at most.
    static let maxEntries = 50_000
    /// Files read per search, at most.
    static let maxFiles = 5_000
    /// Bytes read per search, at most.
    static let maxBytes = 128 << 20
    /// Folder depth below the root, at most.
    static let maxDepth = 32

    let environment: ModelEnvironment
    private var filter: YAMLFileFilter
    private var entries = 0, files = 0, bytes = 0
    private var listed: Set<String> = []

    init(environment: ModelEnvironment) {
        self.environment = environment
        filter = YAMLFileFilter(lintEnvironment: LintEnvironment(environment))
    }

    /// True once a bound stopped a search: what was found so far is kept.
    var exhausted: Bool { entries >= Self.maxEntries || files >= Self.maxFiles || bytes >= Self.maxBytes }

    /// The files below the absolute folder `root` (in walk order, names sorted) whose text holds a
    /// CustomResourceDefinition, with their bytes; with `glob` (anchored, relative to `root`), only the files
    /// whose path relative to `root` it matches, and only folders a match can lie in are entered.
    mutating func definitionFiles(below root: String, matching glob: SchemaGlob? = nil) -> [(path: String, bytes: [UInt8])] {
        var found: [(path: String, bytes: [UInt8])] = []
        walk(root, relative: "", depth: 0, glob: glob, into: &found)
        return found
    }

    private mutating func walk(_ folder: String, relative: String, depth: Int, glob: SchemaGlob?,
                               into found: inout [(path: String, bytes: [UInt8])]) {
        guard depth <= Self.maxDepth, !exhausted, listed.insert(environment.resolvingLinks(folder)).inserted,
              let names = environment.listFolder(folder) else { return }
        for name in names.sorted() {
            guard !exhausted else { return }
            entries += 1
            let path = folder == "/" ? "/" + name : folder + "/" + name
            let inner = relative.isEmpty ? name : relative + "/" + name
            switch environment.kind(path) {
            case .folder?:
                guard !YAMLFileFilter.isSkippedDirectory(name), !filter.excludes(folderNamed: name, inFolder: folder) else { continue }
                if let glob, !glob.matches(inner + "/", prefix: true) { continue }
                walk(path, relative: inner, depth: depth + 1, glob: glob, into: &found)
            case .file(let size)?:
                guard size <= environment.maxSchemaBytes, takes(name, in: folder), glob?.matches(inner) ?? true else { continue }
                files += 1
                guard let content = environment.readFile(path) else { continue }
                bytes += content.count
                if Self.mayHoldDefinition(content) { found.append((path, content)) }
            case nil:
                continue
            }
        }
    }

    /// True for the files a search reads: `*.json`, and the YAML files a folder walk takes.
    private mutating func takes(_ name: String, in folder: String) -> Bool {
        if name.lowercased().hasSuffix(".json") { return true }
        return YAMLFileFilter.isYAMLFile(name) && filter.includes(fileNamed: name, inFolder: folder)
    }

    /// True when `bytes` contain `CustomResourceDefinition` (a definition's `kind`), without parsing.
    static func mayHoldDefinition(_ bytes: [UInt8]) -> Bool {
        let needle = Array("CustomResourceDefinition".utf8)
        guard bytes.count >= needle.count else { return false }
        var i = 0
        let last = bytes.count - needle.count
        while i <= last {
            if bytes[i] == needle[0] {
                var j = 1
                while j < needle.count && bytes[i + j] == needle[j] { j += 1 }
                if j == needle.count { return true }
            }
            i += 1
        }
        return false
    }
}
