import Foundation

/// A persistent cache of downloaded schemas: one body file and one metadata file (URL, `ETag`,
/// `Last-Modified`) per URL, named by a 64-bit FNV-1a hash of the URL. Default folder:
/// `$XDG_CACHE_HOME/pureyaml/schemas`, else `~/.cache/pureyaml/schemas`.
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

    /// A cache in `directory` (created on first write).
    public init(directory: URL) { self.directory = directory }

    /// The default folder from the environment: `XDG_CACHE_HOME`, else `HOME/.cache`, plus
    /// `pureyaml/schemas`; nil when neither variable is set.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
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
        return Entry(body: [UInt8](body), etag: meta["etag"], lastModified: meta["lastModified"])
    }

    /// Stores `entry` for `url`. Failures (read-only disk, ...) are ignored: the cache is an optimisation.
    public func write(_ url: String, _ entry: Entry) {
        let (bodyFile, metaFile) = files(url)
        var meta = ["url": url]
        meta["etag"] = entry.etag
        meta["lastModified"] = entry.lastModified
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(entry.body).write(to: bodyFile, options: .atomic)
            try JSONSerialization.data(withJSONObject: meta, options: [.sortedKeys]).write(to: metaFile, options: .atomic)
        } catch {
            return
        }
    }

    private func files(_ url: String) -> (body: URL, meta: URL) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in url.utf8 { hash = (hash ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        let name = String(hash, radix: 16)
        return (directory.appendingPathComponent(name + ".body"), directory.appendingPathComponent(name + ".meta.json"))
    }
}
