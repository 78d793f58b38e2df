import Foundation

/// A persistent cache of downloaded schemas, in a stable format (docs/schemas.md, "The download cache"):
/// per URL, `<hash>.body` (the bytes as received) and `<hash>.meta.json` (a JSON object of strings: `url`,
/// and when known `etag`, `lastModified`, `size` in bytes, `stored` as an ISO 8601 UTC time), where
/// `<hash>` is the 64-bit FNV-1a hash of the URL's UTF-8 bytes in lowercase hexadecimal without leading
/// zeros. The metadata files are the cache's index (``index()``). Default folder:
/// `$XDG_CACHE_HOME/pureyaml/schemas`, else `~/.cache/pureyaml/schemas`.
///
/// Bounded: when the bodies in the folder pass ``maxBytes`` after a write, the least recently used entries
/// (by the modification time of their metadata file, which a read or a `304` refreshes) are deleted until
/// they fit again; a body larger than the limit is not stored.
///
/// Safe to share between threads and processes: files are written atomically; a damaged entry reads as
/// absent.
public struct SchemaDiskCache: Sendable {
    /// One cached response.
    public struct Entry: Sendable, Equatable {
        /// The body bytes.
        public var body: [UInt8]
        /// The `ETag` response header, if any (sent back as `If-None-Match`).
        public var etag: String?
        /// The `Last-Modified` response header, if any (sent back as `If-Modified-Since`).
        public var lastModified: String?

        /// Creates an entry.
        public init(body: [UInt8], etag: String?, lastModified: String?) {
            self.body = body
            self.etag = etag
            self.lastModified = lastModified
        }
    }

    /// The folder holding the files.
    public let directory: URL

    /// The largest total size of the stored bodies, in bytes.
    public let maxBytes: Int

    /// 100 MiB, or `PUREYAML_CACHE_MAX_BYTES` when set to a number of 0 or more (0 stores nothing).
    public static func defaultMaxBytes(environment: [String: String] = ProcessEnvironment.variables(["PUREYAML_CACHE_MAX_BYTES"])) -> Int {
        environment["PUREYAML_CACHE_MAX_BYTES"].flatMap(Int.init).flatMap { $0 >= 0 ? $0 : nil } ?? 100 << 20
    }

    /// A cache in `directory` (created on first write) holding at most `maxBytes` of bodies.
    public init(directory: URL, maxBytes: Int = SchemaDiskCache.defaultMaxBytes()) {
        self.directory = directory
        self.maxBytes = maxBytes
    }

    /// The default folder from the environment: `XDG_CACHE_HOME`, else `HOME/.cache`, plus
    /// `pureyaml/schemas`; nil when neither variable is set.
    public static func defaultDirectory(environment: [String: String] = ProcessEnvironment.variables(["XDG_CACHE_HOME", "HOME"])) -> URL? {
        let base: String
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { base = xdg }
        else if let home = environment["HOME"], !home.isEmpty { base = home + "/.cache" }
        else { return nil }
        return URL(fileURLWithPath: base, isDirectory: true).appendingPathComponent("pureyaml/schemas", isDirectory: true)
    }

    /// The cached response for `url`, nil when absent or unreadable.
    public func read(_ url: String) -> Entry? {
        let (bodyFile, metaFile) = files(url)
        guard let body = FileManager.default.contents(atPath: bodyFile.path),
              let metaData = FileManager.default.contents(atPath: metaFile.path),
              let meta = try? JSONSerialization.jsonObject(with: metaData) as? [String: String],
              meta["url"] == url else { return nil }
        touch(url)
        return Entry(body: [UInt8](body), etag: meta["etag"], lastModified: meta["lastModified"])
    }

