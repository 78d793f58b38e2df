import Dispatch
import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import YAMLDocumentModel

/// Loads schemas and catalogs at the edge for the model's ``DocumentModel/schemaLoadRequests``: local
/// files (`file:` URIs or absolute paths) and `http(s)` URLs through `URLSession`, with a timeout, a size
/// limit and a persistent ``SchemaDiskCache``.
///
/// HTTP: a cached copy is revalidated with `If-None-Match`/`If-Modified-Since` (a `304` keeps it); when the
/// server cannot be reached, times out or answers 5xx, the cached copy is used as-is. With
/// ``Options/allowNetwork`` false nothing is downloaded, but cached copies are still used.
public final class SchemaLoader: Sendable {
    /// Limits and switches.
    public struct Options: Sendable {
        /// Seconds before an HTTP request is given up (default 10).
        public var timeout: TimeInterval = 10
        /// Largest accepted body, in bytes (default 20 MiB).
        public var maxBytes = 20 << 20
        /// Whether HTTP requests may be made (`yaml.schemaDownload.enable`).
        public var allowNetwork = true
        /// Whether HTTP requests may go to hosts other than the loopback interface. False when the
        /// environment variable `PUREYAML_NETWORK` is `loopback` (tests and air-gapped machines set it, so
        /// that nothing leaves the machine while local schema servers still work).
        public var allowRemoteHosts = ProcessInfo.processInfo.environment["PUREYAML_NETWORK"] != "loopback"
        /// The on-disk cache, nil for none.
        public var cache: SchemaDiskCache? = SchemaDiskCache.defaultDirectory().map(SchemaDiskCache.init)

        /// Default options.
        public init() {}
    }

    /// The options in force.
    public let options: Options
    /// The HTTP session, made by the first request that really goes to the network: creating a
    /// `URLSession` starts the networking stack (curl, TLS), which costs several MB of resident memory,
    /// so a server that never downloads (downloads disabled, `PUREYAML_NETWORK=loopback` for a remote
    /// host, no schema over HTTP) never pays for it.
    private let session = Mutex<URLSession?>(nil)

    /// A loader with `options`. Makes no network connection and no `URLSession`.
    public init(options: Options = Options()) {
        self.options = options
    }

    deinit { session.withLock { $0?.finishTasksAndInvalidate() } }

    /// The session, created on first use.
    private var sharedSession: URLSession {
        session.withLock { stored in
            if let stored { return stored }
            let configuration = URLSessionConfiguration.ephemeral
            configuration.urlCache = nil
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            configuration.timeoutIntervalForRequest = options.timeout
            configuration.timeoutIntervalForResource = options.timeout
            let made = URLSession(configuration: configuration)
            stored = made
            return made
        }
    }

    /// True once an HTTP request has created the session (for tests: a refused download must not).
    package var hasSession: Bool { session.withLock { $0 != nil } }

    /// Loads `uri` synchronously (blocks for at most about ``Options/timeout`` seconds). Never call it on
    /// the queue that serves the protocol; use ``load(_:completion:)`` there.
    public func load(_ uri: String) -> SchemaLoadResult {
        let lower = uri.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") { return loadHTTP(uri) }
        if lower.hasPrefix("file:") {
            guard let path = DocumentURI(uri).filePath else { return .failure(SchemaLoadFailure("not a local file URI")) }
            return loadFile(path)
        }
        if uri.hasPrefix("/") { return loadFile(uri) }
        return .failure(SchemaLoadFailure("unsupported location (expected an http(s) URL, a file URI or a path)"))
    }

    /// Loads `uri` on a background queue and calls `completion` there with the result.
    public func load(_ uri: String, completion: @escaping @Sendable (SchemaLoadResult) -> Void) {
        DispatchQueue.global().async { [self] in completion(load(uri)) }
    }

    /// Loads every schema `model` asks for, and what those `$ref`, performing
    /// ``Intent/schemaLoaded(_:_:)`` for each; each URI is tried once. For the command line.
    public func loadAll(into model: DocumentModel) {
        var attempted: Set<String> = []
        while let next = model.schemaLoadRequests.first(where: { !attempted.contains($0) }) {
            attempted.insert(next)
            model.perform(.schemaLoaded(next, load(next)))
        }
    }

    private func loadFile(_ path: String) -> SchemaLoadResult {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return .failure(SchemaLoadFailure("no such file"))
        }
        if let size = (try? fm.attributesOfItem(atPath: path))?[.size] as? NSNumber, size.intValue > options.maxBytes {
            return .failure(SchemaLoadFailure("the file is larger than \(options.maxBytes) bytes"))
        }
        guard let data = fm.contents(atPath: path) else { return .failure(SchemaLoadFailure("cannot read \(path)")) }
        return .success([UInt8](data))
    }

    private func loadHTTP(_ uri: String) -> SchemaLoadResult {
        let cached = options.cache?.read(uri)
        guard options.allowNetwork else {
            if let cached { return .success(cached.body) }
            return .failure(SchemaLoadFailure("downloads are disabled (the setting yaml.schemaDownload.enable is false, or check --offline) and no cached copy exists"))
        }
        guard let url = URL(string: uri) else { return .failure(SchemaLoadFailure("not a valid URL")) }
        if !options.allowRemoteHosts && !Self.isLoopback(url.host ?? "") {
            if let cached { return .success(cached.body) }
            return .failure(SchemaLoadFailure("downloads from \(url.host ?? "?") are disabled (PUREYAML_NETWORK=loopback) and no cached copy exists"))
        }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: options.timeout)
        if let etag = cached?.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let modified = cached?.lastModified { request.setValue(modified, forHTTPHeaderField: "If-Modified-Since") }
        let (data, response, error) = fetch(request)
        guard let http = response as? HTTPURLResponse, error == nil else {
            if let cached { return .success(cached.body) }
            return .failure(SchemaLoadFailure("cannot reach the server: \(error?.localizedDescription ?? "no response")"))
        }
        switch http.statusCode {
        case 304 where cached != nil:
            return .success(cached?.body ?? [])
        case 200..<300:
            let body = [UInt8](data ?? Data())
            guard body.count <= options.maxBytes else {
                return .failure(SchemaLoadFailure("the response is larger than \(options.maxBytes) bytes"))
            }
            options.cache?.write(uri, SchemaDiskCache.Entry(body: body, etag: http.value(forHTTPHeaderField: "ETag"),
                                                            lastModified: http.value(forHTTPHeaderField: "Last-Modified")))
            return .success(body)
        case 500...:
            if let cached { return .success(cached.body) }
            return .failure(SchemaLoadFailure("HTTP \(http.statusCode)"))
        default:
            return .failure(SchemaLoadFailure("HTTP \(http.statusCode)"))
        }
    }

    /// True for `localhost` and addresses of the loopback interface (127.0.0.0/8, ::1).
    static func isLoopback(_ host: String) -> Bool {
        let h = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        return h == "localhost" || h == "::1" || h.hasPrefix("127.")
    }

    /// One request, waited for.
    private func fetch(_ request: URLRequest) -> (Data?, URLResponse?, Error?) {
        final class Box: @unchecked Sendable { var value: (Data?, URLResponse?, Error?) = (nil, nil, nil) }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        sharedSession.dataTask(with: request) { data, response, error in
            box.value = (data, response, error)
            done.signal()
        }.resume()
        if done.wait(timeout: .now() + options.timeout + 2) == .timedOut {
            return (nil, nil, URLError(.timedOut))
        }
        return box.value
    }
}