    /// Marks the entry for `url` as just used (for the least-recently-used eviction).
    public func touch(_ url: String) {
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: files(url).meta.path)
    }

    /// Stores `entry` for `url`, then evicts the least recently used entries past ``maxBytes``. Failures
    /// (read-only disk, ...) are ignored: the cache is an optimisation.
    public func write(_ url: String, _ entry: Entry) {
        guard entry.body.count <= maxBytes else { return }
        let (bodyFile, metaFile) = files(url)
        var meta = ["url": url, "size": String(entry.body.count), "stored": Self.timestamp(Date())]
        meta["etag"] = entry.etag
        meta["lastModified"] = entry.lastModified
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(entry.body).write(to: bodyFile, options: .atomic)
            try JSONSerialization.data(withJSONObject: meta, options: [.sortedKeys]).write(to: metaFile, options: .atomic)
        } catch {
            return
        }
        evict(keeping: bodyFile.lastPathComponent)
    }

    /// One entry of the cache's index (its metadata files).
    public struct IndexEntry: Sendable, Equatable {
        /// The URL the body was downloaded for (its identity, also when a mirror gave the bytes).
        public var url: String
        /// The body's size in bytes (of the body file).
        public var size: Int
        /// When the body was stored (written after a `200`), nil for an entry written without the time.
        public var stored: Date?
        /// When the entry was last used (read, or revalidated by a `304`): the metadata file's modification time.
        public var lastUsed: Date?
        /// The `ETag` and `Last-Modified` response headers, if any.
        public var etag: String?
        public var lastModified: String?
    }

    /// Every readable entry, sorted by URL (entries whose files are damaged or missing are left out).
    public func index() -> [IndexEntry] {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: directory.path) else { return [] }
        var out: [IndexEntry] = []
        for name in names where name.hasSuffix(".meta.json") {
            let stem = String(name.dropLast(".meta.json".count))
            let metaPath = directory.appendingPathComponent(name).path
            let bodyPath = directory.appendingPathComponent(stem + ".body").path
            guard let data = fm.contents(atPath: metaPath),
                  let meta = try? JSONSerialization.jsonObject(with: data) as? [String: String], let url = meta["url"],
                  files(url).meta.lastPathComponent == name,
                  let size = ((try? fm.attributesOfItem(atPath: bodyPath))?[.size] as? NSNumber)?.intValue else { continue }
            let used = (try? fm.attributesOfItem(atPath: metaPath))?[.modificationDate] as? Date
            out.append(IndexEntry(url: url, size: size, stored: meta["stored"].flatMap(Self.date), lastUsed: used,
                                  etag: meta["etag"], lastModified: meta["lastModified"]))
        }
        return out.sorted { $0.url < $1.url }
    }

    /// `date` as `2026-12-07T06:58:00Z`.
    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    private static func date(_ text: String) -> Date? { ISO8601DateFormatter().date(from: text) }

    /// Deletes the least recently used entries (never `kept`) until the bodies fit in ``maxBytes``.
    private func evict(keeping kept: String) {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: directory.path) else { return }
        var entries: [(name: String, size: Int, used: Date)] = []
        var total = 0
        for name in names where name.hasSuffix(".body") {
            let stem = String(name.dropLast(".body".count))
            let size = ((try? fm.attributesOfItem(atPath: directory.appendingPathComponent(name).path))?[.size] as? NSNumber)?.intValue ?? 0
            let used = (try? fm.attributesOfItem(atPath: directory.appendingPathComponent(stem + ".meta.json").path))?[.modificationDate] as? Date
            total += size
            entries.append((stem, size, used ?? .distantPast))
        }
        guard total > maxBytes else { return }
        for entry in entries.sorted(by: { $0.used < $1.used }) where total > maxBytes && entry.name + ".body" != kept {
            try? fm.removeItem(at: directory.appendingPathComponent(entry.name + ".meta.json"))
            try? fm.removeItem(at: directory.appendingPathComponent(entry.name + ".body"))
            total -= entry.size
        }
    }

    private func files(_ url: String) -> (body: URL, meta: URL) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in url.utf8 { hash = (hash ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        let name = String(hash, radix: 16)
        return (directory.appendingPathComponent(name + ".body"), directory.appendingPathComponent(name + ".meta.json"))
    }
}
